/** Large files of deterministic content for the publishing benchmarks, written in 1 MiB chunks. */
import { closeSync, openSync, writeSync } from 'node:fs';

const CHUNK = 1024 * 1024;

/** Writes `size` bytes of a fixed pattern (each MiB stamped with its index, so no two MiB are alike). */
export function writeGeneratedFile(path: string, size: number): void {
	const pattern = Buffer.alloc(CHUNK);
	for (let i = 0; i < CHUNK; i++) pattern[i] = (i * 131 + (i >> 8)) & 0xff;
	const fd = openSync(path, 'w');
	try {
		for (let offset = 0, index = 0; offset < size; offset += CHUNK, index++) {
			pattern.writeUInt32BE(index, 0);
			writeSync(fd, pattern, 0, Math.min(CHUNK, size - offset));
		}
	} finally {
		closeSync(fd);
	}
}

/**
 * Makes the file's content new (its first 8 bytes become `run`), so the sandbox has never stored it
 * and the upload is not skipped as `deja_present`, without rewriting the whole file.
 */
export function stampRun(path: string, run: number): void {
	const stamp = Buffer.alloc(8);
	stamp.writeBigUInt64BE(BigInt(run));
	const fd = openSync(path, 'r+');
	try {
		writeSync(fd, stamp, 0, 8, 0);
	} finally {
		closeSync(fd);
	}
}
