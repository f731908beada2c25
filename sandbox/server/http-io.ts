import type { IncomingMessage } from 'node:http';
import { JSON_BODY_MAX_BYTES } from '../../shared/api-limits';
import { ApiError } from './api-error';

/**
 * JSON bodies of the API are small; a larger one is refused rather than buffered. The rest of a
 * refused body is left to flow away unread (the connection stays usable for the answer).
 */
export function readBody(req: IncomingMessage, limit = JSON_BODY_MAX_BYTES): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		const onData = (chunk: Buffer): void => {
			size += chunk.length;
			if (size <= limit) {
				chunks.push(chunk);
				return;
			}
			req.off('data', onData).off('end', onEnd).resume();
			reject(
				new ApiError(
					400,
					'bad_json',
					`The body is over ${limit} bytes; the API's JSON bodies are small (files go to the upload address)`,
				),
			);
		};
		const onEnd = (): void => resolve(Buffer.concat(chunks));
		req.on('data', onData).on('end', onEnd).once('error', reject);
	});
}

/** A body of the API is JSON, and says so: another Content-Type is an unreadable body. */
function requireJsonContentType(contentType: string | undefined, raw: Buffer): void {
	if (raw.toString('utf8').trim() === '') return;
	const mediaType = contentType?.split(';')[0].trim().toLowerCase();
	if (mediaType === 'application/json') return;
	throw new ApiError(
		400,
		'bad_json',
		`The body must be JSON sent with Content-Type: application/json (${mediaType ? `not ${mediaType}` : 'no Content-Type was given'})`,
	);
}

/** Parses a JSON object body; an empty body is an empty object. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
	const text = raw.toString('utf8');
	if (text.trim() === '') return {};
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		throw new ApiError(400, 'bad_json', 'The body is not valid JSON');
	}
	if (value === null || typeof value !== 'object' || Array.isArray(value)) {
		throw new ApiError(400, 'bad_json', 'The body must be a JSON object');
	}
	return value as Record<string, unknown>;
}

/** The JSON object body of an API request: sent as application/json, small, an object. */
export async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
	const raw = await readBody(req);
	requireJsonContentType(req.headers['content-type'], raw);
	return parseJsonObject(raw);
}

/** Lower-cased header name -> value, for logs and checks. */
export function headerRecord(req: IncomingMessage): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [name, value] of Object.entries(req.headers)) {
		if (value === undefined) continue;
		out[name] = Array.isArray(value) ? value.join(', ') : value;
	}
	return out;
}

export function escapeHtml(text: string): string {
	return text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&#39;');
}
