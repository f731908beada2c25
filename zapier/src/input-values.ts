/**
 * Zapier hands every field over as the user mapped it: text for numbers, '' for a field left empty.
 * These turn that into the core's inputs. A value that cannot be converted is passed on unchanged, so
 * that the core's validation refuses it with a message naming the field and the rule.
 */
import { periodicalRuleValue, type PeriodicalRuleChoice } from '../../shared';

/** Empty ('' or blank, null, absent) becomes undefined; text is trimmed. */
export function optionalValue(value: unknown): unknown {
	if (value === undefined || value === null) return undefined;
	if (typeof value === 'string') {
		const trimmed = value.trim();
		return trimmed === '' ? undefined : trimmed;
	}
	return value;
}

/** Text kept as typed (titles), except that an empty or blank value becomes undefined. */
export function optionalText(value: unknown): unknown {
	if (typeof value === 'string' && value.trim() === '') return undefined;
	return value ?? undefined;
}

export function optionalInteger(value: unknown): unknown {
	const present = optionalValue(value);
	if (typeof present === 'string' && /^[+-]?\d+$/.test(present)) return Number(present);
	return present;
}

/** The choices of a yes / no / "as the periodical" field: the core's download / print choices. */
export const TRI_STATE_CHOICES: Array<{
	value: PeriodicalRuleChoice;
	label: string;
	sample: PeriodicalRuleChoice;
}> = [
	{ value: 'periodical', label: 'As the Periodical Decides', sample: 'periodical' },
	{ value: 'yes', label: 'Yes', sample: 'yes' },
	{ value: 'no', label: 'No', sample: 'no' },
];

/** `periodical` → null (the periodical's rule), `yes` → true, `no` → false (so do a mapped true / false), empty → undefined. */
export function triState(value: unknown): unknown {
	const present = optionalValue(value);
	if (present === 'true') return true;
	if (present === 'false') return false;
	return periodicalRuleValue(present);
}

/** A date field: Zapier gives an ISO date-time; the API wants its calendar date (YYYY-MM-DD). */
export function optionalDate(value: unknown): unknown {
	const present = optionalValue(value);
	if (typeof present === 'string' && /^\d{4}-\d{2}-\d{2}(?:[T ].*)?$/.test(present))
		return present.slice(0, 10);
	return present;
}
