import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { refuseFile, type FileKind } from './file-kinds';
import { checkFileSize, type FileSizeLimit } from './file-size-limits';

function checkStart(file: FileKind, head: Buffer): void {
	if (file.magic.every((byte, i) => head[i] === byte)) return;
	refuseFile(
		file,
		'file_type',
		`must be ${file.kind}`,
		`the file downloaded is something else (it starts with bytes ${head.toString('hex')})`,
	);
}

/**
 * What a download's bytes go through on their way to disk: its first bytes are checked as soon as they
 * arrive (a file of another kind stops the download there), the bytes are counted against the size
 * limit, and hashed, so that the file is never read back to check or hash it.
 */
export function fileReceiver(file: FileKind, limit: FileSizeLimit | undefined) {
	const hash = createHash('sha256');
	let size = 0;
	let head = Buffer.alloc(0);
	const stream = new Transform({
		transform(chunk: Buffer, _encoding, done) {
			try {
				size += chunk.length;
				checkFileSize(file, size, limit, false);
				if (head.length < file.magic.length) {
					head = Buffer.concat([head, chunk]).subarray(0, file.magic.length);
					if (head.length === file.magic.length) checkStart(file, head);
				}
				hash.update(chunk);
				done(null, chunk);
			} catch (error) {
				done(error as Error);
			}
		},
	});
	return {
		stream,
		/** After the last byte: its size and SHA-256, once the file is known to be whole and of its kind. */
		received(): { size: number; sha256: string } {
			if (size === 0)
				refuseFile(file, 'not_empty', `must be ${file.kind}`, 'the file downloaded is empty');
			checkStart(file, head);
			return { size, sha256: hash.digest('hex') };
		},
	};
}
