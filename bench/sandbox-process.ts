/**
 * The sandbox in its own process (`dist/cli/main.js sandbox --json`), for the benchmarks that time network
 * work: the service then runs on the other core instead of sharing the event loop of the client
 * being measured, as a real service would, and curl and our client face the same server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import type { SandboxKeys } from '../sandbox';

export interface SandboxProcess {
	baseUrl: string;
	adminUrl: string;
	adminToken: string;
	keys: SandboxKeys;
	pid: number;
	admin<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T>;
	close(): Promise<void>;
}

export const BENCH_USER_AGENT = 'numero-bench/1.0 (+bench/)';

export async function startSandboxProcess(
	options: { rateLimit?: number; timeScale?: number } = {},
): Promise<SandboxProcess> {
	const cli = join(__dirname, '..', 'cli', 'main.js');
	const args = [
		cli,
		'sandbox',
		'--port',
		'0',
		'--json',
		'--rate-limit',
		String(options.rateLimit ?? 0),
		'--time-scale',
		String(options.timeScale ?? 1),
	];
	const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
	let stderr = '';
	child.stderr!.on('data', (chunk: Buffer) => {
		stderr = (stderr + chunk.toString('utf8')).slice(-4000);
	});
	const info = await new Promise<{
		baseUrl: string;
		adminUrl: string;
		adminToken: string;
		keys: SandboxKeys;
	}>((resolve, reject) => {
		const lines = createInterface({ input: child.stdout! });
		lines.once('line', (line) => {
			try {
				resolve(JSON.parse(line));
			} catch (error) {
				reject(new Error(`sandbox printed ${JSON.stringify(line)} instead of its JSON line`));
			}
		});
		child.once('exit', (code) =>
			reject(new Error(`the sandbox process exited (${code}) before it started: ${stderr.trim()}`)),
		);
	});
	// Keep reading stdout so the child never blocks on a full pipe.
	child.stdout!.resume();

	const admin = async <T>(
		method: 'GET' | 'POST' | 'DELETE',
		path: string,
		body?: unknown,
	): Promise<T> => {
		const response = await request(`${info.adminUrl}${path}`, {
			method,
			headers: {
				authorization: `Bearer ${info.adminToken}`,
				'user-agent': BENCH_USER_AGENT,
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
			},
			...(body === undefined ? {} : { body: JSON.stringify(body) }),
		});
		const text = await response.body.text();
		if (response.statusCode >= 300)
			throw new Error(`sandbox admin ${method} ${path}: HTTP ${response.statusCode} ${text}`);
		return JSON.parse(text) as T;
	};

	return {
		...info,
		pid: child.pid!,
		admin,
		close: () =>
			new Promise<void>((resolve) => {
				if (child.exitCode !== null || child.signalCode !== null) return resolve();
				child.once('exit', () => resolve());
				child.kill('SIGTERM');
			}),
	};
}
