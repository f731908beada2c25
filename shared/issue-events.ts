/**
 * The issue events, once (numero-api.md, Event types; the status after each is our reading of the
 * state table, docs/api-choices.md "Events"). The n8n trigger, the Zapier triggers, `numero trigger`
 * and the sandbox read their type, English label, description and status after the event here; each
 * host puts the description in its own sentence.
 */
import type { StatutNumero } from './api-types';

export interface IssueEventInfo {
	/** Title case, as n8n options and Zapier triggers show it. */
	readonly label: string;
	/** What happened, as the end of "Triggers when …": lower case, no final stop. */
	readonly description: string;
	/** The issue's statut once the event happened. */
	readonly statutAfter: StatutNumero;
}

export const ISSUE_EVENTS = {
	'numero.publie': {
		label: 'Issue Published',
		description: 'an issue is published, including a scheduled issue reaching its release time',
		statutAfter: 'en_ligne',
	},
	'numero.remplace': {
		label: 'Issue Replaced',
		description: "an issue's PDF is replaced (same addresses and links, new file)",
		statutAfter: 'en_ligne',
	},
	'numero.retire': {
		label: 'Issue Withdrawn',
		description: 'an issue is taken offline',
		statutAfter: 'retire',
	},
	'numero.remis_en_ligne': {
		label: 'Issue Back Online',
		description: 'a withdrawn issue is put back online',
		statutAfter: 'en_ligne',
	},
} as const satisfies Record<string, IssueEventInfo>;

export type EventType = keyof typeof ISSUE_EVENTS;

/** The four issue event types, in one list (DESIGN.md). */
export const EVENT_TYPES = Object.keys(ISSUE_EVENTS) as readonly EventType[];

/** The type of the event sent by the integrations area's test button (our choice). */
export const TEST_EVENT_TYPE = 'numero.test';
