import type { INodePropertyOptions } from 'n8n-workflow';

import { EVENT_TYPES, type EventType } from '../../shared/index';

/** Selects every event type the service sends, except its test event. */
export const ALL_EVENTS = '*';

const EVENT_LABELS: Record<EventType, { name: string; description: string }> = {
	'numero.publie': { name: 'Issue Published', description: 'An issue went online (numero.publie)' },
	'numero.remplace': {
		name: 'Issue Replaced',
		description: "An issue's PDF was replaced (numero.remplace)",
	},
	'numero.retire': {
		name: 'Issue Withdrawn',
		description: 'An issue was taken offline (numero.retire)',
	},
	'numero.remis_en_ligne': {
		name: 'Issue Back Online',
		description: 'A withdrawn issue was put back online (numero.remis_en_ligne)',
	},
};

export const EVENT_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'All Events',
		value: ALL_EVENTS,
		description: 'Every event numero sends, including types added later',
	},
	...EVENT_TYPES.map((type) => ({ ...EVENT_LABELS[type], value: type })),
];

/** The options' labels of the chosen events, as the integrations area of numero should tick them. */
export function describeSelectedEvents(selected: readonly string[]): string {
	if (selected.includes(ALL_EVENTS)) return `all events (${EVENT_TYPES.join(', ')})`;
	return selected.join(', ');
}
