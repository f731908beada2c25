/**
 * The webhook fuzz's deliveries sent to a queue-mode n8n the way numero and a load balancer send them:
 * most through the balancer (so spread over the webhook processes), and some authentic ones also as a
 * twin sent straight to the other webhook process at the same moment (two copies of one event
 * arriving at two processes in the same millisecond). What counts is downstream: the newsletter
 * stand-in's calls per event id.
 */
import { SIGNATURE_HEADER } from '../../../shared';
import type { N8nEnvironment } from '../../../scripts/e2e/n8n-environment';
import type { NewsletterStandIn } from '../../../scripts/e2e/newsletter-stand-in';
import { runPool } from './run-pool';
import { CATEGORY, type Delivery } from './webhook-deliveries';

export interface SentDelivery {
	delivery: Delivery;
	/** The webhook process or balancer it was sent to. */
	to: string;
	twin: boolean;
	status: number;
	text: string;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function send(
	url: string,
	delivery: Delivery,
	header: string | undefined,
): Promise<Pick<SentDelivery, 'status' | 'text'>> {
	const headers: Record<string, string> = {
		'content-type': 'application/json',
		'user-agent': 'numero-webhooks/1.0 (queue-mode reliability)',
	};
	if (header !== undefined) headers[SIGNATURE_HEADER.toLowerCase()] = header;
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers,
			body: delivery.body,
			signal: AbortSignal.timeout(60_000),
		});
		return { status: response.status, text: (await response.text()).slice(0, 300) };
	} catch (error) {
		return { status: 0, text: `request failed: ${String((error as Error).cause ?? error)}` };
	}
}

/** Sends every delivery (16 at a time); every `twinEvery`th authentic one also goes to a second webhook process at once. */
export async function sendOverWebhookProcesses(
	env: N8nEnvironment,
	deliveries: Delivery[],
	twinEvery: number,
): Promise<SentDelivery[]> {
	const queue = env.queue!;
	const triggerPath = new URL(env.workflows.newsletter.triggerUrl).pathname;
	const [first, second] = queue.webhooks.map((process) => `${process.url}${triggerPath}`);
	let authenticSeen = 0;
	const plans = deliveries.map((delivery) => {
		const twin = CATEGORY[delivery.kind] === 'authentic' && ++authenticSeen % twinEvery === 0;
		return { delivery, twin };
	});
	const sent = await runPool(plans, 16, async ({ delivery, twin }) => {
		const header = delivery.header(nowSeconds());
		if (!twin)
			return [
				{
					delivery,
					to: 'balancer',
					twin: false,
					...(await send(env.workflows.newsletter.triggerUrl, delivery, header)),
				},
			];
		// The same signed bytes at two webhook processes at once, as a retry racing a slow first answer.
		const [a, b] = await Promise.all([
			send(first!, delivery, header),
			send(second!, delivery, header),
		]);
		return [
			{ delivery, to: 'webhook 1', twin: false, ...a },
			{ delivery, to: 'webhook 2', twin: true, ...b },
		];
	});
	return sent.flat();
}

/** Waits until n8n has finished every execution the accepted deliveries started (bounded). */
export async function settleExecutions(
	env: N8nEnvironment,
	workflowId: string,
	started: number,
	withinMs = 300_000,
): Promise<void> {
	const deadline = Date.now() + withinMs;
	for (;;) {
		const counts = await env.n8n.rest.executionCounts(workflowId);
		if (counts.running === 0 && counts.finished >= started) return;
		if (Date.now() > deadline)
			throw new Error(
				`n8n finished ${counts.finished} of ${started} executions (${counts.running} still running) within ${withinMs / 1000} s`,
			);
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

export function tallyQueueDeliveries(
	sent: SentDelivery[],
	newsletter: NewsletterStandIn,
	executions: number,
) {
	const effects = new Map<string, number>();
	for (const call of newsletter.calls) {
		const id = (call.body as { event_id?: string }).event_id ?? '';
		effects.set(id, (effects.get(id) ?? 0) + 1);
	}
	const authentic = new Set(
		sent
			.filter((one) => CATEGORY[one.delivery.kind] === 'authentic')
			.map((one) => one.delivery.eventId),
	);
	const refused = sent.filter((one) => CATEGORY[one.delivery.kind] === 'refused');
	const accepted = sent.filter((one) => one.status === 200 && !/"ignored"\s*:/.test(one.text));
	const problems: string[] = [];
	const note = (problem: string) => problems.length < 10 && problems.push(problem);

	let lost = 0;
	let once = 0;
	let extra = 0;
	for (const id of authentic) {
		const count = effects.get(id) ?? 0;
		if (count === 0) ((lost += 1), note(`${id}: never reached the newsletter`));
		else if (count === 1) once += 1;
		else ((extra += count - 1), note(`${id}: reached the newsletter ${count} times`));
	}
	const forgeriesAccepted = refused.filter((one) => one.status >= 200 && one.status < 300);
	for (const one of forgeriesAccepted)
		note(`#${one.delivery.index} ${one.delivery.kind}: answered ${one.status}`);
	const forgedEffects = [...effects.keys()].filter((id) => !authentic.has(id)).length;
	const serverErrors = sent.filter((one) => one.status >= 500 || one.status === 0);
	// n8n's own body parser refuses a body over its size limit with a 500, before the trigger runs.
	const unexpectedServerErrors = serverErrors.filter(
		(one) => one.delivery.kind !== 'oversized body',
	);
	for (const one of unexpectedServerErrors)
		note(`#${one.delivery.index} ${one.delivery.kind} to ${one.to}: ${one.status} ${one.text}`);

	return {
		counts: {
			'deliveries sent': sent.length,
			'to webhook process 1': sent.filter((one) => one.to === 'webhook 1').length,
			'to webhook process 2': sent.filter((one) => one.to === 'webhook 2').length,
			'through the balancer': sent.filter((one) => one.to === 'balancer').length,
			'concurrent twins': sent.filter((one) => one.twin).length,
			'resends sent': sent.filter((one) => CATEGORY[one.delivery.kind] === 'duplicate').length,
			'forged or refused sent': refused.length,
			'authentic events': authentic.size,
			'answered as duplicates by a webhook process': sent.filter((one) =>
				/"ignored"\s*:\s*"duplicate"/.test(one.text),
			).length,
			'executions started': executions,
			'executions stopped at the trigger (duplicates)': executions - newsletter.calls.length,
			'events with exactly one newsletter call': once,
			'valid events lost': lost,
			'duplicate newsletter calls': extra,
			'forgeries accepted': forgeriesAccepted.length + forgedEffects,
			'server errors (5xx, not the oversized body)': unexpectedServerErrors.length,
		},
		acceptedByWebhooks: accepted.length,
		problems,
	};
}
