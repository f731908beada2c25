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

/** The first bytes of a generated PDF: what a PDF starts with (the Zapier app checks them). */
export const PDF_HEADER = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');

function writeAt(path: string, bytes: Buffer, offset: number): void {
	const fd = openSync(path, 'r+');
	try {
		writeSync(fd, bytes, 0, bytes.length, offset);
	} finally {
		closeSync(fd);
	}
}

/** A generated file that starts as a PDF does; stamp its runs at `PDF_HEADER.length`. */
export function writeGeneratedPdf(path: string, size: number): void {
	writeGeneratedFile(path, size);
	writeAt(path, PDF_HEADER, 0);
}

/**
 * Makes the file's content new (its 8 bytes at `offset` become `run`), so the sandbox has never stored
 * it and the upload is not skipped as `deja_present`, without rewriting the whole file.
 */
export function stampRun(path: string, run: number, offset = 0): void {
	const stamp = Buffer.alloc(8);
	stamp.writeBigUInt64BE(BigInt(run));
	writeAt(path, stamp, offset);
}
