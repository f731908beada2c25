import { close, open, read, statSync } from 'node:fs';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import type { ByteSource } from '../shared/ports';

const CHUNK_BYTES = 1024 * 1024;
/**
 * Each opened stream reads into these few buffers in turn instead of a new buffer per chunk (as
 * fs.createReadStream does): V8 frees such buffers only when it gets round to it, and publishing 1 GiB
 * peaked at ~150 MiB of RSS with them against ~90 MiB with the ring (bench/publish-issue.bench.ts).
 * A consumer that follows stream back-pressure (hashing each chunk, undici writing to a socket and
 * waiting for 'drain') is done with a chunk long before its buffer comes round again: at most one is
 * in the socket, one buffered in the stream and one being read. A consumer that keeps chunks must copy them.
 */
const RING_SIZE = 4;

function readStreamOverRing(path: string): Readable {
	const ring = Array.from({ length: RING_SIZE }, () => Buffer.allocUnsafe(CHUNK_BYTES));
	let fd: number | undefined;
	let position = 0;
	let turn = 0;
	// A descriptor is closed only once no read is using it (its number could otherwise be reused meanwhile).
	let reading = false;
	let closeWhenRead: (() => void) | undefined;
	return new Readable({
		highWaterMark: CHUNK_BYTES,
		construct(callback) {
			open(path, 'r', (error, opened) => {
				fd = opened;
				callback(error);
			});
		},
		read() {
			const buffer = ring[turn++ % RING_SIZE]!;
			reading = true;
			read(fd!, buffer, 0, CHUNK_BYTES, position, (error, bytesRead) => {
				reading = false;
				if (closeWhenRead) return closeWhenRead();
				if (error) return this.destroy(error);
				position += bytesRead;
				this.push(bytesRead === 0 ? null : buffer.subarray(0, bytesRead));
			});
		},
		destroy(error, callback) {
			const finish = (): void => {
				if (fd === undefined) return callback(error);
				close(fd, (closeError) => callback(error ?? closeError));
			};
			if (reading) closeWhenRead = finish;
			else finish();
		},
	});
}

/**
 * A ByteSource over a file: its size is read now, and each open() is a new Node stream of the file in
 * 1 MiB chunks, over a few reused buffers, so memory stays small and constant whatever the file's size.
 */
export function fileSource(path: string, name: string = basename(path)): ByteSource {
	const size = statSync(path).size;
	return {
		size,
		name,
		open: () => readStreamOverRing(path),
	};
}
