import { randomInt } from 'node:crypto';
import {
	EVENT_TYPES,
	ISSUE_EVENTS,
	TEST_EVENT_TYPE,
	type EventType,
	type IssueEventData,
	type WebhookEvent,
} from '../shared';

/** The types `numero trigger` can send: the four issue events and the test button's event. */
export const TRIGGER_EVENT_TYPES: readonly string[] = [...EVENT_TYPES, TEST_EVENT_TYPE];

const PERIODICAL = { code: 'gazette-jardins', nom: 'La Gazette des Jardins' };
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `evt_` and 24 random letters and digits. */
export function newEventId(): string {
	let id = 'evt_';
	for (let i = 0; i < 24; i += 1) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
	return id;
}

/**
 * An event as the service would send it: the issue is this month's issue of a gardening magazine,
 * `cree_le` is `now` in ISO 8601 UTC with milliseconds.
 */
export function sampleEvent(type: string, now: Date, id: string = newEventId()): WebhookEvent {
	if (!isTriggerEventType(type)) throw new Error(`Unknown event type ${type}`);
	const donnees = type === TEST_EVENT_TYPE ? testEventData() : sampleIssue(type as EventType, now);
	return { id, type, cree_le: now.toISOString(), donnees };
}

export function isTriggerEventType(type: string): boolean {
	return TRIGGER_EVENT_TYPES.includes(type);
}

function sampleIssue(type: EventType, now: Date): IssueEventData {
	const year = now.getUTCFullYear();
	const month = String(now.getUTCMonth() + 1).padStart(2, '0');
	const slug = `${PERIODICAL.code}-${year}-${month}`;
	const monthName = new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' }).format(
		now,
	);
	return {
		id: `numero.press:${slug}`,
		titre: `${PERIODICAL.nom}, ${monthName} ${year}`,
		publication: { ...PERIODICAL },
		date: `${year}-${month}-01`,
		pages: 68,
		page_publique: `https://numero.press/${slug}`,
		statut: ISSUE_EVENTS[type].statutAfter,
	};
}

function testEventData(): { message: string } {
	return { message: 'Événement de test envoyé par la commande numero trigger' };
}
