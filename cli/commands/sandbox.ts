import { UsageError, type CommandSpec, type ParsedArgs } from '../args';
import type { Command, CommandContext } from '../command';
import { EXIT } from '../exit-codes';
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { RATE_LIMIT_PER_MINUTE } from '../../shared/api-limits';

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
			description: `Calls per minute per key; 0 turns the limit off (default ${RATE_LIMIT_PER_MINUTE}).`,
		},
		'time-scale': {
			type: 'string',
			value: '<x>',
			description:
				'Sandbox seconds per real second: scheduled releases and webhook retries come sooner (default 1).',
		},
		json: { type: 'boolean', description: 'Print the addresses and keys as one JSON line first.' },
	},
	examples: [
		'numero sandbox',
		'numero sandbox --port 8787 --time-scale 60',
		'npm run sandbox -- --json',
	],
};

function integerOption(args: ParsedArgs, name: string, fallback: number, max: number): number {
	const value = args.integer(name) ?? fallback;
	if (value < 0 || value > max)
		throw new UsageError(`--${name} must be a whole number from 0 to ${max} (got ${value}).`);
	return value;
}

function timeScaleOption(args: ParsedArgs): number {
	const value = args.string('time-scale');
	if (value === undefined) return 1;
	const scale = Number(value);
	if (value.trim() === '' || !Number.isFinite(scale) || scale <= 0) {
		throw new UsageError(`--time-scale must be a positive number (got "${value}").`);
	}
	return scale;
}

function banner(sandbox: RunningSandbox, rateLimit: number, timeScale: number): string[] {
	return [
		'numero sandbox is running',
		`  API:        ${sandbox.baseUrl}`,
		`  OpenAPI:    ${sandbox.origin}/docs/openapi.json`,
		`  Admin:      ${sandbox.adminUrl}  (Authorization: Bearer ${sandbox.adminToken})`,
		`  Uploads:    ${sandbox.uploadOrigin}`,
		`  Rate limit: ${rateLimit === 0 ? 'off' : `${rateLimit} calls per minute per key`}; time scale ${timeScale}`,
		'  Keys:',
		`    full (lecture, liens, publication): ${sandbox.keys.full}`,
		`    lecture only:                       ${sandbox.keys.lecture}`,
		`    liens only:                         ${sandbox.keys.liens}`,
		`    publication only:                   ${sandbox.keys.publication}`,
		`    revoked (401):                      ${sandbox.keys.revoked}`,
		`    other account:                      ${sandbox.keys.otherAccount}`,
		'',
		'Try it:',
		`  curl -A 'my-tool/1.0' -H 'Authorization: Bearer ${sandbox.keys.full}' ${sandbox.baseUrl}/compte`,
		'',
		'Ctrl-C stops it.',
	];
}

/** The signal that stops the sandbox (Ctrl-C, or SIGTERM from a script). */
function stopSignal(): Promise<void> {
	return new Promise((resolve) => {
		const stop = (): void => {
			process.off('SIGINT', stop);
			process.off('SIGTERM', stop);
			resolve();
		};
		process.on('SIGINT', stop);
		process.on('SIGTERM', stop);
	});
}

/** Starts the sandbox in this process (`npm run sandbox` runs this command too), prints it, runs until stopped. */
async function run({ args, io }: CommandContext): Promise<number> {
	const port = integerOption(args, 'port', 0, 65535);
	const rateLimit = integerOption(
		args,
		'rate-limit',
		RATE_LIMIT_PER_MINUTE,
		Number.MAX_SAFE_INTEGER,
	);
	const timeScale = timeScaleOption(args);
	let sandbox: RunningSandbox;
	try {
		sandbox = await startSandbox({
			port,
			rateLimit,
			timeScale,
			log: (line) => io.stderr.write(`${line}\n`),
		});
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		const reason =
			code === 'EADDRINUSE'
				? `port ${port} is already in use; choose another with --port, or 0 for a free one`
				: (error as Error).message;
		io.stderr.write(`numero sandbox: cannot start: ${reason}\n`);
		return EXIT.apiError;
	}
	const stopped = stopSignal();
	if (args.flag('json')) {
		const { baseUrl, adminUrl, adminToken, keys } = sandbox;
		io.stdout.write(`${JSON.stringify({ baseUrl, adminUrl, adminToken, keys })}\n`);
	} else {
		io.stdout.write(`${banner(sandbox, rateLimit, timeScale).join('\n')}\n`);
	}
	await stopped;
	await sandbox.close();
	return EXIT.ok;
}

export const sandboxCommand: Command = { spec, run };
