import { UsageError, type OptionSpec, type ParsedArgs } from './args';
import { ACCES, PERIODICAL_RULE_CHOICES, type Acces, type PeriodicalRuleChoice } from '../shared';

/** Options that `publish` and `update` share, with one meaning in both. */
export const ISSUE_OPTIONS: Record<string, OptionSpec> = {
	title: {
		type: 'string',
		sets: ['titre'],
		value: '<title>',
		description: 'The title, at most 200 characters.',
	},
	access: {
		type: 'string',
		sets: ['acces'],
		value: '<abonnes|libre>',
		description: 'abonnes: subscribers only (default for a new issue); libre: free.',
	},
	'buy-link': {
		type: 'string',
		sets: ['lien_achat'],
		value: '<url>',
		description: "Target of the public page's buy button.",
	},
	download: {
		type: 'string',
		sets: ['telechargement'],
		value: '<yes|no|periodical>',
		description: "Readers may download the PDF; periodical: the periodical's rule.",
	},
	print: {
		type: 'string',
		sets: ['impression'],
		value: '<yes|no|periodical>',
		description: "Readers may print; periodical: the periodical's rule.",
	},
	schedule: {
		type: 'string',
		sets: ['publier_le'],
		value: '<date-time>',
		description:
			'Release at this instant, ISO 8601 with a zone (2026-04-01T08:00:00+02:00), at most a year ahead.',
	},
};

export function issueOptionFields(args: ParsedArgs): {
	titre?: string;
	acces?: Acces;
	lien_achat?: string;
	telechargement?: boolean | null;
	impression?: boolean | null;
	publier_le?: string;
} {
	const titre = args.string('title');
	const acces = args.choice('access', ACCES);
	const lienAchat = args.string('buy-link');
	const ruleChoices = Object.keys(PERIODICAL_RULE_CHOICES) as PeriodicalRuleChoice[];
	const download = args.choice('download', ruleChoices);
	const print = args.choice('print', ruleChoices);
	const schedule = args.string('schedule');
	return {
		...(titre !== undefined ? { titre } : {}),
		...(acces !== undefined ? { acces } : {}),
		...(lienAchat !== undefined ? { lien_achat: lienAchat } : {}),
		...(download !== undefined ? { telechargement: PERIODICAL_RULE_CHOICES[download] } : {}),
		...(print !== undefined ? { impression: PERIODICAL_RULE_CHOICES[print] } : {}),
		...(schedule !== undefined ? { publier_le: schedule } : {}),
	};
}

/** Two switches that cannot go together. */
export function exclusive(args: ParsedArgs, a: string, b: string): void {
	if (args.string(a) !== undefined || args.flag(a)) {
		if (args.string(b) !== undefined || args.flag(b))
			throw new UsageError(`--${a} and --${b} cannot go together.`);
	}
}
