/**
 * The two services n8n's queue mode stands on, started for one environment on loopback with their own
 * data folders: PostgreSQL (n8n's database, shared by main, webhook processes and workers) and Redis
 * (the job queue). Binaries come from the Debian packages (install-queue-services.sh); each service is
 * a child process stopped by its PID.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import { connect } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

import { freePort } from './free-port';
import { runInstallScript } from './n8n-install';
import { superviseChild } from './supervised-child';

export interface RunningService {
	port: number;
	pid: number;
	stop(): Promise<void>;
}

export interface PostgresService extends RunningService {
	user: string;
	database: string;
}

/** The folder of PostgreSQL's server binaries, installing PostgreSQL and Redis first if needed. */
export function ensureQueueServicesInstalled(): string {
	return runInstallScript('install-queue-services.sh');
}

/** PostgreSQL refuses to run as root: as root, its processes run as the `postgres` user the Debian package creates. */
function postgresIdentity(): { uid: number; gid: number } | undefined {
	if (process.getuid?.() !== 0) return undefined;
	const id = (flag: string) =>
		Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
	return { uid: id('-u'), gid: id('-g') };
}

function runChild(
	command: string,
	args: string[],
	logFile: string,
	identity?: { uid: number; gid: number },
): ChildProcess {
	const log = fs.openSync(logFile, 'a');
	const child = spawn(command, args, { stdio: ['ignore', log, log], ...(identity ?? {}) });
	fs.closeSync(log);
	return child;
}

/** Sends `request` on a TCP connection and resolves with whether the first answer starts with `expected`. */
function answers(port: number, request: string, expected: string): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = connect(port, '127.0.0.1');
		const done = (ok: boolean) => {
			socket.destroy();
			resolve(ok);
		};
		socket.setTimeout(1000, () => done(false));
		socket.once('error', () => done(false));
		socket.once('connect', () => socket.write(request));
		socket.once('data', (data) => done(data.toString('latin1').startsWith(expected)));
	});
}

/**
 * A new PostgreSQL cluster in its own folder (under the OS temp folder: it must be readable by the
 * `postgres` user), trusting loopback connections of user `n8n`, tuned for throwaway data (no fsync).
 */
export async function startPostgres(binFolder: string, logFile: string): Promise<PostgresService> {
	const identity = postgresIdentity();
	const dataFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'numero-postgres-'));
	if (identity) fs.chownSync(dataFolder, identity.uid, identity.gid);
	const user = 'n8n';
	const init = spawnSync(
		path.join(binFolder, 'initdb'),
		['-D', dataFolder, '-U', user, '--auth=trust', '-E', 'UTF8', '--no-sync'],
		{
			encoding: 'utf8',
			...(identity ?? {}),
		},
	);
	if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
	const port = await freePort();
	const child = runChild(
		path.join(binFolder, 'postgres'),
		[
			'-D',
			dataFolder,
			'-p',
			String(port),
			'-c',
			'listen_addresses=127.0.0.1',
			'-c',
			'unix_socket_directories=',
			'-c',
			'fsync=off',
			'-c',
			'synchronous_commit=off',
			'-c',
			'full_page_writes=off',
			'-c',
			'max_connections=200',
		],
		logFile,
		identity,
	);
	const isReady = async () =>
		spawnSync(path.join(binFolder, 'pg_isready'), [
			'-h',
			'127.0.0.1',
			'-p',
			String(port),
			'-U',
			user,
			'-q',
		]).status === 0;
	// SIGINT: PostgreSQL's "fast" shutdown (open connections are closed, no wait for clients).
	const server = await superviseChild({
		name: 'PostgreSQL',
		child,
		logFile,
		stopSignal: 'SIGINT',
		isReady,
		readyWithinMs: 60_000,
	});
	return {
		port,
		pid: server.pid,
		user,
		database: 'postgres',
		stop: async () => {
			await server.stop();
			fs.rmSync(dataFolder, { recursive: true, force: true });
		},
	};
}

/** A Redis server without persistence on a free loopback port. */
export async function startRedis(logFile: string): Promise<RunningService> {
	const dataFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'numero-redis-'));
	const port = await freePort();
	const child = runChild(
		'redis-server',
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			dataFolder,
		],
		logFile,
	);
	const server = await superviseChild({
		name: 'Redis',
		child,
		logFile,
		stopSignal: 'SIGTERM',
		isReady: () => answers(port, 'PING\r\n', '+PONG'),
		readyWithinMs: 60_000,
	});
	return {
		port,
		pid: server.pid,
		stop: async () => {
			await server.stop();
			fs.rmSync(dataFolder, { recursive: true, force: true });
		},
	};
}
