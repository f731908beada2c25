import type { CommandSpec } from '../args';
import { API_ENV, API_OPTIONS, apiClient } from '../api-client';
import type { Command, CommandContext } from '../command';
import { EXIT } from '../exit-codes';
import { issueText } from '../issue-view';

const spec: CommandSpec = {
	name: 'issue',
	summary: 'Show one issue, with its status and scheduled date (permission lecture).',
	positionals: [
		{
			name: 'id',
			sets: ['id'],
			description: 'The issue id, <domain>:<slug> (e.g. numero.press:gazette-2026-03).',
		},
	],
	options: { ...API_OPTIONS },
	env: API_ENV,
	examples: [
		'numero issue numero.press:gazette-2026-03',
		'numero issue numero.press:gazette-2026-03 --json',
	],
};

async function run(context: CommandContext): Promise<number> {
	const id = context.args.positional(0) ?? '';
	const { numero } = await apiClient(context).getIssue({ id });
	context.output.result({ numero }, () => issueText(numero));
	return EXIT.ok;
}

export const issueCommand: Command = { spec, run };
