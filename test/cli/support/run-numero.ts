import { spawn } from 'node:child_process';

export interface NumeroRun {
	code: number | null;
	stdout: string;
	stderr: string;
}

export interface RunOptions {
	/** The whole environment of the child (nothing is inherited but PATH). */
	env?: Record<string, string>;
	/** Written to stdin, which is then closed. Without it stdin is closed at once. */
	input?: string | Buffer;
}

/** Runs the compiled `numero` (node <main> …args) as a child process and collects its output. */
export function runNumero(
	main: string,
	args: string[],
	options: RunOptions = {},
): Promise<NumeroRun> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [main, ...args], {
			env: { PATH: process.env.PATH ?? '', ...options.env },
			stdio: ['pipe', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
		child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
		child.on('error', reject);
		child.on('close', (code) => resolve({ code, stdout, stderr }));
		child.stdin.end(options.input ?? '');
	});
}

/** A stack trace line, which the command must never print. */
export const STACK_LINE = /^\s+at .+\(.+:\d+:\d+\)$/m;
