/**
 * Signed numero.publie deliveries sent to a queue-mode n8n through the webhook load balancer, 16 at a
 * time, as numero sends them (`Service-Signature: t=…,v1=…` over the raw body, signed at send time),
 * with forged ones mixed in. The rate is deliveries ÷ the time from the first send to the end
 * (stoppedAt) of the last execution they started: what n8n accepted and turned into finished
 * executions. Forgeries accepted are counted at the newsletter stand-in (and, for the trigger, any 2xx
 * answer to a forgery).
 */
import { signWebhook, SIGNATURE_HEADER } from '../shared';
import type { N8nEnvironment } from '../scripts/e2e/n8n-environment';
import type { NewsletterStandIn } from '../scripts/e2e/newsletter-stand-in';
import { nowMs } from './measure';

export const CONCURRENCY = 16;
/** Every FORGED_EVERY-th delivery is a forgery (half signed with another secret, half with a byte of the body changed after signing). */
export const FORGED_EVERY = 10;

interface Delivery {
	eventId: string;
	forged: boolean;
	body: Buffer;
	header(nowSeconds: number): string;
}

function envelope(eventId: string, index: number): Buffer {
	return Buffer.from(
		JSON.stringify({
			id: eventId,
			type: 'numero.publie',
			cree_le: new Date().toISOString(),
			donnees: {
				id: `numero.press:gazette-bench-${index}`,
				titre: `La Gazette du littoral, numéro ${index}`,
				publication: { code: 'gazette', nom: 'La Gazette du littoral' },
				date: '2026-11-01',
				pages: 64,
				page_publique: `https://numero.press/gazette-bench-${index}`,
			},
		}),
	);
}

/** `count` deliveries with event ids unique to `tag`; every FORGED_EVERY-th one forged. */
export function benchDeliveries(tag: string, count: number, secret: string): Delivery[] {
	return Array.from({ length: count }, (_, index) => {
		const forged = index % FORGED_EVERY === FORGED_EVERY - 1;
		const eventId = `evt_${forged ? 'forged' : 'bench'}_${tag}_${index}`;
		const body = envelope(eventId, index);
		if (!forged)
			return {
				eventId,
				forged,
				body,
				header: (timestamp) => signWebhook({ payload: body, secret, timestamp }),
			};
		if (index % (2 * FORGED_EVERY) === FORGED_EVERY - 1) {
			return {
				eventId,
				forged,
				body,
				header: (timestamp) =>
					signWebhook({ payload: body, secret: `${secret}-not-it`, timestamp }),
			};
		}
		// Signed, then one byte of the body changed (a tampered title).
		const signedBody = Buffer.from(body);
		const at = body.indexOf('Gazette');
		body[at] = 'g'.charCodeAt(0);
		return {
			eventId,
			forged,
			body,
			header: (timestamp) => signWebhook({ payload: signedBody, secret, timestamp }),
		};
	});
}

export interface DeliveryRun {
	deliveries: number;
	/** Deliveries per second, first send to the last execution's end. */
	rate: number;
	seconds: number;
	executions: number;
	/** Forgeries answered 2xx by a process that refuses with 401 (the trigger), or that reached the newsletter. */
	forgedAccepted: number;
	authenticLost: number;
	statuses: Record<string, number>;
}

export interface DeliveryTarget {
	workflowId: string;
	url: string;
	/** Executions a run of these deliveries starts: the authentic ones (the trigger answers forgeries 401), or all (the hand-built one runs them to its IF). */
	executionsFor(deliveries: Delivery[]): number;
	/** Whether a 2xx answer to a forgery counts as accepting it (true where refusal is an HTTP 401). */
	answerAccepts: boolean;
	/** The newsletter calls this workflow made. */
	isOwnCall(body: Record<string, unknown>): boolean;
}

async function send(url: string, delivery: Delivery): Promise<number> {
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'user-agent': 'numero-webhooks/1.0 (bench)',
				[SIGNATURE_HEADER.toLowerCase()]: delivery.header(Math.floor(Date.now() / 1000)),
			},
			body: delivery.body,
			signal: AbortSignal.timeout(60_000),
		});
		await response.arrayBuffer();
		return response.status;
	} catch {
		return 0;
	}
}

/** Sends the deliveries and waits for their executions to end; figures from n8n's own stoppedAt times. */
export async function runDeliveries(
	env: N8nEnvironment,
	newsletter: NewsletterStandIn,
	target: DeliveryTarget,
	deliveries: Delivery[],
): Promise<DeliveryRun> {
	const rest = env.n8n.rest;
	// n8n's own counts (2 requests a poll): paging through every execution would load the main process being measured.
	const before = await rest.executionCounts(target.workflowId);
	const countBefore = before.finished;
	const callsBefore = newsletter.calls.length;
	const expected = target.executionsFor(deliveries);
	const statuses: Record<string, number> = {};
	const forgedAnswered2xx = new Set<string>();
	const startedAt = Date.now();
	const start = nowMs();
	let next = 0;
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			while (next < deliveries.length) {
				const delivery = deliveries[next++]!;
				const status = await send(target.url, delivery);
				statuses[status] = (statuses[status] ?? 0) + 1;
				if (delivery.forged && status >= 200 && status < 300)
					forgedAnswered2xx.add(delivery.eventId);
			}
		}),
	);
	const sentMs = nowMs() - start;
	const bad = Object.keys(statuses).filter((status) => status === '0' || Number(status) >= 500);
	if (bad.length > 0)
		throw new Error(`deliveries to ${target.url} answered ${JSON.stringify(statuses)}`);

	const deadline = Date.now() + 300_000;
	let started = 0;
	for (;;) {
		try {
			const counts = await rest.executionCounts(target.workflowId);
			started = counts.finished - countBefore;
			if (started >= expected && counts.running === 0) break;
		} catch {
			// A busy main process may drop a REST call: ask again.
		}
		if (Date.now() > deadline)
			throw new Error(
				`${target.workflowId}: ${started} of ${expected} executions started, not all finished within 300 s`,
			);
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	// Every execution must have succeeded (forgeries stop at the IF, which is a success): a workflow that
	// errors part-way would be measured doing less than its job.
	const succeeded = (await rest.executionCounts(target.workflowId)).success - before.success;
	if (succeeded !== started)
		throw new Error(
			`${target.workflowId}: ${started - succeeded} of ${started} executions did not succeed`,
		);
	// Newest first: the last of these executions to end is among the newest 100.
	const newest = await rest.executions(target.workflowId);
	const lastStop = Math.max(
		...newest.map((execution) => Date.parse(execution.stoppedAt ?? '') || 0),
	);
	// n8n's stoppedAt has millisecond resolution on the same clock; never below the time sending took.
	const seconds = Math.max(sentMs, lastStop - startedAt) / 1000;

	const ownCalls = newsletter.calls
		.slice(callsBefore)
		.map((call) => call.body as Record<string, unknown>)
		.filter((body) => target.isOwnCall(body));
	const reached = new Map<string, number>();
	for (const body of ownCalls)
		reached.set(String(body.event_id), (reached.get(String(body.event_id)) ?? 0) + 1);
	const forgedAccepted = deliveries.filter(
		(delivery) =>
			delivery.forged &&
			(reached.has(delivery.eventId) ||
				(target.answerAccepts && forgedAnswered2xx.has(delivery.eventId))),
	).length;
	const authenticLost = deliveries.filter(
		(delivery) => !delivery.forged && reached.get(delivery.eventId) !== 1,
	).length;
	return {
		deliveries: deliveries.length,
		rate: deliveries.length / seconds,
		seconds,
		executions: started,
		forgedAccepted,
		authenticLost,
		statuses,
	};
}
