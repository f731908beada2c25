import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ZObject } from 'zapier-platform-core';
import { NumeroValidationError, type ByteSource } from '../../shared';
import { optionalValue } from './input-values';

/** A file field of an action, and the first bytes every file of its kind starts with. */
export interface FileKind {
	field: string;
	kind: string;
	magic: readonly number[];
}

export const PDF_FILE: FileKind = {
	field: 'pdf',
	kind: 'a PDF (starting with %PDF-)',
	magic: [0x25, 0x50, 0x44, 0x46, 0x2d],
};
export const COVER_FILE: FileKind = {
	field: 'cover',
	kind: 'a JPEG image',
	magic: [0xff, 0xd8, 0xff],
};

const READ_CHUNK = 1024 * 1024;

function refuse(file: FileKind, rule: string, expectation: string, problem: string): never {
	throw new NumeroValidationError(
		file.field,
		rule,
		`Field "${file.field}" ${expectation} (rule: ${rule}); ${problem}.`,
		(name) => `${name(file.field)} ${expectation}; ${problem}.`,
	);
}

function describeAddress(value: unknown): string {
	if (typeof value !== 'string') return `a value of type ${typeof value}`;
	return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
}

/** The file's name from Content-Disposition, else from the address when it names a file. */
function fileName(contentDisposition: string | undefined, url: string): string | undefined {
	const header = contentDisposition ?? '';
	const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
	if (encoded) {
		try {
			return decodeURIComponent(encoded.trim());
		} catch {
			// fall through to the plain form
		}
	}
	const plain = /filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;]+)/i.exec(header);
	const named = (plain?.[1] ?? plain?.[2])?.trim();
	if (named) return named;
	const last = new URL(url).pathname.split('/').pop() ?? '';
	try {
		const decoded = decodeURIComponent(last);
		return /\.[a-z0-9]{2,5}$/i.test(decoded) ? decoded : undefined;
	} catch {
		return undefined;
	}
}

/** A temporary folder for the files of one run, removed when the run ends, whatever happens. */
export async function withTempFolder<T>(run: (folder: string) => Promise<T>): Promise<T> {
	const folder = await mkdtemp(join(tmpdir(), 'numero-zapier-'));
	try {
		return await run(folder);
	} finally {
		await rm(folder, { recursive: true, force: true });
	}
}

/**
 * Streams a file field to a temporary file (constant memory) and returns it as the core's ByteSource,
 * which reads it from disk to hash it and again to send it. Zapier gives a file field as an address:
 * a file from an earlier step (Zapier's own hydrated file address) or any https:// address typed in.
 * The download goes through z.request, so the API key is never sent to it (another origin).
 */
export async function downloadFileField(
	z: ZObject,
	folder: string,
	value: unknown,
	file: FileKind,
): Promise<ByteSource> {
	const url = optionalValue(value);
	if (typeof url !== 'string' || !/^https?:\/\/\S+$/i.test(url)) {
		refuse(
			file,
			'file',
			'must be a file: map a file from an earlier step, or give its http(s):// address',
			`got ${describeAddress(url)}`,
		);
	}
	let response;
	try {
		response = await z.request({ url, raw: true, skipThrowForStatus: true });
	} catch (error) {
		// node-fetch's errors name the address, which may carry a token: only the cause is kept.
		if (error instanceof Error && (error.name === 'FetchError' || error.name === 'AbortError')) {
			const cause = (error as Error & { code?: string }).code ?? error.name;
			refuse(
				file,
				'download',
				'must be a file that can be downloaded',
				`no answer came from its address (${cause})`,
			);
		}
		throw error;
	}
	if (response.status >= 300) {
		refuse(
			file,
			'download',
			'must be a file that can be downloaded',
			`its address answered HTTP ${response.status}`,
		);
	}
	const path = join(folder, file.field);
	let size = 0;
	let head = Buffer.alloc(0);
	const measure = new Transform({
		transform(chunk: Buffer, _encoding, done) {
			size += chunk.length;
			if (head.length < file.magic.length)
				head = Buffer.concat([head, chunk]).subarray(0, file.magic.length);
			done(null, chunk);
		},
	});
	await pipeline(response.body, measure, createWriteStream(path));
	if (size === 0) refuse(file, 'not_empty', `must be ${file.kind}`, 'the file downloaded is empty');
	if (!file.magic.every((byte, i) => head[i] === byte)) {
		refuse(
			file,
			'file_type',
			`must be ${file.kind}`,
			`the file downloaded is something else (it starts with bytes ${head.toString('hex')})`,
		);
	}
	const name = fileName(response.getHeader('content-disposition'), url);
	return {
		size,
		...(name === undefined ? {} : { name }),
		open: () => createReadStream(path, { highWaterMark: READ_CHUNK }) as AsyncIterable<Uint8Array>,
	};
}
