import { UsageError, type OptionSpec, type ParsedArgs } from './args';
import type { Acces } from '../shared';

/** Options that `publish` and `update` share, with one meaning in both. */
export const ISSUE_OPTIONS: Record<string, OptionSpec> = {
	title: { type: 'string', value: '<title>', description: 'The title, at most 200 characters.' },
	access: {
		type: 'string',
		value: '<abonnes|libre>',
		description: 'abonnes: subscribers only (default for a new issue); libre: free.',
	},
	'buy-link': {
		type: 'string',
		value: '<url>',
		description: "Target of the public page's buy button.",
	},
	download: {
		type: 'string',
		value: '<yes|no|default>',
		description: "Readers may download the PDF; default: the periodical's rule.",
	},
	print: {
		type: 'string',
		value: '<yes|no|default>',
		description: "Readers may print; default: the periodical's rule.",
	},
	schedule: {
		type: 'string',
		value: '<date-time>',
		description:
			'Release at this instant, ISO 8601 with a zone (2026-04-01T08:00:00+02:00), at most a year ahead.',
	},
};

/** The API fields the shared options set, for error messages. */
export const ISSUE_FIELD_FLAGS: Record<string, string> = {
	titre: '--title',
	acces: '--access',
	lien_achat: '--buy-link',
	telechargement: '--download',
	impression: '--print',
	publier_le: '--schedule',
};

const TRI_STATE = { yes: true, no: false, default: null } as const;

export function issueOptionFields(args: ParsedArgs): {
	titre?: string;
	acces?: Acces;
	lien_achat?: string;
	telechargement?: boolean | null;
	impression?: boolean | null;
	publier_le?: string;
} {
	const titre = args.string('title');
	const acces = args.choice('access', ['abonnes', 'libre'] as const);
	const lienAchat = args.string('buy-link');
	const download = args.choice('download', ['yes', 'no', 'default'] as const);
	const print = args.choice('print', ['yes', 'no', 'default'] as const);
	const schedule = args.string('schedule');
	return {
		...(titre !== undefined ? { titre } : {}),
		...(acces !== undefined ? { acces } : {}),
		...(lienAchat !== undefined ? { lien_achat: lienAchat } : {}),
		...(download !== undefined ? { telechargement: TRI_STATE[download] } : {}),
		...(print !== undefined ? { impression: TRI_STATE[print] } : {}),
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
