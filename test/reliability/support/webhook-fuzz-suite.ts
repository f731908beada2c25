/**
 * The webhook fuzz's jest tests, for the full run (webhook-fuzz.test.ts: 10,000 deliveries, a real
 * n8n) and the quick seed-fixed run of the everyday suite (webhook-fuzz.quick.test.ts: the core and
 * the Zapier hook only).
 */
import * as fs from 'node:fs';

import { startN8nEnvironment, type N8nEnvironment } from '../../../scripts/e2e/n8n-environment';
import {
	startNewsletterStandIn,
	type NewsletterStandIn,
} from '../../../scripts/e2e/newsletter-stand-in';
import { canaryKeys } from './canary-secrets';
import { runRealN8nWorkflows } from './real-n8n-workflows';
import { recordPart, type ResultRow } from './results';
import { SecretScan } from './secret-scan';
import { SECRETS_PROMISE, secretsRow } from './secret-operations';
import { runPool } from './run-pool';
import { seededRandom } from './seeded-random';
import {
	CATEGORY,
	deliveryStream,
	newSigningSecret,
	type Delivery,
	type DeliveryKind,
	type Secrets,
} from './webhook-deliveries';
import {
	coreReceiver,
	fuzzHeld,
	kindRows,
	n8nReceiver,
	tallyFuzz,
	zapierReceiver,
	type Answer,
	type Receiver,
} from './webhook-receivers';

export interface WebhookFuzzSize {
	seed: number;
	core: number;
	zapier: number;
	/** 0: no real n8n in this run. */
	n8n: number;
	/** Oversized bodies sent to the real n8n (the core and the Zapier hook get one each: they hold it in memory). */
	oversizedBodies: number;
	record: boolean;
}

const MIB = 1024 * 1024;
/** Over n8n's default request body limit (N8N_PAYLOAD_SIZE_MAX, 16 MiB). */
const OVERSIZED_BODY_BYTES = 17 * MIB;
const PROMISE =
	'zero forgeries accepted, zero valid events dropped, zero duplicates emitted (and no receiver crash).';
const KINDS = Object.keys(CATEGORY) as DeliveryKind[];

function setupText(size: WebhookFuzzSize): string {
	return (
		`seed ${size.seed}; ${size.core + size.zapier + size.n8n} deliveries (core ${size.core}, Zapier ${size.zapier}, n8n ${size.n8n}) of numero.publie events: ` +
		'first deliveries of authentic events (plain, several v1, spaces and other schemes, a previous secret during a rotation), ' +
		'resends of earlier events (same id, signed again, within 500 deliveries), and forged signature, wrong secret, one byte of body changed, ' +
		`JSON re-serialised, stale and future timestamps (beyond 300 s), malformed, missing and oversized (over 8 KiB) headers, bodies of ${OVERSIZED_BODY_BYTES / MIB} MiB. ` +
		'Core: verifyWebhook + EventDeduplicator. Zapier: the Issue Published hook through createAppTester, one delivery after the other. ' +
		'n8n: the Numero Trigger of the newsletter workflow in a real n8n (scripts/e2e), over HTTP, 8 at a time; executions counted by n8n. n8n itself answers 422 to a body that is not JSON and 500 to a body over its 16 MiB limit (its body parser fails before the trigger runs).'
	);
}

function stream(
	size: WebhookFuzzSize,
	count: number,
	salt: number,
	secrets: Secrets,
	anyHeaderValue: boolean,
	oversizedBodies = 1,
): Delivery[] {
	return deliveryStream({
		count,
		random: seededRandom(size.seed + salt),
		secrets,
		oversizedBodyBytes: OVERSIZED_BODY_BYTES,
		oversizedBodies,
		anyHeaderValue,
		resendWithin: 500,
	});
}

async function deliverAll(
	deliveries: Delivery[],
	receiver: Receiver,
	concurrency: number,
): Promise<Answer[]> {
	return runPool(deliveries, concurrency, (delivery) => receiver(delivery));
}

function expectHeld(counts: Record<string, number>, problems: string[]): void {
	expect({ counts, problems }).toEqual({
		counts: expect.objectContaining({
			'valid events dropped': 0,
			'duplicates emitted': 0,
			'forgeries accepted': 0,
			'receiver crashes': 0,
		}),
		problems: [],
	});
}

export function defineWebhookFuzz(size: WebhookFuzzSize): void {
	const record = (
		file: string,
		through: string,
		counts: Record<string, number>,
		held: boolean,
		kinds: ResultRow[],
	) => {
		if (!size.record) return;
		recordPart(`webhook-fuzz-${file}`, {
			order: 3,
			part: 'Webhook fuzz',
			promise: PROMISE,
			setup: setupText(size),
			rows: [{ through, what: 'deliveries', counts, held }],
		});
		recordPart(`webhook-fuzz-${file}-kinds`, {
			order: 4,
			part: 'Webhook fuzz: deliveries sent and events emitted, by kind',
			promise:
				'(counts only) authentic kinds emitted once per event, resends and refused kinds never.',
			setup:
				'emitted: the core receiver passed the event on, the Zapier hook returned it, n8n answered 200 without "ignored" (an execution started).',
			rows: kinds,
		});
	};

	// The Zapier hook comes first: zapier-platform-core ends the process (as Zapier recycles a Lambda)
	// when it has run 250 times in a process using over 450 MB, and the other parts use memory.
	describe(`webhook fuzz (seed ${size.seed})`, () => {
		test(`Zapier Issue Published hook (createAppTester): ${size.zapier} deliveries`, async () => {
			const secrets = { current: newSigningSecret('zap'), previous: newSigningSecret('old') };
			const authData = {
				apiKey: 'nk_test_unused_by_hooks',
				baseUrl: 'http://127.0.0.1:9/v1',
				signingSecrets: `${secrets.previous}\n${secrets.current}`,
			};
			const deliveries = stream(size, size.zapier, 2, secrets, true);
			// z.console writes each refusal to the console under createAppTester: kept out of the test output.
			const consoleLog = jest.spyOn(console, 'log').mockImplementation(() => undefined);
			const answers = await deliverAll(deliveries, zapierReceiver(authData), 1).finally(() =>
				consoleLog.mockRestore(),
			);
			const tally = tallyFuzz(deliveries, answers);
			record(
				'zapier',
				'Zapier app',
				tally.counts,
				fuzzHeld(tally.counts),
				kindRows('Zapier app', tally, KINDS),
			);
			expectHeld(tally.counts, tally.problems);
		});

		test(`core verifier and deduplicator: ${size.core} deliveries`, async () => {
			const secrets = { current: newSigningSecret('core'), previous: newSigningSecret('old') };
			const deliveries = stream(size, size.core, 1, secrets, true);
			const tally = tallyFuzz(
				deliveries,
				await deliverAll(deliveries, coreReceiver([secrets.previous, secrets.current]), 1),
			);
			record('core', 'core', tally.counts, fuzzHeld(tally.counts), kindRows('core', tally, KINDS));
			expectHeld(tally.counts, tally.problems);
		});

		if (size.n8n > 0) defineRealN8nFuzz(size, record);
	});
}

function defineRealN8nFuzz(
	size: WebhookFuzzSize,
	record: (
		file: string,
		through: string,
		counts: Record<string, number>,
		held: boolean,
		kinds: ResultRow[],
	) => void,
): void {
	describe('in a real n8n (scripts/e2e environment, recognisable keys)', () => {
		let env: N8nEnvironment;
		let newsletter: NewsletterStandIn;
		const answers: Answer[] = [];

		beforeAll(async () => {
			newsletter = await startNewsletterStandIn();
			env = await startN8nEnvironment({
				sandbox: { rateLimit: 0, keys: canaryKeys() },
				newsletterUrl: newsletter.url,
			});
		});
		afterAll(async () => {
			await env?.stop();
			await newsletter?.close();
		});

		test(`Numero Trigger: ${size.n8n} deliveries`, async () => {
			const workflowId = env.workflows.newsletter.id;
			const before = await env.n8n.rest.executionCounts(workflowId);
			const deliveries = stream(
				size,
				size.n8n,
				3,
				{ current: env.webhookEndpoint.secret },
				false,
				size.oversizedBodies,
			);
			answers.push(
				...(await deliverAll(deliveries, n8nReceiver(env.workflows.newsletter.triggerUrl), 8)),
			);
			const started = answers.filter((answer) => answer.outcome === 'emitted').length;

			// The executions the trigger started finish after n8n answered: wait for n8n to count them all.
			let after = await env.n8n.rest.executionCounts(workflowId);
			for (
				let waited = 0;
				(after.running > 0 || after.finished - before.finished < started) && waited < 120_000;
				waited += 250
			) {
				await new Promise((resolve) => setTimeout(resolve, 250));
				after = await env.n8n.rest.executionCounts(workflowId);
			}
			const tally = tallyFuzz(deliveries, answers);
			const executionCount = after.finished - before.finished;
			const counts = {
				...tally.counts,
				'n8n executions': executionCount,
				'n8n executions succeeded': after.success - before.success,
				'newsletter calls': newsletter.calls.length,
			};
			const held =
				fuzzHeld(tally.counts) &&
				executionCount === started &&
				counts['newsletter calls'] === started;
			record(
				'n8n',
				'n8n trigger (real n8n)',
				counts,
				held,
				kindRows('n8n trigger (real n8n)', tally, KINDS),
			);
			expectHeld(tally.counts, tally.problems);
			expect({
				executions: executionCount,
				succeeded: counts['n8n executions succeeded'],
				newsletterCalls: counts['newsletter calls'],
			}).toEqual({
				executions: started,
				succeeded: started,
				newsletterCalls: started,
			});
		});

		if (size.record) {
			test("secrets: the workflows run with recognisable keys, then n8n's log, its stored executions and every answer searched", async () => {
				const scan = new SecretScan([
					...Object.values(env.sandbox.keys),
					env.webhookEndpoint.secret,
				]);
				const run = await runRealN8nWorkflows(env, scan);
				for (const answer of answers) scan.scan('trigger answer', answer.detail ?? '');
				for (const workflowId of [
					env.workflows.newsletter.id,
					env.workflows.readingLink.id,
					env.workflows.dropFolder.id,
				]) {
					for (const data of await env.n8n.rest.storedExecutionTexts(workflowId))
						scan.scan(`execution of ${workflowId}`, data);
				}
				const logLines = fs.readFileSync(env.n8n.logFile, 'utf8').split('\n');
				for (const line of logLines) scan.scan('n8n log', line);
				const row = secretsRow(
					'n8n (real n8n)',
					scan,
					{ ...run, logLines: logLines.length },
					run.uploads,
				);
				recordPart('secrets-real-n8n', {
					order: 7.5,
					part: 'Secrets',
					promise: SECRETS_PROMISE,
					setup:
						"In a real n8n (scripts/e2e, its sandbox on recognisable keys): its workflows run (a reading link, two failing requests, a PDF published from the drop folder) after the fuzz's deliveries; n8n's log file, the stored data of the latest 100 executions of each workflow and every answer searched.",
					rows: [row],
				});
				expect({
					unexpected: run.unexpected,
					findings: scan.findings,
					withAuthorization: run.uploads.withAuthorization,
				}).toEqual({ unexpected: [], findings: [], withAuthorization: 0 });
				expect(row.held).toBe(true);
			});
		}
	});
}
