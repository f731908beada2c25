import type { INodePropertyOptions } from 'n8n-workflow';

import { EVENT_TYPES, ISSUE_EVENTS } from '../../shared/index';

/** Selects every event type the service sends, except its test event. */
export const ALL_EVENTS = '*';

/** The core's description as an option's: "An issue is taken offline (numero.retire)". */
function optionDescription(type: (typeof EVENT_TYPES)[number]): string {
	const { description } = ISSUE_EVENTS[type];
	return `${description.charAt(0).toUpperCase()}${description.slice(1)} (${type})`;
}

export const EVENT_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'All Events',
		value: ALL_EVENTS,
		description: 'Every event numero sends, including types added later',
	},
	...EVENT_TYPES.map((type) => ({
		name: ISSUE_EVENTS[type].label,
		value: type,
		description: optionDescription(type),
	})),
];

/** The trigger's subtitle on the canvas: the chosen events' labels ("Issue Published, Issue Withdrawn"). */
export const EVENTS_SUBTITLE = `={{ $parameter["events"].map((event) => (${JSON.stringify(
	Object.fromEntries(EVENT_OPTIONS.map((option) => [option.value, option.name])),
)})[event] ?? event).join(", ") }}`;

/** The options' labels of the chosen events, as the integrations area of numero should tick them. */
export function describeSelectedEvents(selected: readonly string[]): string {
	if (selected.includes(ALL_EVENTS)) return `all events (${EVENT_TYPES.join(', ')})`;
	return selected.join(', ');
}
