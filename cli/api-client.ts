import { UsageError, type OptionSpec } from './args';
import { JSON_OPTION, type CommandContext } from './command';
import { CLI_USER_AGENT } from './user-agent';
import type { NumeroClient } from '../shared';
import { createClient } from '../standalone';

/** The options of every command that calls the numero API. */
export const API_OPTIONS: Record<string, OptionSpec> = {
	'base-url': {
		type: 'string',
		value: '<url>',
		description: 'The API root, ending in /v1. Default: $NUMERO_BASE_URL.',
	},
	'api-key': {
		type: 'string',
		value: '<key>',
		description:
			'The API key. Default: $NUMERO_API_KEY, which is better: a flag shows in the process list and history.',
	},
	json: JSON_OPTION,
};

export const API_ENV: Array<[string, string]> = [
	['NUMERO_BASE_URL', 'The API root, e.g. https://…/v1 (the sandbox prints its own).'],
	['NUMERO_API_KEY', 'The API key (with the permission the command needs).'],
];

/** The core's client on undici, from --base-url/--api-key or the environment. The key is never printed. */
export function apiClient({ args, io, output }: CommandContext): NumeroClient {
	const apiKey = args.string('api-key') ?? io.env['NUMERO_API_KEY'];
	output.protect(apiKey);
	const baseUrl = args.string('base-url') ?? io.env['NUMERO_BASE_URL'];
	if (!baseUrl)
		throw new UsageError('No API address: pass --base-url https://…/v1 or set NUMERO_BASE_URL.');
	if (!apiKey) throw new UsageError('No API key: set NUMERO_API_KEY (or pass --api-key).');
	return createClient({ baseUrl, apiKey, userAgent: CLI_USER_AGENT });
}
