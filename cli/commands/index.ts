import type { Command } from '../command';
import { accountCommand } from './account';
import { issueCommand } from './issue';
import { issuesCommand } from './issues';
import { linkCommand } from './link';
import { publishCommand } from './publish';
import { revokeCommand } from './revoke';
import { sandboxCommand } from './sandbox';
import { statsCommand } from './stats';
import { triggerCommand } from './trigger';
import { updateCommand } from './update';
import { verifyCommand } from './verify';

/** The commands, in the groups and order of `numero --help`. */
export const COMMAND_GROUPS: Array<{ title: string; commands: Command[] }> = [
	{ title: 'Try things locally', commands: [sandboxCommand] },
	{ title: 'Webhooks', commands: [triggerCommand, verifyCommand] },
	{
		title: 'The numero API (--base-url and --api-key, or NUMERO_BASE_URL and NUMERO_API_KEY)',
		commands: [
			publishCommand,
			updateCommand,
			issuesCommand,
			issueCommand,
			linkCommand,
			revokeCommand,
			statsCommand,
			accountCommand,
		],
	},
];

export const COMMANDS: Command[] = COMMAND_GROUPS.flatMap((group) => group.commands);
