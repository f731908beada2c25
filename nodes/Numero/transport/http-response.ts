import type { HttpResponse } from '../../../shared/index';

/** What n8n's HTTP helpers return with `returnFullResponse: true`. */
export interface FullResponse {
	statusCode: number;
	headers: Record<string, unknown>;
	body: unknown;
}

function text(body: unknown): string {
	if (typeof body === 'string') return body;
	if (body === undefined || body === null) return '';
	if (body instanceof Uint8Array) return new TextDecoder().decode(body);
	return JSON.stringify(body);
}

/** n8n's full response as the core's HttpResponse: header names in lower case, body as text. */
export function responseFrom(response: FullResponse): HttpResponse {
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(response.headers ?? {})) {
		if (value === undefined || value === null) continue;
		headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
	}
	return { status: response.statusCode, headers, body: text(response.body) };
}
