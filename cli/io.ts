/**
 * What a command may touch of the outside world. main.ts passes the real process; the same
 * commands can run in-process with other streams (the sandbox command, tests of the renderer).
 */
export interface TextSink {
	write(text: string): unknown;
	isTTY?: boolean;
	columns?: number;
}

export interface Io {
	stdout: TextSink;
	stderr: TextSink;
	stdin: AsyncIterable<Uint8Array | string> & { isTTY?: boolean };
	env: Record<string, string | undefined>;
	cwd: string;
}

export function processIo(): Io {
	return {
		stdout: process.stdout,
		stderr: process.stderr,
		stdin: process.stdin,
		env: process.env,
		cwd: process.cwd(),
	};
}
