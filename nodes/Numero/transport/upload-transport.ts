import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import type { HttpBody, HttpRequest, HttpResponse, Transport } from '../../../shared/index';
import { BinaryStreamBody } from './binary-stream-body';
import { responseFrom, type FullResponse } from './http-response';
import { transportFailureFrom } from './transport-failure';

function isNodeStream(body: unknown): boolean {
	return typeof (body as { pipe?: unknown } | null)?.pipe === 'function';
}

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
	const parts: Uint8Array[] = [];
	for await (const chunk of chunks) parts.push(chunk);
	return Buffer.concat(parts);
}

/** The body as n8n's HTTP helper can send it: a string, a Buffer or a Node stream. */
async function sendableBody(body: HttpBody | undefined): Promise<IHttpRequestOptions['body']> {
	if (body === undefined || typeof body === 'string') return body;
	if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
	if (body instanceof BinaryStreamBody)
		return (await body.openStream()) as unknown as IHttpRequestOptions['body'];
	if (isNodeStream(body)) return body as unknown as IHttpRequestOptions['body'];
	// Only bytes already in memory (n8n's in-memory binary mode) arrive as a plain async iterable.
	return await collect(body);
}

/**
 * The core's Transport for the PUT of a file to its upload address, through n8n's plain HTTP helper:
 * no credential, so the API key never goes to the upload address (another domain).
 */
export function uploadTransport(context: IExecuteFunctions): Transport {
	return async (request: HttpRequest): Promise<HttpResponse> => {
		const options: IHttpRequestOptions = {
			method: request.method,
			url: request.url,
			headers: request.headers,
			body: await sendableBody(request.body),
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			json: false,
			encoding: 'text',
			// Following redirects would keep every byte sent in memory (to replay it); an upload address
			// does not redirect, so the file is streamed straight through.
			disableFollowRedirect: true,
		};
		if (request.timeoutMs) options.timeout = request.timeoutMs;
		let response: FullResponse;
		try {
			response = (await context.helpers.httpRequest(options)) as FullResponse;
		} catch (error) {
			throw transportFailureFrom(error);
		}
		return responseFrom(response);
	};
}
