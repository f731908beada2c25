import { spawn } from 'node:child_process';
import type { CommandSpec } from '../args';
import type { Command, CommandContext } from '../command';

const spec: CommandSpec = {
	name: 'sandbox',
	summary:
		'Start the local numero sandbox (the same as `npm run sandbox`): every endpoint, keys, webhooks.',
	description: [
		'A faithful local numero service on 127.0.0.1, in memory: it prints its API address, its keys and a',
		'curl to try. Point the other commands at it with NUMERO_BASE_URL and NUMERO_API_KEY. Ctrl-C stops it.',
	].join('\n'),
	positionals: [],
	options: {
		port: { type: 'string', value: '<n>', description: 'The API port (default: a free one).' },
		'rate-limit': {
			type: 'string',
			value: '<n>',
			description: 'Calls per minute per key; 0 turns the limit off (default 300).',
		},
		'time-scale': {
			type: 'string',
			value: '<x>',
			description:
				'Sandbox seconds per real second: scheduled releases and webhook retries come sooner (default 1).',
		},
		json: { type: 'boolean', description: 'Print the addresses and keys as one JSON line first.' },
	},
	examples: ['numero sandbox', 'numero sandbox --port 8787 --time-scale 60'],
};

/**
 * Runs the sandbox's own command (sandbox/cli.ts, compiled next to this one) in a child process, so
 * that there is one sandbox launcher; this process waits for it and passes on its exit code.
 */
async function run({ args }: CommandContext): Promise<number> {
	const forwarded = [
		...optionArgs('port', args.string('port')),
		...optionArgs('rate-limit', args.string('rate-limit')),
		...optionArgs('time-scale', args.string('time-scale')),
		...(args.flag('json') ? ['--json'] : []),
	];
	const child = spawn(
		process.execPath,
		[...process.execArgv, require.resolve('../../sandbox/cli'), ...forwarded],
		{ stdio: 'inherit' },
	);
	// Ctrl-C reaches the whole process group: the sandbox stops itself and this process waits for it.
	const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
	const onInterrupt = forward('SIGINT');
	const onTerminate = forward('SIGTERM');
	process.on('SIGINT', onInterrupt);
	process.on('SIGTERM', onTerminate);
	try {
		return await new Promise<number>((resolve, reject) => {
			child.once('error', reject);
			child.once('exit', (code, signal) =>
				resolve(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1)),
			);
		});
	} finally {
		process.off('SIGINT', onInterrupt);
		process.off('SIGTERM', onTerminate);
	}
}

function optionArgs(name: string, value: string | undefined): string[] {
	return value === undefined ? [] : [`--${name}=${value}`];
}

export const sandboxCommand: Command = { spec, run };
