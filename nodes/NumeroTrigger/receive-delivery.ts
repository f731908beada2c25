import type { IDataObject } from 'n8n-workflow';

import {
	EventDeduplicator,
	TEST_EVENT_TYPE,
	verifyWebhook,
	WebhookVerificationError,
	type EventDeduplicatorState,
	type WebhookFailureReason,
} from '../../shared/index';
import { ALL_EVENTS } from './event-choices';

/** What the trigger outputs for one event: the envelope, plus when the delivery was signed. */
export interface NumeroTriggerItem extends IDataObject {
	id: string;
	type: string;
	cree_le: string;
	donnees: IDataObject;
	/** The delivery's signature time (the header's `t`), ISO 8601. Retries of one event are signed anew. */
	signe_le: string;
}

export interface DeliveryInput {
	/** The request body exactly as received. */
	rawBody: string | Uint8Array;
	/** The Service-Signature header. */
	signatureHeader: string | undefined;
	secrets: string[];
	toleranceSeconds: number;
	/** The node's chosen event types, or ALL_EVENTS. */
	selectedEvents: readonly string[];
	receiveTestEvents: boolean;
	/** The ids of events already handled, as kept in the workflow's static data (recordReceivedEvents). */
	receivedEvents: unknown;
	/** Event ids remembered at most. */
	rememberedEvents: number;
	/** Unix seconds. */
	now: number;
}

export type IgnoredBecause = 'test_event' | 'event_not_selected' | 'duplicate';

export type DeliveryOutcome =
	| { kind: 'refused'; reason: WebhookFailureReason }
	/** The node's own settings are unusable (no secret, a tolerance out of range): not the caller's fault. */
	| { kind: 'misconfigured'; message: string }
	| { kind: 'ignored'; because: IgnoredBecause; eventId: string }
	| { kind: 'accepted'; item: NumeroTriggerItem };

/** The header's `t`; verifyWebhook has already checked that it is there and digits only. */
function signatureTime(header: string): string {
	const match = /(?:^|,)\s*t=(\d+)\s*(?:,|$)/.exec(header);
	return new Date(Number(match?.[1]) * 1000).toISOString();
}

function isSelected(type: string, input: DeliveryInput): boolean {
	if (type === TEST_EVENT_TYPE) return input.receiveTestEvents;
	return input.selectedEvents.includes(ALL_EVENTS) || input.selectedEvents.includes(type);
}

/**
 * Decides what to do with one webhook delivery: refuse it (bad signature, stale or future-dated),
 * acknowledge it without starting the workflow (test event, type not chosen, an id already
 * received: the service's retries and manual resends carry the same id), or start the workflow.
 * It changes nothing: recording the id is the execution's job (see NumeroTrigger.execute).
 */
export function receiveDelivery(input: DeliveryInput): DeliveryOutcome {
	let event;
	try {
		event = verifyWebhook({
			payload: input.rawBody,
			header: input.signatureHeader,
			secrets: input.secrets,
			toleranceSeconds: input.toleranceSeconds,
			now: input.now,
		});
	} catch (error) {
		if (error instanceof WebhookVerificationError) return { kind: 'refused', reason: error.reason };
		return { kind: 'misconfigured', message: (error as Error).message };
	}
	if (!isSelected(event.type, input)) {
		return {
			kind: 'ignored',
			because: event.type === TEST_EVENT_TYPE ? 'test_event' : 'event_not_selected',
			eventId: event.id,
		};
	}
	// A throwaway copy: the id is recorded by the execution (recordReceivedEvents), not here.
	const received = EventDeduplicator.fromJSON(input.receivedEvents, {
		maxEntries: input.rememberedEvents,
	});
	if (received.seen(event.id, input.now))
		return { kind: 'ignored', because: 'duplicate', eventId: event.id };
	return {
		kind: 'accepted',
		item: {
			id: event.id,
			type: event.type,
			cree_le: event.cree_le,
			donnees: event.donnees as IDataObject,
			signe_le: signatureTime(input.signatureHeader as string),
		},
	};
}

/**
 * Adds the ids of events whose execution started to the state kept in static data, oldest out
 * first past `rememberedEvents`. Items without a string id (none come from this trigger) are skipped.
 */
export function recordReceivedEvents(
	state: unknown,
	eventIds: unknown[],
	now: number,
	rememberedEvents: number,
): EventDeduplicatorState {
	const received = EventDeduplicator.fromJSON(state, { maxEntries: rememberedEvents });
	for (const id of eventIds) if (typeof id === 'string') received.seen(id, now);
	return received.toJSON();
}
