/**
 * The package in n8n's queue mode (see RELIABILITY.md): a real n8n 2.40.7 as one main, two webhook
 * processes behind a round-robin load balancer and two workers, on its own PostgreSQL and Redis
 * (scripts/e2e). Signed deliveries spread over the webhook processes, with resends, forgeries and
 * concurrent twins; then a worker killed in the middle of publishes and reading links.
 */
import { startN8nEnvironment, type N8nEnvironment } from '../../scripts/e2e/n8n-environment';
import {
	startNewsletterStandIn,
	type NewsletterStandIn,
} from '../../scripts/e2e/newsletter-stand-in';
import { canaryKeys } from './support/canary-secrets';
import {
	sendOverWebhookProcesses,
	settleExecutions,
	tallyQueueDeliveries,
} from './support/queue-deliveries';
import { recordPart } from './support/results';
import { runSeed, seededRandom } from './support/seeded-random';
import { deliveryStream } from './support/webhook-deliveries';
import { runWorkerKill } from './support/worker-kill';

const SEED = runSeed(20261123);
const DELIVERIES = 2000;
/** Every 5th authentic delivery also arrives at the other webhook process at the same moment. */
const TWIN_EVERY = 5;
const KILL = { publishes: 200, links: 100, killAfterPublished: 40 };
const SETUP = `n8n 2.40.7 in queue mode: main, 2 webhook processes behind a round-robin balancer, 2 workers (10 executions each), PostgreSQL 15, Redis 7, binary data in the database.`;

let env: N8nEnvironment;
let newsletter: NewsletterStandIn;

beforeAll(async () => {
	newsletter = await startNewsletterStandIn();
	env = await startN8nEnvironment({
		sandbox: { rateLimit: 0, keys: canaryKeys() },
		newsletterUrl: newsletter.url,
		queue: { webhookProcesses: 2, workers: 2 },
	});
});

afterAll(async () => {
	await env?.stop();
	await newsletter?.close();
});

test(`Numero Trigger in queue mode: ${DELIVERIES} deliveries over two webhook processes, each event's newsletter call exactly once`, async () => {
	const deliveries = deliveryStream({
		count: DELIVERIES,
		random: seededRandom(SEED + 7),
		secrets: { current: env.webhookEndpoint.secret },
		oversizedBodyBytes: 17 * 1024 * 1024,
		oversizedBodies: 1,
		anyHeaderValue: false,
		resendWithin: 500,
	});
	const sent = await sendOverWebhookProcesses(env, deliveries, TWIN_EVERY);
	const accepted = sent.filter(
		(one) => one.status === 200 && !/"ignored"\s*:/.test(one.text),
	).length;
	await settleExecutions(env, env.workflows.newsletter.id, accepted);
	const executions = (await env.n8n.rest.executionCounts(env.workflows.newsletter.id)).finished;
	const tally = tallyQueueDeliveries(sent, newsletter, executions);
	const held =
		tally.counts['valid events lost'] === 0 &&
		tally.counts['duplicate newsletter calls'] === 0 &&
		tally.counts['forgeries accepted'] === 0 &&
		tally.counts['events with exactly one newsletter call'] === tally.counts['authentic events'];
	recordPart('queue-mode-deliveries', {
		order: 5,
		part: 'Queue mode: signed deliveries',
		promise:
			'forgeries accepted 0, valid events lost 0, newsletter calls (downstream effects) per event id exactly 1.',
		setup: `${SETUP} Seed ${SEED}: ${DELIVERIES} deliveries of the webhook fuzz (authentic, resends within 500, forged, altered, stale, future, malformed, one body over 16 MiB), 16 at a time through the balancer; every ${TWIN_EVERY}th authentic one sent at once to both webhook processes. Effects counted at the newsletter stand-in; a duplicate that got past a webhook process shows as an execution stopped at the trigger.`,
		rows: [{ through: 'n8n queue mode', what: 'deliveries', counts: tally.counts, held }],
	});
	expect({ counts: tally.counts, problems: tally.problems }).toEqual({
		counts: expect.objectContaining({
			'valid events lost': 0,
			'duplicate newsletter calls': 0,
			'forgeries accepted': 0,
			'server errors (5xx, not the oversized body)': 0,
			'events with exactly one newsletter call': tally.counts['authentic events'],
		}),
		problems: [],
	});
	expect(tally.counts['concurrent twins']).toBeGreaterThan(100);
}, 600_000);

test(`a worker killed with SIGKILL during ${KILL.publishes} PDF publishes and ${KILL.links} reading links: nothing created twice, every failure visible in n8n`, async () => {
	const run = await runWorkerKill(env, KILL);
	recordPart('queue-mode-worker-kill', {
		order: 5.1,
		part: 'Queue mode: a worker killed',
		promise:
			'every PDF published exactly once (after the batch is dropped again), every failure visible in n8n, every link request done or failed with its error in n8n, nothing created twice.',
		setup: `${SETUP} ${KILL.publishes} PDFs dropped into the folder and ${KILL.links} CRM link requests (4 at a time); ${run.victim} killed with SIGKILL once ${KILL.killAfterPublished} issues were published, a replacement worker started; afterwards the whole batch dropped into the folder again (the killed executions keep no data for n8n's Retry).`,
		rows: [
			{
				through: 'n8n queue mode',
				what: 'publishes and links',
				counts: run.counts,
				held: run.held,
			},
		],
	});
	expect({
		counts: run.counts,
		failedLinkRequests: run.failedAnswers.map((answer) => `${answer.reference}: ${answer.detail}`),
		killedRuns: run.killedRuns,
	}).toEqual({
		counts: expect.objectContaining({
			'issues published exactly once': KILL.publishes,
			'issues missing': 0,
			'issues published twice or more': 0,
			'second drop of the batch: executions succeeded': KILL.publishes,
			'links created twice for one subscriber': 0,
		}),
		failedLinkRequests: expect.any(Array),
		killedRuns: expect.any(Array),
	});
	expect(run.counts['link executions failed, visible in n8n']).toBeGreaterThanOrEqual(
		run.counts['link requests failed'],
	);
	expect(run.held).toBe(true);
}, 600_000);
