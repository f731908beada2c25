import { UsageError, type CommandSpec } from '../args';
import { API_ENV, API_OPTIONS, apiClient } from '../api-client';
import type { Command, CommandContext } from '../command';
import { EXIT } from '../exit-codes';
import { exclusive, ISSUE_OPTIONS, issueOptionFields } from '../issue-options';
import { issueText } from '../issue-view';
import type { UpdateIssueInput } from '../../shared';

const spec: CommandSpec = {
	name: 'update',
	summary:
		'Change an issue: title, access, buy link, periodical, schedule; take it offline or online (permission publication).',
	description:
		'--offline withdraws an issue (event numero.retire); --online puts it back (numero.remis_en_ligne)\nor releases a scheduled issue now. Only the fields given change.',
	positionals: [{ name: 'id', sets: ['id'], description: 'The issue id, <domain>:<slug>.' }],
	options: {
		...ISSUE_OPTIONS,
		'no-buy-link': { type: 'boolean', description: 'Remove the buy link.' },
		periodical: {
			type: 'string',
			sets: ['publication'],
			value: '<code>',
			description: 'Move the issue to this periodical (its code).',
		},
		online: {
			type: 'boolean',
			sets: ['en_ligne'],
			description: 'Put the issue online (also releases a scheduled issue now).',
		},
		offline: { type: 'boolean', description: 'Take the issue offline.' },
		...API_OPTIONS,
	},
	env: API_ENV,
	examples: [
		'numero update numero.press:gazette-2026-03 --title "La Gazette des Jardins, mars 2026"',
		'numero update numero.press:gazette-2026-03 --offline',
		'numero update numero.press:gazette-2026-04 --schedule 2026-04-01T08:00:00+02:00',
	],
};

async function run(context: CommandContext): Promise<number> {
	const { args } = context;
	exclusive(args, 'online', 'offline');
	exclusive(args, 'buy-link', 'no-buy-link');
	const periodical = args.string('periodical');
	const patch: UpdateIssueInput = {
		...issueOptionFields(args),
		...(args.flag('no-buy-link') ? { lien_achat: null } : {}),
		...(periodical !== undefined ? { publication: periodical } : {}),
		...(args.flag('online') ? { en_ligne: true } : args.flag('offline') ? { en_ligne: false } : {}),
	};
	if (Object.keys(patch).length === 0) {
		throw new UsageError(
			'Nothing to change: give at least one of --title, --access, --buy-link, --no-buy-link, --download, --print, --periodical, --schedule, --online, --offline.',
		);
	}
	const { numero } = await apiClient(context).updateIssue(args.positional(0) ?? '', patch);
	context.output.result({ numero }, () => `Updated.\n${issueText(numero)}`);
	return EXIT.ok;
}

export const updateCommand: Command = {
	spec,
	run,
};
