/**
 * Choices the hosts offer in their own words, with one name and one set of values everywhere:
 * how an issue is named in a list of issues, the periodicals of a list of issues, the download and
 * print rule (`telechargement`, `impression`), and the availability action (`en_ligne`).
 */
import type { Numero, PublicationRef } from './api-types';

/**
 * An issue in a dropdown or a list search, short enough for the width n8n and Zapier give it: the
 * date first (a long title is cut at the end, never the date), then the title, then the periodical
 * only when the title does not already name it: "2026-10-01 · La Gazette du Port, octobre 2026".
 */
export function issueChoiceLabel(issue: Numero): string {
	const periodical = issue.publication?.nom;
	const namesPeriodical =
		periodical && issue.titre.toLowerCase().includes(periodical.toLowerCase());
	return [issue.date, issue.titre, namesPeriodical ? undefined : periodical]
		.filter(Boolean)
		.join(' · ');
}

/** Issues for a choice list: the newest release date first; issues without a date last; else the API's order. */
export function newestFirst<T extends Pick<Numero, 'date'>>(issues: readonly T[]): T[] {
	return issues
		.map((issue, index) => ({ issue, index }))
		.sort((a, b) => {
			if (a.issue.date === b.issue.date) return a.index - b.index;
			if (!a.issue.date) return 1;
			if (!b.issue.date) return -1;
			return a.issue.date < b.issue.date ? 1 : -1;
		})
		.map(({ issue }) => issue);
}

/**
 * The periodicals of these issues, each once, in the issues' order. The API has no list of
 * periodicals, so the hosts gather them from the most recent issues.
 */
export function periodicalsOf(issues: readonly Numero[]): PublicationRef[] {
	const byCode = new Map<string, PublicationRef>();
	for (const { publication } of issues) {
		if (publication?.code && !byCode.has(publication.code))
			byCode.set(publication.code, publication);
	}
	return [...byCode.values()];
}

/** The download / print rule: `periodical` follows the periodical's rule (null), `yes` allows, `no` forbids. */
export const PERIODICAL_RULE_CHOICES = { periodical: null, yes: true, no: false } as const;
export type PeriodicalRuleChoice = keyof typeof PERIODICAL_RULE_CHOICES;

/** The availability action: `offline` withdraws, `online` puts back online, `publish_now` releases a scheduled issue. */
export const AVAILABILITY_CHOICES = { offline: false, online: true, publish_now: true } as const;
export type AvailabilityChoice = keyof typeof AVAILABILITY_CHOICES;

function chosen<T>(choices: Readonly<Record<string, T>>, choice: unknown): T | unknown {
	if (choice === undefined || choice === null || choice === '') return undefined;
	return typeof choice === 'string' && Object.hasOwn(choices, choice) ? choices[choice] : choice;
}

/**
 * A download / print choice as the API's value; empty is undefined. Anything else (an expression or
 * a mapped value gave another word) is passed on unchanged, so that the core refuses it naming the field.
 */
export function periodicalRuleValue(choice: unknown): boolean | null | undefined | unknown {
	return chosen(PERIODICAL_RULE_CHOICES, choice);
}

/** An availability choice as `en_ligne`; empty is undefined, anything else is passed on for the core to refuse. */
export function availabilityValue(choice: unknown): boolean | undefined | unknown {
	return chosen(AVAILABILITY_CHOICES, choice);
}
