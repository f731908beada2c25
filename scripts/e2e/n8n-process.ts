/**
 * Runs the cached n8n as child processes: CLI commands (import, publish) and the server, offline on
 * loopback, with one user folder, one encryption key and the file access our workflows need. In queue
 * mode (setup.queue) the same n8n runs as its three roles, `start` (main), `webhook` and `worker`,
 * sharing one PostgreSQL database and one Redis queue.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { n8nBin } from './n8n-install';
import { logTail as tailOf, superviseChild } from './supervised-child';

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
	/** n8n's queue mode: PostgreSQL instead of SQLite, and Redis for the job queue. */
	queue?: QueueSetup;
}

export interface QueueSetup {
	postgres: { port: number; user: string; database: string };
	redis: { port: number };
	/** Where webhook callers are sent (the load balancer in front of the webhook processes): the production URLs n8n shows. */
	webhookUrl: string;
}

/** n8n's process roles: the main instance (editor, API, triggers), webhook processes, workers. */
export type N8nRole = 'main' | 'webhook' | 'worker';

/** Per process: its HTTP port (the main's and webhook's server, a worker's health server) and its task broker port. */
export interface N8nProcessPorts {
	port: number;
	brokerPort: number;
}

/** Variables of the calling process n8n must not inherit: under jest, NODE_ENV=test makes n8n refuse to load nodes. */
const NOT_INHERITED = ['NODE_ENV', 'JEST_WORKER_ID', 'NODE_OPTIONS'];

function queueEnv(queue: QueueSetup, role: N8nRole, ports: N8nProcessPorts): NodeJS.ProcessEnv {
	return {
		EXECUTIONS_MODE: 'queue',
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(queue.postgres.port),
		DB_POSTGRESDB_USER: queue.postgres.user,
		DB_POSTGRESDB_DATABASE: queue.postgres.database,
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(queue.redis.port),
		// n8n 2's default in queue mode, said here so that it is seen: files live in the shared database.
		N8N_DEFAULT_BINARY_DATA_MODE: 'database',
		N8N_WEBHOOK_URL: queue.webhookUrl.endsWith('/') ? queue.webhookUrl : `${queue.webhookUrl}/`,
		// Production webhooks are served by the webhook processes only, as behind a load balancer.
		N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
		...(role === 'worker'
			? { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(ports.port) }
			: {}),
	};
}

export function n8nEnv(
	setup: N8nSetup,
	role: N8nRole = 'main',
	ports: N8nProcessPorts = setup,
): NodeJS.ProcessEnv {
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
		N8N_PORT: String(ports.port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: origin,
		// The production URLs n8n shows and registers: the address the sandbox calls.
		N8N_WEBHOOK_URL: origin,
		N8N_RUNNERS_BROKER_PORT: String(ports.brokerPort),
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
		...(setup.queue ? queueEnv(setup.queue, role, ports) : {}),
	};
}

function spawnN8n(
	setup: N8nSetup,
	args: string[],
	role: N8nRole = 'main',
	ports: N8nProcessPorts = setup,
	logFile = setup.logFile,
): ChildProcess {
	const log = fs.openSync(logFile, 'a');
	fs.writeSync(log, `\n$ n8n ${args.join(' ')}\n`);
	const child = spawn(process.execPath, [n8nBin(setup.installFolder), ...args], {
		cwd: setup.userFolder,
		env: n8nEnv(setup, role, ports),
		stdio: ['ignore', log, log],
	});
	fs.closeSync(log);
	return child;
}

/** The last lines of n8n's log, for error messages. */
export function logTail(setup: Pick<N8nSetup, 'logFile'>, lines = 40): string {
	return tailOf(setup.logFile, lines);
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
	role: N8nRole;
	pid: number;
	/** This process's own log (the main's is setup.logFile). */
	logFile: string;
	/** Stops n8n (SIGTERM, then SIGKILL if it lingers) and waits for it to exit. */
	stop(): Promise<void>;
	/** Resolves when the process has exited, however it ended. */
	exited: Promise<void>;
}

async function ready(url: string): Promise<boolean> {
	try {
		const response = await fetch(`${url}/healthz/readiness`);
		return response.status === 200;
	} catch {
		return false;
	}
}

const ROLE_COMMAND: Record<N8nRole, string[]> = {
	main: ['start'],
	webhook: ['webhook'],
	// Ten executions at a time per worker, n8n's production default.
	worker: ['worker', '--concurrency=10'],
};

/** Starts `n8n start` and resolves once its database is migrated and it serves requests. */
export function startN8nServer(setup: N8nSetup, readyWithinMs = 180_000): Promise<RunningN8n> {
	return startN8nProcess(setup, 'main', setup, setup.logFile, readyWithinMs);
}

/**
 * Starts one n8n process in a role (queue mode for webhook and worker) on its own ports, and resolves
 * once it reports ready: the main's and webhook's server, a worker's health server (/healthz/readiness).
 */
export async function startN8nProcess(
	setup: N8nSetup,
	role: N8nRole,
	ports: N8nProcessPorts,
	logFile: string,
	readyWithinMs = 180_000,
): Promise<RunningN8n> {
	const url = `http://127.0.0.1:${ports.port}`;
	const child = spawnN8n(setup, ROLE_COMMAND[role], role, ports, logFile);
	const running = await superviseChild({
		name: `n8n ${role}`,
		child,
		logFile,
		stopSignal: 'SIGTERM',
		isReady: () => ready(url),
		readyWithinMs,
	});
	return { url, role, logFile, ...running };
}

export function userFolderPaths(userFolder: string): { communityNodes: string } {
	return { communityNodes: path.join(userFolder, '.n8n', 'nodes', 'node_modules') };
}
