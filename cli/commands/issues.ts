import type { CommandSpec } from '../args';
import { API_ENV, API_OPTIONS, apiClient } from '../api-client';
import type { Command, CommandContext } from '../command';
import { EXIT } from '../exit-codes';
import { issueTable } from '../issue-view';

const spec: CommandSpec = {
	name: 'issues',
	summary: 'List the latest issues, of every periodical or of one (permission lecture).',
	positionals: [],
	options: {
		periodical: {
			type: 'string',
			sets: ['publication'],
			value: '<code>',
			description: 'Only the issues of this periodical (its code).',
		},
		limit: {
			type: 'string',
			sets: ['limite'],
			value: '<n>',
			description: 'At most this many issues, 1 to 200 (default 50).',
		},
		...API_OPTIONS,
	},
	env: API_ENV,
	examples: [
		'numero issues',
		'numero issues --periodical gazette-jardins --limit 5',
		'numero issues --json | jq -r ".publications[].id"',
	],
};

async function run(context: CommandContext): Promise<number> {
	const { args } = context;
	const periodical = args.string('periodical');
	const limit = args.integer('limit');
	const list = await apiClient(context).listIssues({
		...(periodical !== undefined ? { publication: periodical } : {}),
		...(limit !== undefined ? { limite: limit } : {}),
	});
	context.output.result(list, () => issueTable(list.publications));
	return EXIT.ok;
}

export const issuesCommand: Command = { spec, run };
