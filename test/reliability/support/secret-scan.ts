/**
 * Looks for secrets in everything an integration produced: outputs, errors (message, stack, every
 * own property, as util.inspect shows them), console and stdout/stderr lines, log files. A secret
 * is found whole, base64-encoded (as in a Basic header), or by the marker every canary of the suite
 * carries (SECRET_CANARY), which also catches a secret cut short in a message.
 */
import { inspect } from 'node:util';

export const CANARY_MARKER = 'SECRET_CANARY';

export interface ScanCounts {
	texts: number;
	bytes: number;
	occurrences: number;
}

export class SecretScan {
	private readonly needles: string[];
	readonly counts: ScanCounts = { texts: 0, bytes: 0, occurrences: 0 };
	readonly findings: string[] = [];

	constructor(secrets: string[]) {
		const unique = [...new Set(secrets.filter((secret) => secret.length >= 8))];
		this.needles = [
			...new Set([
				...unique,
				...unique.map((secret) => Buffer.from(secret).toString('base64')),
				CANARY_MARKER,
			]),
		];
	}

	/** Adds secrets learnt during the run (e.g. a signing secret the sandbox made). */
	add(secret: string): void {
		if (secret.length < 8 || this.needles.includes(secret)) return;
		this.needles.push(secret, Buffer.from(secret).toString('base64'));
	}

	scan(where: string, text: string): void {
		this.counts.texts++;
		this.counts.bytes += Buffer.byteLength(text);
		for (const needle of this.needles) {
			let at = text.indexOf(needle);
			while (at !== -1) {
				this.counts.occurrences++;
				if (this.findings.length < 20)
					this.findings.push(
						`${where}: …${text.slice(Math.max(0, at - 60), at + needle.length + 20)}…`,
					);
				at = text.indexOf(needle, at + 1);
			}
		}
	}

	/** A value as JSON and as util.inspect shows it (errors with their stack and all own properties). */
	scanValue(where: string, value: unknown): void {
		let json = '';
		try {
			json = JSON.stringify(value) ?? '';
		} catch {
			json = '(not JSON)';
		}
		this.scan(`${where} (JSON)`, json);
		this.scan(
			`${where} (inspect)`,
			inspect(value, {
				depth: 12,
				showHidden: value instanceof Error,
				maxStringLength: null,
				maxArrayLength: null,
			}),
		);
		if (value instanceof Error) this.scan(`${where} (stack)`, String(value.stack));
	}

	/**
	 * Runs `work` while everything written to the console and to stdout/stderr is captured (and kept
	 * out of the test output), then scans each line.
	 */
	async capture<T>(where: string, work: () => Promise<T>): Promise<{ value: T; lines: number }> {
		const lines: string[] = [];
		// Plain replacement (not jest.spyOn), so that captures nest: an inner one restores the outer's.
		const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
		const consoleMethods = methods.map((method) => {
			const original = console[method];
			console[method] = (...args: unknown[]) => {
				lines.push(
					args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 8 }))).join(' '),
				);
			};
			return () => {
				console[method] = original;
			};
		});
		// Loggers such as winston write to the console's own streams when it has them (jest's console in a worker does).
		const consoleStreams = console as unknown as {
			_stdout?: NodeJS.WriteStream;
			_stderr?: NodeJS.WriteStream;
		};
		const streams = [
			...new Set([process.stdout, process.stderr, consoleStreams._stdout, consoleStreams._stderr]),
		].filter(
			(stream): stream is NodeJS.WriteStream =>
				stream !== undefined && typeof stream.write === 'function',
		);
		const writes = streams.map((stream) => {
			const original = stream.write.bind(stream);
			stream.write = ((chunk: unknown, ...rest: unknown[]) => {
				lines.push(Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
				const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
				callback?.();
				return true;
			}) as typeof stream.write;
			return () => {
				stream.write = original;
			};
		});
		try {
			const value = await work();
			// Loggers (n8n's winston) write a little after the call that logged: let them finish.
			for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 10));
			return { value, lines: lines.length };
		} finally {
			consoleMethods.forEach((restore) => restore());
			writes.forEach((restore) => restore());
			for (const line of lines) this.scan(`${where} (log line)`, line);
		}
	}
}
