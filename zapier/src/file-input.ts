import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { HttpRequestOptionsWithUrl, RawHttpResponse, ZObject } from 'zapier-platform-core';
import type { ByteSource } from '../../shared';
import { refuseFile, type FileKind } from './file-kinds';
import { fileReceiver } from './file-receiver';
import {
	checkFileSize,
	lowestLimit,
	ZAPIER_DOWNLOAD_LIMIT,
	type FileSizeLimit,
} from './file-size-limits';
import { optionalValue } from './input-values';
import type { StepBudget } from './step-budget';

/**
 * The temporary file is written and read 1 MiB at a time: a write queue that small (16 KiB by
 * default) makes a write per network chunk and cost a quarter more CPU for the download.
 */
const FILE_CHUNK = 1024 * 1024;

/**
 * A streamed download that can be stopped. z.request hands `signal` to node-fetch (zapier-platform-core
 * 19.1.0, src/tools/request-client.js), which stops the transfer when it aborts; its type declarations omit it.
 */
type RawRequestOptions = HttpRequestOptionsWithUrl & { raw: true; signal: AbortSignal };

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

/** A downloaded file: the core's ByteSource, its SHA-256 computed as it arrived. */
export type DownloadedFile = ByteSource & { sha256: string };

/** The size its address announces (Content-Length), if any. */
function announcedSize(header: string | undefined): number | undefined {
	return header !== undefined && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
}

/** Asks the file's address for it: the answer, its body not read yet; a failed request refuses the field. */
async function requestFile(
	z: ZObject,
	url: string,
	file: FileKind,
	signal: AbortSignal,
): Promise<RawHttpResponse> {
	let response: RawHttpResponse;
	try {
		const options: RawRequestOptions = { url, raw: true, skipThrowForStatus: true, signal };
		response = await z.request(options);
	} catch (error) {
		// node-fetch's errors name the address, which may carry a token: only the cause is kept.
		if (
			!signal.aborted &&
			error instanceof Error &&
			(error.name === 'FetchError' || error.name === 'AbortError')
		) {
			const cause = (error as Error & { code?: string }).code ?? error.name;
			refuseFile(
				file,
				'download',
				'must be a file that can be downloaded',
				`no answer came from its address (${cause})`,
			);
		}
		throw error;
	}
	// Stopping the download makes node-fetch emit an error on the body: this listener takes it.
	response.body.on('error', () => {});
	if (response.status >= 300) {
		refuseFile(
			file,
			'download',
			'must be a file that can be downloaded',
			`its address answered HTTP ${response.status}`,
		);
	}
	return response;
}

/** A file field whose download has begun: its answer's headers checked, its body not read yet. */
export interface OpenedFile {
	file: FileKind;
	url: string;
	response: RawHttpResponse;
	announced: number | undefined;
	/** Stops the transfer (nothing more is read from the file's host). */
	abort(): void;
	timeUp: AbortSignal;
}

/**
 * Starts downloading a file field, within the step's time for downloads. Zapier gives a file field as
 * an address: a file from an earlier step (Zapier's own hydrated file address) or any http(s)://
 * address typed in. The download goes through z.request, so the API key is never sent to it (another
 * origin). Its announced size (Content-Length) is checked before a byte of it is read: an empty file
 * or one over Zapier's limit is refused here, before numero is asked anything.
 */
export async function openFileField(
	z: ZObject,
	value: unknown,
	file: FileKind,
	step: StepBudget,
): Promise<OpenedFile> {
	const url = optionalValue(value);
	if (typeof url !== 'string' || !/^https?:\/\/\S+$/i.test(url)) {
		refuseFile(
			file,
			'file',
			'must be a file: map a file from an earlier step, or give its http(s):// address',
			`got ${describeAddress(url)}`,
		);
	}
	step.doing({ kind: 'download', field: file.field });
	const download = new AbortController();
	const timeUp = step.downloadSignal();
	try {
		const response = await requestFile(z, url, file, AbortSignal.any([download.signal, timeUp]));
		const announced = announcedSize(response.getHeader('content-length') ?? undefined);
		if (announced === 0)
			refuseFile(file, 'not_empty', `must be ${file.kind}`, 'the file downloaded is empty');
		if (announced !== undefined) checkFileSize(file, announced, ZAPIER_DOWNLOAD_LIMIT, true);
		return { file, url, response, announced, abort: () => download.abort(), timeUp };
	} catch (error) {
		download.abort();
		if (timeUp.aborted) throw step.downloadTookTooLong(file.field);
		throw error;
	}
}

/**
 * Streams an opened file to a temporary file (constant memory): its announced size is checked against
 * the plan's limit (`plan`) before a byte is read, its first bytes against its kind as they arrive (a
 * file of another kind stops the download there), and it is hashed on its way to disk.
 */
export async function saveFileField(
	folder: string,
	opened: OpenedFile,
	step: StepBudget,
	plan: FileSizeLimit | undefined,
): Promise<DownloadedFile> {
	const { file, response } = opened;
	try {
		if (opened.announced !== undefined) checkFileSize(file, opened.announced, plan, true);
		step.doing({ kind: 'download', field: file.field });
		const receiver = fileReceiver(file, lowestLimit(ZAPIER_DOWNLOAD_LIMIT, plan));
		const path = join(folder, file.field);
		await pipeline(
			response.body,
			receiver.stream,
			createWriteStream(path, { highWaterMark: FILE_CHUNK }),
		);
		const { size, sha256 } = receiver.received();
		const name = fileName(response.getHeader('content-disposition') ?? undefined, opened.url);
		return {
			size,
			sha256,
			...(name === undefined ? {} : { name }),
			open: () => {
				step.doing({ kind: 'upload', field: file.field });
				return createReadStream(path, { highWaterMark: FILE_CHUNK }) as AsyncIterable<Uint8Array>;
			},
		};
	} catch (error) {
		// Whatever stopped it, the transfer stops too (nothing more is read from the file's host).
		opened.abort();
		if (opened.timeUp.aborted) throw step.downloadTookTooLong(file.field);
		throw error;
	}
}
