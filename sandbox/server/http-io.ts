import type { IncomingMessage } from 'node:http';
import { ApiError } from './api-error';

/** JSON bodies of the API are small; anything larger is refused rather than buffered. */
const MAX_JSON_BODY_BYTES = 1024 * 1024;

export async function readBody(req: IncomingMessage, limit = MAX_JSON_BODY_BYTES): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req) {
		size += (chunk as Buffer).length;
		if (size > limit) throw new ApiError(400, 'bad_json', `The body is over ${limit} bytes`);
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks);
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
