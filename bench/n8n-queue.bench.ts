/**
 * The package in n8n's queue mode (scripts/e2e's harness: main, 2 webhook processes behind a
 * round-robin balancer, 2 workers, PostgreSQL, Redis, binary data in the database), two rows:
 *
 * - signed deliveries per second turned into finished executions by the Numero Trigger's workflow,
 *   against n8n's own Webhook + Crypto + IF checking the same HMAC (bench/hand-built-verifier.ts), same
 *   n8n, same deliveries, alternating rounds; forgeries accepted counted on both sides;
 * - the growth of the peak RSS of the worker that publishes a 256 MiB PDF dropped into the folder,
 *   against the same publish by n8n alone in regular mode (binary data on disk).
 */
import { startN8nEnvironment, type N8nEnvironment } from '../scripts/e2e/n8n-environment';
import { startNewsletterStandIn, type NewsletterStandIn } from '../scripts/e2e/newsletter-stand-in';
import { atLeast, notMeasured, type BenchRow } from './bench-row';
import {
	HAND_BUILT_MARK,
	HAND_BUILT_PATH,
	HAND_BUILT_WORKFLOW_ID,
	handBuiltVerifier,
} from './hand-built-verifier';
import { median, pairedRatio } from './measure';
import {
	benchDeliveries,
	CONCURRENCY,
	FORGED_EVERY,
	runDeliveries,
	type DeliveryRun,
	type DeliveryTarget,
} from './n8n-queue-deliveries';
import { publishPeak, type PublishPeak } from './n8n-publish-rss';

const MIB = 1024 * 1024;
/**
 * 255 MiB, not 256: n8n reads a database-stored file back with the pg driver, which returns bytea as
 * hex text (2 characters a byte, plus "\\x"). 256 MiB makes a string of 536,870,914 characters, over V8's
 * limit of 536,870,888: the worker logs "Cannot create a string longer than 0x1fffffe8 characters" and
 * the execution never ends. 255 MiB is the largest whole MiB n8n 2.40.7 can publish in queue mode.
 * BENCH_QUEUE_PUBLISH_MIB=256 shows that failure.
 */
const PUBLISH_BYTES = Number(process.env.BENCH_QUEUE_PUBLISH_MIB ?? 255) * MIB;
const WARM_UP = 32;
/** Measured deliveries per side: ROUNDS rounds of PER_ROUND, alternating which side goes first. */
const ROUNDS = 2;
const PER_ROUND = 150;

const DELIVERIES_NAME = `n8n queue mode: ${(ROUNDS * PER_ROUND).toLocaleString('en-US')} signed deliveries → executions`;
const DELIVERIES_BASELINE = "n8n's Webhook + Crypto (HMAC) + IF, same deliveries";
const FORGED_NAME = 'n8n queue mode: forged deliveries accepted';
const RSS_NAME = `n8n queue mode: publish ${PUBLISH_BYTES / MIB} MiB PDF, worker's peak RSS growth`;
const RSS_BASELINE = 'the same publish, regular mode (binary data on disk)';

const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
const mib = (bytes: number) => bytes / MIB;

function notMeasuredRows(reason: string): BenchRow[] {
	return [
		notMeasured(DELIVERIES_NAME, DELIVERIES_BASELINE, 'deliveries/s', '≥ 1.0×', reason),
		notMeasured(RSS_NAME, RSS_BASELINE, 'MiB', '— (info; ≤ 2× file size if n8n allows)', reason),
	];
}

async function deliveriesRows(
	env: N8nEnvironment,
	newsletter: NewsletterStandIn,
): Promise<BenchRow[]> {
	const secret = env.webhookEndpoint.secret;
	const trigger: DeliveryTarget = {
		workflowId: env.workflows.newsletter.id,
		url: env.workflows.newsletter.triggerUrl,
		executionsFor: (deliveries) => deliveries.filter((delivery) => !delivery.forged).length,
		answerAccepts: true,
		isOwnCall: (body) => body.via === undefined,
	};
	const handBuilt: DeliveryTarget = {
		workflowId: HAND_BUILT_WORKFLOW_ID,
		url: `${env.queue!.balancer.url}/webhook/${HAND_BUILT_PATH}`,
		executionsFor: (deliveries) => deliveries.length,
		answerAccepts: false,
		isOwnCall: (body) => body.via === HAND_BUILT_MARK,
	};
	const sides = { trigger, handBuilt };
	log(`queue deliveries: warm-up, ${WARM_UP} each…`);
	for (const side of ['trigger', 'handBuilt'] as const)
		await runDeliveries(
			env,
			newsletter,
			sides[side],
			benchDeliveries(`warm-${side}`, WARM_UP, secret),
		);
	const runs: Record<keyof typeof sides, DeliveryRun[]> = { trigger: [], handBuilt: [] };
	for (let round = 0; round < ROUNDS; round++) {
		const order =
			round % 2 === 0 ? (['trigger', 'handBuilt'] as const) : (['handBuilt', 'trigger'] as const);
		for (const side of order) {
			const run = await runDeliveries(
				env,
				newsletter,
				sides[side],
				benchDeliveries(`r${round}-${side}`, PER_ROUND, secret),
			);
			log(
				`queue deliveries: round ${round + 1} ${side}: ${run.rate.toFixed(1)}/s (${run.seconds.toFixed(1)} s, ${run.executions} executions, ${JSON.stringify(run.statuses)})`,
			);
			runs[side].push(run);
		}
	}
	const rates = (side: keyof typeof sides) => runs[side].map((run) => run.rate);
	const total = (side: keyof typeof sides, field: 'forgedAccepted' | 'authenticLost') =>
		runs[side].reduce((sum, run) => sum + run[field], 0);
	const forgedSent = ROUNDS * Math.floor(PER_ROUND / FORGED_EVERY);
	const lost = total('trigger', 'authenticLost') + total('handBuilt', 'authenticLost');
	const note =
		`${ROUNDS} rounds × ${PER_ROUND} deliveries per side (${forgedSent} forged per side), ${CONCURRENCY} at a time through the balancer to 2 webhook processes, 2 workers × 10; ` +
		`per round: trigger ${rates('trigger')
			.map((r) => r.toFixed(1))
			.join(', ')}/s, hand-built ${rates('handBuilt')
			.map((r) => r.toFixed(1))
			.join(', ')}/s. ` +
		`The trigger answers a forgery 401 in the webhook process (no execution); the hand-built workflow runs every delivery, forgeries to its IF. ` +
		`Valid deliveries lost or doubled: ${lost}.`;
	return [
		atLeast(
			1.0,
			{
				name: DELIVERIES_NAME,
				ours: median(rates('trigger')),
				baseline: median(rates('handBuilt')),
				baselineName: DELIVERIES_BASELINE,
				unit: 'deliveries/s',
				note,
			},
			pairedRatio(rates('trigger'), rates('handBuilt')),
		),
		{
			name: FORGED_NAME,
			ours: total('trigger', 'forgedAccepted'),
			baseline: total('handBuilt', 'forgedAccepted'),
			baselineName: `${DELIVERIES_BASELINE} (accepted = passed the IF)`,
			unit: `of ${forgedSent} forged`,
			ratio: null,
			target: '= 0 both',
			met:
				total('trigger', 'forgedAccepted') === 0 &&
				total('handBuilt', 'forgedAccepted') === 0 &&
				lost === 0,
		},
	];
}

function rssRow(queue: PublishPeak, regular: PublishPeak): BenchRow {
	const fileMib = PUBLISH_BYTES / MIB;
	const growth = mib(queue.growth);
	return {
		name: RSS_NAME,
		ours: growth,
		baseline: mib(regular.growth),
		baselineName: RSS_BASELINE,
		unit: 'MiB',
		ratio: regular.growth > 0 ? queue.growth / regular.growth : null,
		target: `— (info; ≤ 2× file = ${2 * fileMib} MiB if n8n allows)`,
		met: null,
		note:
			`queue: ${queue.process}, RSS ${mib(queue.rssBefore).toFixed(0)} MiB before, peak ${mib(queue.peakAfter).toFixed(0)} MiB, ${queue.seconds.toFixed(1)} s; ` +
			`regular: ${regular.process}, RSS ${mib(regular.rssBefore).toFixed(0)} MiB before, peak ${mib(regular.peakAfter).toFixed(0)} MiB, ${regular.seconds.toFixed(1)} s. ` +
			`Growth = ${(growth / fileMib).toFixed(2)}× the file in queue mode: n8n's database binary-data manager holds every file whole ` +
			`(store: the read stream concatenated into one Buffer; getAsStream: the row read whole, bytea as hex text, then Readable.from(buffer)), ` +
			`and the node opens the PDF twice (hash, then upload), so 2× is out of reach in database mode (see BENCHMARKS.md).`,
	};
}

export async function n8nQueueBench(): Promise<BenchRow[]> {
	const newsletter = await startNewsletterStandIn();
	try {
		let env: N8nEnvironment;
		try {
			env = await startN8nEnvironment({
				queue: { webhookProcesses: 2, workers: 2 },
				newsletterUrl: newsletter.url,
				sandbox: { rateLimit: 0 },
				extraWorkflows: ({ webhookSecret }) =>
					handBuiltVerifier({ newsletterUrl: newsletter.url, webhookSecret }),
				log,
			});
		} catch (error) {
			return notMeasuredRows(
				`n8n could not be started in queue mode: ${error instanceof Error ? error.message.split('\n')[0]! : String(error)}`,
			);
		}
		const failure = (error: unknown) =>
			error instanceof Error ? error.message.split('\n')[0]! : String(error);
		let queuePeak: PublishPeak | string;
		let rows: BenchRow[];
		try {
			log(`queue publish: dropping a ${PUBLISH_BYTES / MIB} MiB PDF…`);
			queuePeak = await publishPeak(
				env,
				PUBLISH_BYTES,
				env.queue!.workers.map((worker, i) => ({
					name: `worker ${i + 1}`,
					pid: worker.pid,
					logFile: worker.logFile,
				})),
			).catch(failure);
			log(
				`queue publish: ${typeof queuePeak === 'string' ? `failed: ${queuePeak}` : `${queuePeak.process} grew ${mib(queuePeak.growth).toFixed(0)} MiB in ${queuePeak.seconds.toFixed(1)} s`}`,
			);
			rows = await deliveriesRows(env, newsletter);
		} finally {
			await env.stop();
		}
		if (typeof queuePeak === 'string') {
			rows.push(
				notMeasured(
					RSS_NAME,
					RSS_BASELINE,
					'MiB',
					'— (info; ≤ 2× file size if n8n allows)',
					`the queue-mode publish failed: ${queuePeak}`,
				),
			);
			return rows;
		}
		log('regular mode: starting n8n alone (SQLite, binary data on disk)…');
		const regular = await startN8nEnvironment({
			newsletterUrl: newsletter.url,
			sandbox: { rateLimit: 0 },
			log,
		});
		try {
			const regularPeak = await publishPeak(regular, PUBLISH_BYTES, [
				{ name: 'main', pid: regular.n8n.pid, logFile: regular.n8n.logFile },
			]);
			log(
				`regular publish: main grew ${mib(regularPeak.growth).toFixed(0)} MiB in ${regularPeak.seconds.toFixed(1)} s`,
			);
			rows.push(rssRow(queuePeak, regularPeak));
		} finally {
			await regular.stop();
		}
		return rows;
	} finally {
		await newsletter.close();
	}
}
