import type { CommandSpec } from '../args';
import { API_ENV, API_OPTIONS, apiClient } from '../api-client';
import type { Command, CommandContext } from '../command';
import { EXIT } from '../exit-codes';

const spec: CommandSpec = {
	name: 'revoke',
	summary:
		'Turn off every reading link created with a subscriber reference, for all issues (permission liens).',
	description: 'Links created afterwards with the same reference work normally.',
	positionals: [
		{
			name: 'reference',
			sets: ['reference'],
			description: 'The subscriber reference given to `numero link --reference`.',
		},
	],
	options: { ...API_OPTIONS },
	env: API_ENV,
	examples: ['numero revoke sub_4821'],
};

async function run(context: CommandContext): Promise<number> {
	const revocation = await apiClient(context).revokeReference({
		reference: context.args.positional(0) ?? '',
	});
	context.output.result(
		revocation,
		() => `Revoked every link of reference ${revocation.reference} at ${revocation.revoque_le}.`,
	);
	return EXIT.ok;
}

export const revokeCommand: Command = { spec, run };
