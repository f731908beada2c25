import type { Io } from './io';
import { scrubSecrets } from '../shared';

/**
 * Everything the command prints goes through here, so that no API key or signing secret can reach
 * the terminal, a log or a --json document, whatever a server, the core or a bug puts in a message.
 */
export class Output {
	private secrets: string[] = [];

	constructor(
		private readonly io: Io,
		/** --json: results are one JSON document on stdout. */
		readonly json: boolean,
	) {}

	/** Registers a value that must never be printed (an API key, a signing secret). */
	protect(secret: string | undefined): void {
		if (!secret) return;
		// The JSON-escaped form too, in case the secret holds a quote or a backslash.
		const forms = [secret, JSON.stringify(secret).slice(1, -1)];
		for (const form of forms) if (!this.secrets.includes(form)) this.secrets.push(form);
		this.secrets.sort((a, b) => b.length - a.length); // a secret inside another one goes after it
	}

	redact(text: string): string {
		return scrubSecrets(text, this.secrets);
	}

	/** A line (or block) of the result, on stdout. */
	line(text = ''): void {
		this.io.stdout.write(this.redact(text.endsWith('\n') ? text : `${text}\n`));
	}

	/** A message for the person at the terminal (notes, warnings, errors), on stderr. */
	note(text: string): void {
		this.io.stderr.write(this.redact(text.endsWith('\n') ? text : `${text}\n`));
	}

	/** One JSON document on stdout. */
	document(value: unknown): void {
		this.io.stdout.write(this.redact(`${JSON.stringify(value, null, 2)}\n`));
	}

	/** The result of a command: `json` with --json, else the human text. */
	result(json: unknown, human: () => string): void {
		if (this.json) this.document(json);
		else this.line(human());
	}
}
