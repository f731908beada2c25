import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { compileCli, removeCompiled } from '../cli/support/compile-cli';
import { USER_AGENT } from './sandbox-client';

let outDir: string;
let script: string;
beforeAll(() => {
	({ outDir } = compileCli());
	script = join(outDir, 'cli/main.js');
});
afterAll(() => removeCompiled(outDir));

function run(args: string[]): {
	child: ChildProcessWithoutNullStreams;
	lines: AsyncIterator<string>;
	exit: Promise<number | null>;
} {
	const child = spawn(process.execPath, [script, 'sandbox', ...args], { stdio: 'pipe' });
	const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
	const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	return { child, lines, exit };
}

describe('numero sandbox (npm run sandbox)', () => {
	test('--json prints the addresses and keys as the first line; SIGTERM stops it cleanly', async () => {
		const { child, lines, exit } = run(['--port', '0', '--json', '--rate-limit', '0']);
		const first = JSON.parse((await lines.next()).value as string);
		expect(Object.keys(first).sort()).toEqual(['adminToken', 'adminUrl', 'baseUrl', 'keys']);
		expect(first.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
		expect(first.adminUrl).toBe(first.baseUrl.replace(/\/v1$/, '/admin'));
		expect(Object.keys(first.keys).sort()).toEqual([
			'full',
			'lecture',
			'liens',
			'otherAccount',
			'publication',
			'revoked',
		]);
		const compte = await fetch(`${first.baseUrl}/compte`, {
			headers: { 'User-Agent': USER_AGENT, Authorization: `Bearer ${first.keys.full}` },
		});
		expect(compte.status).toBe(200);
		expect(compte.headers.get('x-ratelimit-limit')).toBeNull();
		const clock = await fetch(`${first.adminUrl}/clock`, {
			headers: { Authorization: `Bearer ${first.adminToken}` },
		});
		expect(clock.status).toBe(200);
		child.kill('SIGTERM');
		expect(await exit).toBe(0);
	});

	test('without --json it prints a curl line that works; Ctrl-C stops it', async () => {
		const { child, lines, exit } = run(['--time-scale', '2']);
		const printed: string[] = [];
		for (;;) {
			const line = (await lines.next()).value as string;
			printed.push(line);
			if (line.startsWith('Ctrl-C')) break;
		}
		expect(printed.join('\n')).toContain('time scale 2');
		const curl = printed.find((line) => line.trim().startsWith('curl ')) as string;
		expect(curl).toMatch(
			/^ {2}curl -A 'my-tool\/1\.0' -H 'Authorization: Bearer \S+' http:\/\/127\.0\.0\.1:\d+\/v1\/compte$/,
		);
		const output = await new Promise<string>((resolve, reject) =>
			execFile('/bin/sh', ['-c', `${curl.trim()} -s`], (error, stdout) =>
				error ? reject(error) : resolve(stdout),
			),
		);
		expect(JSON.parse(output).compte.formule).toBe('pro');
		child.kill('SIGINT');
		expect(await exit).toBe(0);
	});

	test('a bad flag is refused with exit code 2 and a message naming it', async () => {
		const { child, exit } = run(['--rate-limit', 'lots']);
		let stderr = '';
		child.stderr.on('data', (chunk) => (stderr += chunk));
		expect(await exit).toBe(2);
		expect(stderr).toContain('--rate-limit');
	});
});

describe('npm run sandbox on a busy port', () => {
	test('says the port is in use and exits with 1', async () => {
		const first = run(['--json']);
		const { baseUrl } = JSON.parse((await first.lines.next()).value as string);
		const port = new URL(baseUrl).port;
		const second = run(['--port', port]);
		let stderr = '';
		second.child.stderr.on('data', (chunk) => (stderr += chunk));
		expect(await second.exit).toBe(1);
		expect(stderr).toContain(`port ${port} is already in use`);
		first.child.kill('SIGTERM');
		expect(await first.exit).toBe(0);
	});
});
