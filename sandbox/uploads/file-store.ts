import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

export class SizeExceededError extends Error {
	constructor(readonly limit: number) {
		super(`more than ${limit} bytes`);
	}
}

/** Uploaded files on disk, one folder per account, named by their SHA-256. */
export class FileStore {
	constructor(readonly dir: string) {}

	pathFor(account: string, sha256: string): string {
		return join(this.dir, account, sha256);
	}

	/**
	 * Streams a body to a temporary file while hashing it (never the whole file in memory), stopping
	 * past `maxBytes`. The caller decides with `commit` (rename into place) or `discard`.
	 */
	async receive(
		account: string,
		body: Readable,
		maxBytes: number,
	): Promise<{
		sha256: string;
		size: number;
		commit(sha256: string): Promise<string>;
		discard(): Promise<void>;
	}> {
		await mkdir(join(this.dir, account), { recursive: true });
		await mkdir(join(this.dir, 'tmp'), { recursive: true });
		const tmp = join(this.dir, 'tmp', randomBytes(12).toString('hex'));
		const hash = createHash('sha256');
		let size = 0;
		const meter = new Transform({
			transform(chunk: Buffer, _encoding, callback) {
				size += chunk.length;
				if (size > maxBytes) return callback(new SizeExceededError(maxBytes));
				hash.update(chunk);
				callback(null, chunk);
			},
		});
		try {
			await pipeline(body, meter, createWriteStream(tmp));
		} catch (error) {
			await rm(tmp, { force: true });
			throw error;
		}
		return {
			sha256: hash.digest('hex'),
			size,
			commit: async (sha256: string) => {
				const target = this.pathFor(account, sha256);
				await rename(tmp, target);
				return target;
			},
			discard: () => rm(tmp, { force: true }),
		};
	}

	async writeWhole(account: string, sha256: string, bytes: Buffer): Promise<string> {
		await mkdir(join(this.dir, account), { recursive: true });
		const target = this.pathFor(account, sha256);
		await writeFile(target, bytes);
		return target;
	}
}
