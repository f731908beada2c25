// Takes the editor screenshots of docs/n8n-node.md and docs/n8n-trigger.md from a real `npm start`:
// the Publish panel, Link → Create refusing a Days Valid of 400 (the error naming its field), and the
// Numero Trigger's panel with its URLs. They are regenerated, never edited by hand:
//   npm run docs:screenshots            (builds, starts `npm start` on a free port, stops it afterwards)
// The browser is scripts/e2e/editor-browser.ts's (Debian's Chromium, or CHROMIUM=/path/to/chromium).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { Editor } from '../../dist/scripts/e2e/editor-browser.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'docs/images');
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm start` on a free n8n port; resolves once it printed its summary (address and sign-in). */
function startDevEnvironment() {
	const port = String(20000 + Math.floor(Math.random() * 20000));
	const child = spawn('npm', ['start', '--', '--n8n-port', port], {
		cwd: ROOT,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let printed = '';
	return new Promise((resolve, reject) => {
		const timer = setTimeout(
			() => reject(new Error(`npm start did not get ready:\n${printed.slice(-2000)}`)),
			300_000,
		);
		const read = (chunk) => {
			printed += chunk.toString('utf8');
			if (!printed.includes('Ctrl-C stops everything')) return;
			clearTimeout(timer);
			const url = /^n8n\s+(http:\/\/\S+)/m.exec(printed)[1];
			const [, email, password] = /sign in\s+(\S+) \/ (\S+)/.exec(printed);
			resolve({ child, url, email, password });
		};
		child.stdout.on('data', read);
		child.stderr.on('data', read);
		child.once('exit', (code) =>
			reject(new Error(`npm start exited (${code}):\n${printed.slice(-2000)}`)),
		);
	});
}

const env = await startDevEnvironment();
const editor = await Editor.open(env.url, { email: env.email, password: env.password });
const shot = async (name) => {
	const file = path.join(OUT, name);
	await editor.screenshot(file);
	console.log(path.relative(ROOT, file));
};
try {
	fs.mkdirSync(OUT, { recursive: true });
	const apiCredential = await editor.credential('numeroApi');

	// The Publish panel, with the fields a publisher fills in.
	const publish = await editor.workflowWithNumeroNode(
		'Docs: publish an issue',
		{
			resource: 'issue',
			operation: 'publish',
			title: 'La Gazette du Port, novembre 2026',
			periodicalMode: 'existing',
			periodical: 'gazette',
			additionalFields: { releaseMonth: '2026-11', access: 'abonnes' },
		},
		apiCredential,
	);
	await editor.openNode(publish, 'Numero');
	await shot('n8n-publish-panel.png');

	// Link → Create with a Days Valid of 400: typed, kept, and refused naming the field.
	const link = await editor.workflowWithNumeroNode(
		'Docs: a reading link',
		{
			resource: 'link',
			operation: 'create',
			issueId: {
				__rl: true,
				mode: 'list',
				value: 'numero.press:gazette-2026-10',
				cachedResultName: '2026-10-01 · La Gazette du Port, octobre 2026',
			},
			reference: 'sub_1042',
			additionalFields: { days: 400 },
		},
		apiCredential,
	);
	await editor.openNode(link, 'Numero');
	await editor.executeNodeForError();
	await pause(2500);
	await shot('n8n-error-names-its-field.png');

	// The trigger's panel with its Test and Production URLs and the help on sending a test event.
	const workflows = (await editor.rest('GET', '/rest/workflows')).json.data;
	const withTrigger =
		workflows.find((w) => w.nodes?.some((n) => n.type === 'n8n-nodes-numero.numeroTrigger')) ??
		workflows.find((w) => /newsletter/i.test(w.name));
	await editor.openNode(withTrigger.id, 'Issue Published');
	await editor.clickText('Webhook URLs');
	await editor.clickText('When will this node trigger my flow?');
	await shot('n8n-trigger-panel.png');
} finally {
	await editor.close();
	env.child.kill('SIGTERM');
}
