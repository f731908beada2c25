/**
 * `npm run sandbox -- [--port N] [--rate-limit N] [--time-scale X] [--json]`
 * Starts the sandbox and prints its addresses and keys (first stdout line is JSON with --json).
 */
import { startSandbox } from './index';

interface CliOptions {
	port: number;
	rateLimit: number;
	timeScale: number;
	json: boolean;
}

function numberFlag(name: string, value: string | undefined, min: number): number {
	const parsed = Number(value);
	if (value === undefined || value.trim() === '' || !Number.isFinite(parsed) || parsed < min) {
		throw new Error(
			`${name}: expected a number >= ${min}, got ${value === undefined ? 'nothing' : JSON.stringify(value)}`,
		);
	}
	return parsed;
}

export function parseArgs(argv: string[]): CliOptions {
	const options: CliOptions = { port: 0, rateLimit: 300, timeScale: 1, json: false };
	for (let i = 0; i < argv.length; i += 1) {
		const [flag, inline] = argv[i].split(/=(.*)/s, 2);
		const value = (): string | undefined => (inline !== undefined ? inline : argv[++i]);
		switch (flag) {
			case '--port':
				options.port = numberFlag('--port', value(), 0);
				if (!Number.isInteger(options.port) || options.port > 65535)
					throw new Error('--port: an integer from 0 to 65535');
				break;
			case '--rate-limit':
				options.rateLimit = numberFlag('--rate-limit', value(), 0);
				if (!Number.isInteger(options.rateLimit))
					throw new Error('--rate-limit: an integer (0 = off)');
				break;
			case '--time-scale':
				options.timeScale = numberFlag('--time-scale', value(), 0);
				break;
			case '--json':
				options.json = true;
				break;
			case '--help':
			case '-h':
				process.stdout.write(
					'Usage: npm run sandbox -- [--port N] [--rate-limit N (0 = off)] [--time-scale X] [--json]\n',
				);
				process.exit(0);
			// falls through (exit never returns)
			default:
				throw new Error(
					`Unknown option ${argv[i]}; use --port, --rate-limit, --time-scale, --json`,
				);
		}
	}
	return options;
}

async function main(): Promise<void> {
	let options: CliOptions;
	try {
		options = parseArgs(process.argv.slice(2));
	} catch (error) {
		process.stderr.write(`numero sandbox: ${(error as Error).message}\n`);
		process.exit(2);
	}
	let sandbox: Awaited<ReturnType<typeof startSandbox>>;
	try {
		sandbox = await startSandbox({
			port: options.port,
			rateLimit: options.rateLimit,
			timeScale: options.timeScale,
			log: (line) => process.stderr.write(`${line}\n`),
		});
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		const reason =
			code === 'EADDRINUSE'
				? `port ${options.port} is already in use; choose another with --port, or 0 for a free one`
				: (error as Error).message;
		process.stderr.write(`numero sandbox: cannot start: ${reason}\n`);
		process.exit(1);
	}
	const info = {
		baseUrl: sandbox.baseUrl,
		adminUrl: sandbox.adminUrl,
		adminToken: sandbox.adminToken,
		keys: sandbox.keys,
	};
	if (options.json) {
		process.stdout.write(`${JSON.stringify(info)}\n`);
	} else {
		const lines = [
			'numero sandbox is running',
			`  API:        ${sandbox.baseUrl}`,
			`  OpenAPI:    ${sandbox.origin}/docs/openapi.json`,
			`  Admin:      ${sandbox.adminUrl}  (Authorization: Bearer ${sandbox.adminToken})`,
			`  Uploads:    ${sandbox.uploadOrigin}`,
			`  Rate limit: ${options.rateLimit === 0 ? 'off' : `${options.rateLimit} calls per minute per key`}; time scale ${options.timeScale}`,
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
		process.stdout.write(`${lines.join('\n')}\n`);
	}
	let stopping = false;
	const shutdown = (): void => {
		if (stopping) return;
		stopping = true;
		sandbox.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.on('SIGINT', shutdown);
	process.on('SIGTERM', shutdown);
}

void main();
