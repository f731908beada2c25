/**
 * Runs the cached n8n as child processes: CLI commands (import, publish) and the server, offline on
 * loopback, with one user folder, one encryption key and the file access our workflows need.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { n8nBin } from './n8n-install';

export interface N8nSetup {
	/** Where n8n 2.40.7 is installed (ensureN8nInstalled()). */
	installFolder: string;
	/** N8N_USER_FOLDER: n8n keeps its database, settings and community packages in `<it>/.n8n`. */
	userFolder: string;
	port: number;
	/** Where n8n's task broker listens (n8n's default, 5679, would clash between two n8n on one machine). */
	brokerPort: number;
	encryptionKey: string;
	/** The only folder the file nodes (Local File Trigger, Read/Write Files from Disk) may touch. */
	filesFolder: string;
	/** n8n's output goes here. */
	logFile: string;
}

/** Variables of the calling process n8n must not inherit: under jest, NODE_ENV=test makes n8n refuse to load nodes. */
const NOT_INHERITED = ['NODE_ENV', 'JEST_WORKER_ID', 'NODE_OPTIONS'];

export function n8nEnv(setup: N8nSetup): NodeJS.ProcessEnv {
	const origin = `http://127.0.0.1:${setup.port}/`;
	const inherited = Object.fromEntries(
		Object.entries(process.env).filter(
			([name]) => !NOT_INHERITED.includes(name) && !name.startsWith('N8N_'),
		),
	);
	return {
		...inherited,
		N8N_USER_FOLDER: setup.userFolder,
		N8N_ENCRYPTION_KEY: setup.encryptionKey,
		N8N_PORT: String(setup.port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: origin,
		// The production URLs n8n shows and registers: the address the sandbox calls.
		N8N_WEBHOOK_URL: origin,
		N8N_RUNNERS_BROKER_PORT: String(setup.brokerPort),
		// Offline: no telemetry, update checks, templates or onboarding survey.
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		// Plain http on loopback: the login cookie must not require https.
		N8N_SECURE_COOKIE: 'false',
		// n8n 2 disables the Local File Trigger by default; our drop-folder workflow needs it.
		NODES_EXCLUDE: '["n8n-nodes-base.executeCommand"]',
		N8N_RESTRICT_FILE_ACCESS_TO: setup.filesFolder,
		N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL ?? 'info',
		N8N_LOG_OUTPUT: 'console',
		DB_TYPE: 'sqlite',
	};
}

function spawnN8n(setup: N8nSetup, args: string[]): ChildProcess {
	const log = fs.openSync(setup.logFile, 'a');
	fs.writeSync(log, `\n$ n8n ${args.join(' ')}\n`);
	const child = spawn(process.execPath, [n8nBin(setup.installFolder), ...args], {
		cwd: setup.userFolder,
		env: n8nEnv(setup),
		stdio: ['ignore', log, log],
	});
	fs.closeSync(log);
	return child;
}

/** The last lines of n8n's log, for error messages. */
export function logTail(setup: N8nSetup, lines = 40): string {
	if (!fs.existsSync(setup.logFile)) return '(no n8n log)';
	return fs.readFileSync(setup.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/** Runs one n8n CLI command to completion (each one boots n8n: a few seconds). */
export function runN8nCommand(setup: N8nSetup, args: string[]): Promise<void> {
	return new Promise((resolve, reject) => {
		const child = spawnN8n(setup, args);
		child.once('error', reject);
		child.once('exit', (code, signal) => {
			if (code === 0) resolve();
			else
				reject(
					new Error(
						`n8n ${args.join(' ')} failed (${code ?? signal}). n8n log (${setup.logFile}):\n${logTail(setup)}`,
					),
				);
		});
	});
}

export interface RunningN8n {
	url: string;
	/** Stops n8n (SIGTERM, then SIGKILL if it lingers) and waits for it to exit. */
	stop(): Promise<void>;
}

async function ready(url: string): Promise<boolean> {
	try {
		const response = await fetch(`${url}/healthz/readiness`);
		return response.status === 200;
	} catch {
		return false;
	}
}

const STOP_GRACE_MS = 15_000;

/** Starts `n8n start` and resolves once its database is migrated and it serves requests. */
export async function startN8nServer(
	setup: N8nSetup,
	readyWithinMs = 180_000,
): Promise<RunningN8n> {
	const url = `http://127.0.0.1:${setup.port}`;
	const child = spawnN8n(setup, ['start']);
	let exited = false;
	const exit = new Promise<void>((resolve) =>
		child.once('exit', () => {
			exited = true;
			resolve();
		}),
	);
	// If this process dies without stopping n8n, n8n must not outlive it.
	const killOnExit = () => child.kill('SIGKILL');
	process.once('exit', killOnExit);

	const stop = async (): Promise<void> => {
		process.off('exit', killOnExit);
		if (exited) return;
		child.kill('SIGTERM');
		const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
		await exit;
		clearTimeout(timer);
	};

	const deadline = Date.now() + readyWithinMs;
	while (!(await ready(url))) {
		if (exited)
			throw new Error(`n8n stopped while starting. n8n log (${setup.logFile}):\n${logTail(setup)}`);
		if (Date.now() > deadline) {
			await stop();
			throw new Error(
				`n8n did not become ready within ${readyWithinMs / 1000} s. n8n log (${setup.logFile}):\n${logTail(setup)}`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	return { url, stop };
}

export function userFolderPaths(userFolder: string): { communityNodes: string } {
	return { communityNodes: path.join(userFolder, '.n8n', 'nodes', 'node_modules') };
}
