/**
 * The three receivers of the webhook fuzz, each answering for one delivery whether it emitted an
 * event (started a workflow / a Zap / passed it on), and the tally of a stream's answers.
 *  - core: verifyWebhook then EventDeduplicator, as any receiver built on the core does;
 *  - Zapier: the Issue Published hook's perform, through createAppTester;
 *  - n8n: the Numero Trigger in a real n8n, over HTTP (the answer says whether a workflow started).
 */
import {
	EventDeduplicator,
	SIGNATURE_HEADER,
	verifyWebhook,
	WebhookVerificationError,
} from '../../../shared';
import { appTester, App } from '../../../zapier/test/support/app-tester';
import { CATEGORY, type Delivery, type DeliveryKind } from './webhook-deliveries';
import type { ResultRow } from './results';

export type Outcome = 'emitted' | 'not emitted' | 'crashed';

export interface Answer {
	outcome: Outcome;
	/** The id of the event emitted. */
	eventId?: string;
	/** Why it was not emitted or crashed, when the receiver says. */
	detail?: string;
	/** The receiver answered with a server error (5xx). */
	serverError?: boolean;
}

export type Receiver = (delivery: Delivery) => Promise<Answer>;

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function coreReceiver(secrets: string[]): Receiver {
	const deduplicator = new EventDeduplicator();
	return async (delivery) => {
		const now = nowSeconds();
		try {
			const event = verifyWebhook({
				payload: delivery.body,
				header: delivery.header(now),
				secrets,
				now,
			});
			if (deduplicator.seen(event.id, now)) return { outcome: 'not emitted', detail: 'duplicate' };
			return { outcome: 'emitted', eventId: event.id };
		} catch (error) {
			if (error instanceof WebhookVerificationError)
				return { outcome: 'not emitted', detail: error.reason };
			return { outcome: 'crashed', detail: String(error) };
		}
	};
}

/** Zapier hands a hook the raw body as text and each header as `Http-<Title-Case-Name>`. */
export function zapierReceiver(authData: Record<string, string>): Receiver {
	return async (delivery) => {
		const header = delivery.header(nowSeconds());
		const headers: Record<string, string> = { 'Http-Content-Type': 'application/json' };
		if (header !== undefined) headers[`Http-${SIGNATURE_HEADER}`] = header;
		try {
			const output = (await appTester(
				(App.triggers.issuePublished.operation as { perform: unknown }).perform as never,
				{
					authData,
					rawRequest: { content: delivery.body.toString('utf8'), headers },
				},
			)) as Array<{ id?: string }>;
			if (output.length === 0) return { outcome: 'not emitted' };
			if (output.length > 1)
				return { outcome: 'crashed', detail: `${output.length} events from one delivery` };
			return { outcome: 'emitted', eventId: output[0]!.id };
		} catch (error) {
			return {
				outcome: 'crashed',
				detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
			};
		}
	};
}

/**
 * Posts to the trigger's production URL. n8n answers 200 when the trigger started the workflow, 200
 * with the trigger's own JSON (`ignored`) when it acknowledged without starting it (a duplicate),
 * 401 when the trigger refused, 422 when n8n itself could not parse the JSON body. A body over n8n's
 * size limit makes n8n's own body parser fail before the trigger runs: n8n answers 500 then, which
 * counts as a server error but not as a crash of the trigger.
 */
export function n8nReceiver(triggerUrl: string): Receiver {
	return async (delivery) => {
		const header = delivery.header(nowSeconds());
		const headers: Record<string, string> = {
			'content-type': 'application/json',
			'user-agent': 'numero-webhooks/1.0 (reliability fuzz)',
		};
		if (header !== undefined) headers[SIGNATURE_HEADER.toLowerCase()] = header;
		let response: Response;
		try {
			response = await fetch(triggerUrl, { method: 'POST', headers, body: delivery.body });
		} catch (error) {
			return {
				outcome: 'crashed',
				detail: `request failed: ${String((error as Error).cause ?? error)}`,
			};
		}
		const text = await response.text();
		const detail = `HTTP ${response.status} ${text.slice(0, 200)}`;
		if (response.status >= 500) {
			const bodyParserRefusal =
				delivery.kind === 'oversized body' && /problem executing the workflow/.test(text);
			return { outcome: bodyParserRefusal ? 'not emitted' : 'crashed', detail, serverError: true };
		}
		if (response.status >= 400) return { outcome: 'not emitted', detail };
		if (response.status !== 200) return { outcome: 'crashed', detail };
		if (/"ignored"\s*:/.test(text)) return { outcome: 'not emitted', detail };
		return { outcome: 'emitted', eventId: delivery.eventId };
	};
}

export interface FuzzTally {
	counts: Record<string, number>;
	/** Deliveries sent and events emitted, by kind. */
	sentByKind: Record<string, number>;
	emittedByKind: Record<string, number>;
	/** A few examples of what went wrong, for the test's failure message. */
	problems: string[];
}

export function tallyFuzz(deliveries: Delivery[], answers: Answer[]): FuzzTally {
	const emits = new Map<string, number>();
	const authentic = new Set<string>();
	const sentByKind: Record<string, number> = {};
	const emittedByKind: Record<string, number> = {};
	const problems: string[] = [];
	let forgeriesAccepted = 0;
	let crashes = 0;
	let serverErrors = 0;
	let duplicatesSent = 0;
	let refusedSent = 0;
	deliveries.forEach((delivery, position) => {
		const answer = answers[position]!;
		const category = CATEGORY[delivery.kind];
		sentByKind[delivery.kind] = (sentByKind[delivery.kind] ?? 0) + 1;
		if (answer.outcome === 'emitted')
			emittedByKind[delivery.kind] = (emittedByKind[delivery.kind] ?? 0) + 1;
		if (category === 'authentic') authentic.add(delivery.eventId);
		if (category === 'duplicate') duplicatesSent++;
		if (category === 'refused') refusedSent++;
		if (answer.serverError) serverErrors++;
		if (answer.outcome === 'crashed') {
			crashes++;
			if (problems.length < 10)
				problems.push(`#${delivery.index} ${delivery.kind}: crashed (${answer.detail})`);
		}
		if (answer.outcome !== 'emitted') return;
		if (category === 'refused') {
			forgeriesAccepted++;
			if (problems.length < 10) problems.push(`#${delivery.index} ${delivery.kind}: accepted`);
			return;
		}
		const id = answer.eventId ?? delivery.eventId;
		emits.set(id, (emits.get(id) ?? 0) + 1);
	});
	let dropped = 0;
	for (const id of authentic) {
		if (!emits.get(id)) {
			dropped++;
			if (problems.length < 10) problems.push(`${id}: authentic event never emitted`);
		}
	}
	let duplicatesEmitted = 0;
	for (const [id, count] of emits) {
		if (count > 1) {
			duplicatesEmitted += count - 1;
			if (problems.length < 10) problems.push(`${id}: emitted ${count} times`);
		}
	}
	return {
		counts: {
			deliveries: deliveries.length,
			'authentic events': authentic.size,
			'events emitted': [...emits.values()].reduce((a, b) => a + b, 0),
			'valid events dropped': dropped,
			'resends sent': duplicatesSent,
			'duplicates emitted': duplicatesEmitted,
			'forged or refused sent': refusedSent,
			'forgeries accepted': forgeriesAccepted,
			'receiver crashes': crashes,
			'server errors (5xx)': serverErrors,
		},
		sentByKind,
		emittedByKind,
		problems,
	};
}

export function fuzzHeld(counts: Record<string, number>): boolean {
	return [
		'valid events dropped',
		'duplicates emitted',
		'forgeries accepted',
		'receiver crashes',
	].every((name) => (counts[name] ?? 0) === 0);
}

/** Two rows (sent, emitted) by delivery kind, for the summary. */
export function kindRows(
	through: string,
	tally: FuzzTally,
	kinds: readonly DeliveryKind[],
): ResultRow[] {
	const row = (what: string, source: Record<string, number>): ResultRow => ({
		through,
		what,
		counts: Object.fromEntries(kinds.map((kind) => [kind, source[kind] ?? 0])),
		held: null,
	});
	return [row('sent', tally.sentByKind), row('emitted', tally.emittedByKind)];
}
