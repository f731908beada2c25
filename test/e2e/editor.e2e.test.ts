/**
 * What a publisher sees in n8n's editor, checked in a real browser (headless Chromium) against a real
 * n8n with the package installed and the sandbox behind it: the fields filled from numero, an error
 * headline that names the field as the screen does, and the trigger's URLs and test-event help.
 */
import { Editor } from '../../scripts/e2e/editor-browser';
import { startN8nEnvironment, type N8nEnvironment } from '../../scripts/e2e/n8n-environment';
import {
	startNewsletterStandIn,
	type NewsletterStandIn,
} from '../../scripts/e2e/newsletter-stand-in';
import { SandboxAdmin } from '../../scripts/e2e/sandbox-admin';

let env: N8nEnvironment;
let newsletter: NewsletterStandIn;
let editor: Editor;

beforeAll(async () => {
	newsletter = await startNewsletterStandIn();
	env = await startN8nEnvironment({ sandbox: { rateLimit: 0 }, newsletterUrl: newsletter.url });
	editor = await Editor.open(env.n8n.url, env.n8n.owner);
});

afterAll(async () => {
	await editor?.close();
	await env?.stop();
	await newsletter?.close();
});

test("Issue → Publish lists the account's periodicals from numero in Periodical Name or ID", async () => {
	const workflow = await editor.workflowWithNumeroNode(
		'Editor test: publish',
		{
			resource: 'issue',
			operation: 'publish',
			title: 'La Gazette du Port, novembre 2026',
			periodicalMode: 'existing',
			periodical: 'gazette',
		},
		await editor.credential('numeroApi'),
	);
	await editor.openNode(workflow, 'Numero');
	expect(await editor.fieldValue('Periodical Name or ID')).toBe('La Gazette du Port');
	expect(await editor.panelText()).not.toMatch(/Error fetching options/);
});

test('a Days Valid of 400 is kept as typed and refused by a headline naming Days Valid; nothing reaches numero', async () => {
	const workflow = await editor.workflowWithNumeroNode(
		'Editor test: reading link',
		{
			resource: 'link',
			operation: 'create',
			issueId: { __rl: true, mode: 'id', value: 'numero.press:gazette-2026-10' },
			reference: 'sub_1042',
			additionalFields: { days: 400 },
		},
		await editor.credential('numeroApi'),
	);
	await editor.openNode(workflow, 'Numero');
	expect(await editor.fieldValue('Days Valid')).toBe('400');
	const admin = new SandboxAdmin(env.sandbox);
	const linksAsked = async () => (await admin.requestCounts()).byRoute['POST /liens'] ?? 0;
	const before = await linksAsked();
	expect(await editor.executeNodeForError()).toBe(
		'Days Valid must be a whole number from 1 to 365; got 400. Nothing was sent to numero.',
	);
	expect(await linksAsked()).toBe(before);
});

test("the trigger's panel shows its Test and Production URLs and how to send a test event", async () => {
	await editor.openNode(env.workflows.newsletter.id, 'Issue Published');
	await editor.clickText('Webhook URLs');
	const testUrlShown = await editor.panelText();
	expect(testUrlShown).toMatch(/\/webhook-test\/\S+\/webhook/);
	await editor.clickText('Production URL');
	expect(await editor.panelText()).toContain(env.workflows.newsletter.triggerUrl);
	await editor.clickText('When will this node trigger my flow?');
	expect(await editor.panelText()).toMatch(
		/To send a test event[^]*numero trigger numero\.publie --to <Test URL>/,
	);
});
