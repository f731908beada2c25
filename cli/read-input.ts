import { readFile } from 'node:fs/promises';
import { UsageError } from './args';
import type { Io } from './io';

/** The exact bytes of --body-file, or of stdin when it is not a terminal. */
export async function readBody(io: Io, file: string | undefined, flag: string): Promise<Buffer> {
	if (file !== undefined) return readFile(file);
	if (io.stdin.isTTY === true) {
		throw new UsageError(`Give the body with ${flag} <file>, or pipe it on stdin.`);
	}
	const chunks: Buffer[] = [];
	for await (const chunk of io.stdin)
		chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
	return Buffer.concat(chunks);
}
