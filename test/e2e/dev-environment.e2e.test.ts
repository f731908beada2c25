/**
 * `npm start` as a workflow builder (or a process manager) runs it: it prints what runs where, and a
 * SIGTERM or SIGINT sent to the npm process itself, not to the whole process group as Ctrl-C does,
 * stops every process it started: n8n's main, webhook processes and workers, PostgreSQL and Redis.
 */
import { spawn, type ChildProcess } from 'node:child_process';

import { REPO_ROOT } from '../../scripts/e2e/n8n-install';
import { waitFor } from './support/wait-for';

const READY_LINE = 'Ctrl-C stops everything';

interface Started {
	npm: ChildProcess;
	printout: () => string;
	exited: Promise<number | null>;
}

function startDevEnvironment(args: string[]): Started {
	let output = '';
	const npm = spawn('npm', ['start', '--', '--n8n-port', '0', ...args], {
		cwd: REPO_ROOT,
		env: { ...process.env, NODE_ENV: undefined, JEST_WORKER_ID: undefined },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
	npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
	const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
	return { npm, printout: () => output, exited };
}

function isRunning(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

const pidsIn = (printout: string) =>
	[...printout.matchAll(/pid (\d+)/g)].map((match) => Number(match[1]));

async function startedThenStopped(
	args: string[],
	signal: NodeJS.Signals,
	whileRunning?: (printout: string) => Promise<void>,
) {
	const started = startDevEnvironment(args);
	try {
		await waitFor(
			'npm start to print its summary',
			() => (started.printout().includes(READY_LINE) ? true : undefined),
			280_000,
		);
	} catch (error) {
		started.npm.kill('SIGKILL');
		throw new Error(`${(error as Error).message}\n${started.printout().slice(-3000)}`);
	}
	const printout = started.printout();
	const pids = pidsIn(printout);
	expect(pids.every(isRunning)).toBe(true);
	if (whileRunning) {
		try {
			await whileRunning(printout);
		} catch (error) {
			started.npm.kill(signal);
			await started.exited;
			throw error;
		}
	}

	started.npm.kill(signal);
	// Bounded: an npm that does not pass the signal on never exits, and that is what is being checked.
	const npmExit = await Promise.race([
		started.exited.then(() => 'exited'),
		new Promise((resolve) => setTimeout(resolve, 60_000, 'still running')),
	]);
	if (npmExit === 'still running') started.npm.kill('SIGKILL');
	const lingering = await waitFor(
		'every process to stop',
		() => {
			const running = pids.filter(isRunning);
			return running.length === 0 ? running : undefined;
		},
		60_000,
	).catch(() => pids.filter(isRunning));
	// A failed run must not leave its processes behind for the rest of the suite.
	for (const pid of lingering) process.kill(pid, 'SIGKILL');
	return { printout, pids, lingering, npmExit };
}

test('npm start -- --queue prints what runs where; SIGTERM to npm stops all of it', async () => {
	const { printout, pids, lingering, npmExit } = await startedThenStopped(['--queue'], 'SIGTERM');
	expect(npmExit).toBe('exited');
	expect(printout).toMatch(/queue mode +what runs where/);
	for (const role of [
		'main',
		'balancer',
		'webhook 1',
		'webhook 2',
		'worker 1',
		'worker 2',
		'PostgreSQL',
		'Redis',
	]) {
		expect(printout).toMatch(new RegExp(`\\n  ${role} +`));
	}
	// n8n main (twice: top and queue table), 2 webhook processes, 2 workers, PostgreSQL, Redis, the launcher.
	expect(new Set(pids).size).toBe(8);
	expect(lingering).toEqual([]);
}, 400_000);

/**
 * 'Listen for test event' needs numero to call the trigger's Test URL: npm start registers it as a
 * second sandbox endpoint and prints how to press its test button. Nobody listens here, so n8n
 * answers that delivery 404 (its "not registered" answer for a Test URL), which shows where it went.
 */
async function pressTestButtonOfTestUrlEndpoint(printout: string): Promise<void> {
	const command =
		/curl -s -X POST (\S+\/webhooks\/(we_\w+)\/test) -H 'Authorization: Bearer (\S+)'/.exec(
			printout,
		);
	expect(command).not.toBeNull();
	expect(printout).toMatch(
		/test webhook endpoint we_\w+ sends the same events to the trigger's Test URL\n\s+http:\/\/\S+\/webhook-test\//,
	);
	const answer = await fetch(command![1], {
		method: 'POST',
		headers: { authorization: `Bearer ${command![3]}`, 'content-type': 'application/json' },
		body: '{}',
	});
	const { delivery } = (await answer.json()) as {
		delivery: { responseStatus: number; eventType: string };
	};
	expect(delivery).toMatchObject({ eventType: 'numero.test', responseStatus: 404 });
}

test('npm start: SIGINT to npm stops n8n and the sandbox', async () => {
	const { printout, pids, lingering, npmExit } = await startedThenStopped(
		[],
		'SIGINT',
		pressTestButtonOfTestUrlEndpoint,
	);
	expect(npmExit).toBe('exited');
	expect(printout).not.toContain('queue mode');
	expect(new Set(pids).size).toBe(2);
	expect(lingering).toEqual([]);
}, 400_000);
