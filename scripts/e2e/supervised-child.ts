/**
 * A server started as a child process (n8n, PostgreSQL, Redis): waited for until it answers, stopped
 * by its PID (a signal, then SIGKILL if it lingers), and never left running when this process exits.
 */
import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';

const STOP_GRACE_MS = 15_000;

export interface SupervisedChild {
	pid: number;
	/** Signals the child, waits for it to exit (SIGKILL after 15 s). */
	stop(): Promise<void>;
	/** Resolves when the child has exited, however it ended. */
	exited: Promise<void>;
}

/** The last lines of a log file, for error messages. */
export function logTail(logFile: string, lines = 40): string {
	if (!fs.existsSync(logFile)) return '(no log)';
	return fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/** Resolves once `isReady()` is true; fails with the log's tail if the child exits first or the time runs out. */
export async function superviseChild(options: {
	name: string;
	child: ChildProcess;
	logFile: string;
	stopSignal: NodeJS.Signals;
	isReady: () => Promise<boolean>;
	readyWithinMs: number;
}): Promise<SupervisedChild> {
	const { name, child, logFile } = options;
	let exitedYet = false;
	const exited = new Promise<void>((resolve) =>
		child.once('exit', () => {
			exitedYet = true;
			resolve();
		}),
	);
	// If this process dies without stopping the child, the child must not outlive it.
	const killOnExit = () => child.kill('SIGKILL');
	process.once('exit', killOnExit);
	const stop = async (): Promise<void> => {
		process.off('exit', killOnExit);
		if (exitedYet) return;
		child.kill(options.stopSignal);
		const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
		await exited;
		clearTimeout(timer);
	};

	const deadline = Date.now() + options.readyWithinMs;
	while (!(await options.isReady())) {
		if (exitedYet)
			throw new Error(`${name} stopped while starting. Its log (${logFile}):\n${logTail(logFile)}`);
		if (Date.now() > deadline) {
			await stop();
			throw new Error(
				`${name} did not become ready within ${options.readyWithinMs / 1000} s. Its log (${logFile}):\n${logTail(logFile)}`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	return { pid: child.pid!, stop, exited };
}
