/**
 * The three workflows our users build, end to end in a real n8n (2.40.7, installed by
 * scripts/e2e/install-n8n.sh) with this package installed from its npm tarball, against a numero
 * sandbox: imported and published through n8n's CLI, checked in the sandbox's state and n8n's
 * executions. Run by n8n-workflows.e2e.test.ts (one n8n process, SQLite) and queue-mode.e2e.test.ts
 * (n8n's queue mode: main, webhook processes behind a load balancer, workers, PostgreSQL, Redis).
 *
 * Between the sandbox and n8n's webhook sits a loopback relay that can lose n8n's answer, so a
 * delivery n8n has handled is retried by the sandbox, as happens on a real network.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { bytesSource, publishIssue, signWebhook } from '../../../shared';
import { createClient } from '../../../standalone';
import { samplePdf } from '../../../sandbox/reader/sample-files';
import { startN8nEnvironment, type N8nEnvironment } from '../../../scripts/e2e/n8n-environment';
import {
	startNewsletterStandIn,
	type NewsletterStandIn,
} from '../../../scripts/e2e/newsletter-stand-in';
import { SandboxAdmin, type Delivery } from '../../../scripts/e2e/sandbox-admin';
import { startLossyRelay, type LossyRelay } from './lossy-relay';
import { waitFor } from './wait-for';

export type N8nMode = 'regular' | 'queue';

/** Which n8n process ran an execution, from the process logs (a worker logs "Worker started execution <id>"). */
function processThatRan(env: N8nEnvironment, executionId: string): string {
	const started = new RegExp(`Worker started execution ${executionId} \\(`);
	const worker = env.queue?.workers.find((candidate) =>
		started.test(fs.readFileSync(candidate.logFile, 'utf8')),
	);
	return worker ? `worker ${path.basename(worker.logFile, '.log')}` : 'main';
}

export function defineUserFlows(mode: N8nMode): void {
	let env: N8nEnvironment;
	let newsletter: NewsletterStandIn;
	let relay: LossyRelay;
	let admin: SandboxAdmin;

	beforeAll(async () => {
		newsletter = await startNewsletterStandIn();
		let n8nOrigin = '';
		relay = await startLossyRelay(() => n8nOrigin);
		env = await startN8nEnvironment({
			sandbox: { rateLimit: 0 },
			newsletterUrl: newsletter.url,
			...(mode === 'queue' ? { queue: { webhookProcesses: 2, workers: 2 } } : {}),
			webhookTarget: (triggerUrl) => {
				const url = new URL(triggerUrl);
				n8nOrigin = url.origin;
				return relay.url(url.pathname);
			},
		});
		admin = new SandboxAdmin(env.sandbox);
	});

	afterAll(async () => {
		await env?.stop();
		await relay?.close();
		await newsletter?.close();
	});

	async function executionsOf(workflowId: string) {
		const executions = await env.n8n.rest.executions(workflowId);
		return Promise.all(executions.map((execution) => env.n8n.rest.execution(execution.id)));
	}

	/** Waits until the workflow has `count` finished executions, and returns them. */
	async function finishedExecutions(workflowId: string, count: number) {
		return waitFor(`${count} finished executions of ${workflowId}`, async () => {
			const executions = await env.n8n.rest.executions(workflowId);
			const finished = executions.filter(
				(execution) => !['new', 'running', 'waiting'].includes(execution.status),
			);
			return finished.length >= count ? executionsOf(workflowId) : undefined;
		});
	}

	const callsFor = (eventId: string) =>
		newsletter.calls.filter((call) => (call.body as { event_id?: string }).event_id === eventId);

	function sha256(bytes: Buffer): string {
		return createHash('sha256').update(bytes).digest('hex');
	}

	/** A file copied into the drop folder the way a file manager finishes a copy: complete, then renamed in. */
	function dropIntoFolder(name: string, bytes: Buffer): void {
		const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'numero-drop-'));
		fs.writeFileSync(path.join(staging, name), bytes);
		fs.renameSync(path.join(staging, name), path.join(env.dropFolder, name));
		fs.rmSync(staging, { recursive: true, force: true });
	}

	async function publishThroughApi(titre: string) {
		const client = createClient({
			baseUrl: env.sandbox.baseUrl,
			apiKey: env.sandbox.keys.full,
			userAgent: 'numero-e2e/1.0',
		});
		return publishIssue(client, {
			pdf: bytesSource(samplePdf(titre, 2), 'issue.pdf'),
			fields: { titre, publication: 'gazette' },
		});
	}

	/** The numero.publie event of an issue, and its deliveries to the trigger, oldest first. */
	async function deliveriesOfIssue(issueId: string): Promise<Delivery[]> {
		const eventId = await waitFor(`the numero.publie event of ${issueId}`, async () => {
			const events = await admin.events();
			return events.find(
				(event) => event.type === 'numero.publie' && event.body.donnees.id === issueId,
			)?.id;
		});
		return waitFor(`a delivery of ${eventId}`, async () => {
			const deliveries = (await admin.deliveries(env.webhookEndpoint.id)).filter(
				(delivery) => delivery.eventId === eventId,
			);
			return deliveries.length > 0 ? deliveries.reverse() : undefined;
		});
	}

	/** Executions of the drop-folder workflow whose Local File Trigger fired for this file. */
	async function dropExecutionsFor(fileName: string) {
		const filePath = path.join(env.dropFolder, fileName);
		const executions = await executionsOf(env.workflows.dropFolder.id);
		return executions.filter((execution) =>
			(execution.outputs['PDF Dropped In Folder'] ?? []).some(
				(item) => (item as { path?: string }).path === filePath,
			),
		);
	}

	/**
	 * n8n's Local File Trigger ignores files added while its watcher is still scanning the folder (they
	 * count as already there), so the test first waits until a probe file starts an execution.
	 */
	async function waitForFolderWatcher(): Promise<void> {
		const probe = path.join(env.dropFolder, 'watcher-check.txt');
		let droppedAt = 0;
		await waitFor('the Local File Trigger to watch the folder', async () => {
			if ((await dropExecutionsFor('watcher-check.txt')).length > 0) return true;
			if (Date.now() - droppedAt > 5000) {
				fs.rmSync(probe, { force: true });
				dropIntoFolder('watcher-check.txt', Buffer.from('probe'));
				droppedAt = Date.now();
			}
			return undefined;
		});
	}

	test('n8n loads the package as a community package: both nodes, their icons and codex', async () => {
		const types = await env.n8n.rest.nodeTypes();
		for (const name of ['n8n-nodes-numero.numero', 'n8n-nodes-numero.numeroTrigger']) {
			const type = types.find((candidate) => candidate.name === name);
			expect(type?.codex?.categories).toEqual(['Marketing', 'Productivity']);
			const icons = type?.iconUrl as { light: string; dark: string };
			for (const icon of [icons.light, icons.dark]) {
				const response = await fetch(`${env.n8n.url}/${icon}`);
				expect([icon, response.status, response.headers.get('content-type')]).toEqual([
					icon,
					200,
					'image/svg+xml',
				]);
			}
		}
	});

	describe('drop folder → issue (Local File Trigger, Read/Write Files from Disk, Numero: Issue → Publish)', () => {
		test('a PDF dropped in the folder becomes one issue of the periodical; other files publish nothing', async () => {
			await waitForFolderWatcher();
			const pdf = samplePdf('Gazette du Port, numéro spécial', 3);
			const before = (await admin.state()).issues.length;

			dropIntoFolder('Gazette du Port - numero special.pdf', pdf);
			dropIntoFolder('notes de la redaction.txt', Buffer.from('not an issue'));

			const [pdfRun] = await waitFor('the execution for the PDF', async () => {
				const runs = await dropExecutionsFor('Gazette du Port - numero special.pdf');
				return runs.length > 0 && runs.every((run) => run.status !== 'running') ? runs : undefined;
			});
			const [textRun] = await waitFor('the execution for the text file', async () => {
				const runs = await dropExecutionsFor('notes de la redaction.txt');
				return runs.length > 0 && runs.every((run) => run.status !== 'running') ? runs : undefined;
			});
			expect(pdfRun).toEqual(
				expect.objectContaining({
					status: 'success',
					nodesRun: expect.arrayContaining(['Publish Issue']),
				}),
			);
			expect(pdfRun!.error).toBeUndefined();
			// In queue mode the main instance's Local File Trigger only starts the execution: a worker runs it.
			expect(processThatRan(env, pdfRun!.id)).toMatch(
				mode === 'queue' ? /^worker n8n-worker-\d$/ : /^main$/,
			);
			expect(textRun).toEqual(expect.objectContaining({ status: 'success' }));
			expect(textRun!.nodesRun).not.toContain('Read PDF');
			expect(textRun!.nodesRun).not.toContain('Publish Issue');

			const { issues } = await admin.state();
			expect(issues).toHaveLength(before + 1);
			const published = issues.filter(
				(issue) => issue.titre === 'Gazette du Port - numero special',
			);
			expect(published).toEqual([
				expect.objectContaining({
					publication: expect.objectContaining({ code: 'gazette' }),
					statut: 'en_ligne',
					sha256: sha256(pdf),
					taille: pdf.length,
					nom_fichier: 'Gazette du Port - numero special.pdf',
				}),
			]);
			// Each file started one execution.
			expect(await dropExecutionsFor('Gazette du Port - numero special.pdf')).toHaveLength(1);
			expect(await dropExecutionsFor('notes de la redaction.txt')).toHaveLength(1);

			// Its numero.publie event went on to the newsletter workflow, once.
			const [delivery] = await deliveriesOfIssue(published[0]!.id);
			await waitFor('the newsletter call of the dropped issue', () =>
				callsFor(delivery!.eventId).length > 0 ? true : undefined,
			);
			expect(callsFor(delivery!.eventId)).toHaveLength(1);
		});
	});

	describe('CRM → reading link (Webhook, Numero: Link → Create, Respond to Webhook)', () => {
		test("the CRM's request is answered with a working reading link for the subscriber", async () => {
			const issueId = 'numero.press:gazette-2026-10';
			const response = await fetch(env.workflows.readingLink.url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ subscriber: 'sub_1042', issue: issueId }),
			});
			expect(response.status).toBe(200);
			const link = (await response.json()) as { url: string; expire_le: string };
			expect(Object.keys(link).sort()).toEqual(['expire_le', 'url']);
			expect(new Date(link.expire_le).getTime()).toBeGreaterThan(Date.now());

			const page = await fetch(link.url);
			expect(page.status).toBe(200);
			expect(page.headers.get('content-type')).toMatch(/text\/html/);
			expect(await page.text()).toContain('La Gazette du Port, octobre 2026');

			const { links } = await admin.state();
			const created = links.filter((candidate) => link.url.includes(candidate.id));
			expect(created).toEqual([
				expect.objectContaining({ issueId, revoked: false, fingerprint: expect.any(String) }),
			]);
			expect(JSON.stringify(links)).not.toContain('sub_1042');

			const [execution] = await finishedExecutions(env.workflows.readingLink.id, 1);
			expect(execution).toEqual(expect.objectContaining({ status: 'success' }));
			expect(processThatRan(env, execution!.id)).toMatch(mode === 'queue' ? /^worker / : /^main$/);
		});

		test('a request without an issue fails in n8n before any link is created', async () => {
			const linksBefore = (await admin.state()).links.length;
			const response = await fetch(env.workflows.readingLink.url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ subscriber: 'sub_1042' }),
			});
			expect(response.status).toBeGreaterThanOrEqual(500);
			const executions = await finishedExecutions(env.workflows.readingLink.id, 2);
			expect(executions[0]).toEqual(
				expect.objectContaining({ status: 'error', error: expect.stringMatching(/issue|id/i) }),
			);
			expect((await admin.state()).links).toHaveLength(linksBefore);
		});
	});

	describe('published → newsletter (Numero Trigger, HTTP Request)', () => {
		test('one newsletter call per published issue, though its delivery is retried and resent', async () => {
			const executionsBefore = (await env.n8n.rest.executions(env.workflows.newsletter.id)).length;
			relay.loseNextAnswers(1);
			const { numero } = await publishThroughApi('La Gazette du Port, édition du soir');

			// n8n got the first delivery and ran the workflow, but the sandbox never saw its answer.
			const [first] = await waitFor('the first delivery to fail', async () => {
				const deliveries = await deliveriesOfIssue(numero.id);
				return deliveries.some((delivery) => delivery.status === 'failed') ? deliveries : undefined;
			});
			expect(first).toEqual(
				expect.objectContaining({ attempt: 1, status: 'failed', nextRetryAt: expect.any(String) }),
			);
			const eventId = first!.eventId;
			await waitFor('the newsletter call of the first delivery', () =>
				callsFor(eventId).length > 0 ? true : undefined,
			);

			// One minute later (sandbox clock) the sandbox retries: same event id, new signature.
			await admin.advanceClock(60);
			const retry = (await admin.deliveries(env.webhookEndpoint.id)).find(
				(delivery) => delivery.eventId === eventId && delivery.trigger === 'retry',
			);
			expect(retry).toEqual(expect.objectContaining({ status: 'succeeded', responseStatus: 200 }));
			expect(JSON.parse(retry!.responseBody!)).toEqual({
				received: true,
				ignored: 'duplicate',
				id: eventId,
			});

			// The publisher presses "resend" in the delivery log.
			const resent = await admin.resend(env.webhookEndpoint.id, first!.id);
			expect(resent).toEqual(
				expect.objectContaining({ status: 'succeeded', responseStatus: 200, eventId }),
			);
			expect(JSON.parse(resent.responseBody!)).toEqual({
				received: true,
				ignored: 'duplicate',
				id: eventId,
			});

			// Another issue afterwards: once its call is there, nothing from the first event can still be on its way.
			const second = await publishThroughApi('La Gazette du Port, supplément');
			const [secondDelivery] = await deliveriesOfIssue(second.numero.id);
			await waitFor('the newsletter call of the second issue', () =>
				callsFor(secondDelivery!.eventId).length > 0 ? true : undefined,
			);

			expect(callsFor(eventId)).toHaveLength(1);
			expect(callsFor(eventId)[0]!.body).toEqual({
				event_id: eventId,
				issue_id: numero.id,
				title: 'La Gazette du Port, édition du soir',
				periodical: 'La Gazette du Port',
				page: numero.page_publique,
			});
			expect(callsFor(secondDelivery!.eventId)).toHaveLength(1);
			const executions = await finishedExecutions(
				env.workflows.newsletter.id,
				executionsBefore + 2,
			);
			expect(executions).toHaveLength(executionsBefore + 2);
			expect(executions.every((execution) => execution.status === 'success')).toBe(true);
			expect(executions.every((execution) => processThatRan(env, execution.id) !== 'main')).toBe(
				mode === 'queue',
			);
		});

		test('after n8n restarts, a resend of an event already handled still starts nothing', async () => {
			const { numero } = await publishThroughApi('La Gazette du Port, avant redémarrage');
			const [delivery] = await deliveriesOfIssue(numero.id);
			await waitFor('the newsletter call before the restart', () =>
				callsFor(delivery!.eventId).length > 0 ? true : undefined,
			);
			const executionsBefore = await finishedExecutions(env.workflows.newsletter.id, 1);

			await env.restartN8n();
			const resent = await admin.resend(env.webhookEndpoint.id, delivery!.id);
			expect(resent).toEqual(expect.objectContaining({ status: 'succeeded', responseStatus: 200 }));
			expect(JSON.parse(resent.responseBody!)).toEqual({
				received: true,
				ignored: 'duplicate',
				id: delivery!.eventId,
			});

			const after = await publishThroughApi('La Gazette du Port, après redémarrage');
			const [afterDelivery] = await deliveriesOfIssue(after.numero.id);
			await waitFor('the newsletter call after the restart', () =>
				callsFor(afterDelivery!.eventId).length > 0 ? true : undefined,
			);
			expect(callsFor(delivery!.eventId)).toHaveLength(1);
			expect(
				await finishedExecutions(env.workflows.newsletter.id, executionsBefore.length + 1),
			).toHaveLength(executionsBefore.length + 1);
		});

		test('forged, altered, stale, future-dated and unsigned deliveries are answered 401 and start nothing', async () => {
			const executionsBefore = (await env.n8n.rest.executions(env.workflows.newsletter.id)).length;
			const callsBefore = newsletter.calls.length;
			const now = Math.floor(Date.now() / 1000);
			const envelope = (id: string) =>
				JSON.stringify({
					id,
					type: 'numero.publie',
					cree_le: new Date().toISOString(),
					donnees: {
						id: 'numero.press:faux-numero',
						titre: 'Faux numéro',
						publication: { code: 'gazette', nom: 'La Gazette du Port' },
						date: null,
						pages: 1,
						page_publique: 'https://numero.press/faux',
						statut: 'en_ligne',
					},
				});
			const secret = env.webhookEndpoint.secret;
			const forged = envelope('evt_forged');
			const attempts: Array<[string, string, string | undefined]> = [
				[
					'another secret',
					forged,
					signWebhook({
						payload: forged,
						secret: `whsec_${randomBytes(24).toString('base64url').slice(0, 32)}`,
						timestamp: now,
					}),
				],
				[
					'altered body',
					envelope('evt_altered'),
					signWebhook({ payload: envelope('evt_original'), secret, timestamp: now }),
				],
				[
					'stale',
					envelope('evt_stale'),
					signWebhook({ payload: envelope('evt_stale'), secret, timestamp: now - 600 }),
				],
				[
					'future-dated',
					envelope('evt_future'),
					signWebhook({ payload: envelope('evt_future'), secret, timestamp: now + 600 }),
				],
				['unsigned', envelope('evt_unsigned'), undefined],
			];
			for (const [label, body, signature] of attempts) {
				const response = await fetch(env.workflows.newsletter.triggerUrl, {
					method: 'POST',
					headers: {
						'content-type': 'application/json',
						...(signature ? { 'service-signature': signature } : {}),
					},
					body,
				});
				expect([label, response.status, await response.text()]).toEqual([
					label,
					401,
					'Unauthorized',
				]);
			}

			// A genuine delivery afterwards is the only one that runs.
			const genuine = envelope(`evt_${randomBytes(12).toString('hex')}`);
			const accepted = await fetch(env.workflows.newsletter.triggerUrl, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					'service-signature': signWebhook({ payload: genuine, secret, timestamp: now }),
				},
				body: genuine,
			});
			expect(accepted.status).toBe(200);
			const genuineId = (JSON.parse(genuine) as { id: string }).id;
			await waitFor('the genuine delivery to reach the newsletter', () =>
				callsFor(genuineId).length > 0 ? true : undefined,
			);
			const executions = await finishedExecutions(
				env.workflows.newsletter.id,
				executionsBefore + 1,
			);
			expect(executions).toHaveLength(executionsBefore + 1);
			expect(
				newsletter.calls
					.slice(callsBefore)
					.map((call) => (call.body as { event_id: string }).event_id),
			).toEqual([genuineId]);
		});

		test("the integrations area's test event is acknowledged without starting the workflow", async () => {
			const executionsBefore = (await env.n8n.rest.executions(env.workflows.newsletter.id)).length;
			const delivery = await admin.sendTest(env.webhookEndpoint.id);
			expect(delivery).toEqual(
				expect.objectContaining({
					eventType: 'numero.test',
					status: 'succeeded',
					responseStatus: 200,
				}),
			);
			expect(JSON.parse(delivery.responseBody!)).toEqual({
				received: true,
				ignored: 'test_event',
				id: delivery.eventId,
			});

			const { numero } = await publishThroughApi('La Gazette du Port, hors-série');
			const [after] = await deliveriesOfIssue(numero.id);
			await waitFor('the newsletter call after the test event', () =>
				callsFor(after!.eventId).length > 0 ? true : undefined,
			);
			expect(callsFor(delivery.eventId)).toHaveLength(0);
			expect(
				await finishedExecutions(env.workflows.newsletter.id, executionsBefore + 1),
			).toHaveLength(executionsBefore + 1);
		});
	});

	test("n8n's logs (every process's) hold neither the API key nor the signing secret", () => {
		const logFiles = [
			env.n8n.logFile,
			...[...(env.queue?.webhooks ?? []), ...(env.queue?.workers ?? [])].map(
				(process) => process.logFile,
			),
		];
		expect(logFiles).toHaveLength(mode === 'queue' ? 5 : 1);
		for (const logFile of logFiles) {
			const log = fs.readFileSync(logFile, 'utf8');
			expect(log).not.toContain(env.sandbox.keys.full);
			expect(log).not.toContain(env.webhookEndpoint.secret);
		}
	});
}
