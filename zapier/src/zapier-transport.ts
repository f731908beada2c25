import { Readable } from 'node:stream';
import type { HttpRequestOptionsWithUrl, ZObject } from 'zapier-platform-core';
import {
	TransportError,
	type HttpBody,
	type HttpResponse,
	type Transport,
	type TransportFailure,
} from '../../shared';

/** z.request options, plus the per-request switch that lets the core see a 429 and decide itself. */
type CoreRequestOptions = HttpRequestOptionsWithUrl & { throwForThrottlingEarly: boolean };

function toRequestBody(
	body: HttpBody | undefined,
): string | Buffer | NodeJS.ReadableStream | undefined {
	if (body === undefined || typeof body === 'string') return body;
	if (body instanceof Readable) return body;
	if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
	return Readable.from(body, { objectMode: false });
}

function failureKind(error: { type?: string; code?: string; name?: string }): TransportFailure {
	if (error.type === 'request-timeout' || error.name === 'AbortError' || error.code === 'ETIMEDOUT')
		return 'timeout';
	if (error.code === 'ECONNREFUSED') return 'refused';
	if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || error.code === 'UND_ERR_SOCKET')
		return 'reset';
	return 'other';
}

/**
 * The core's Transport port on z.request: Zapier logs the call, and the app's beforeRequest
 * middleware adds the User-Agent (always) and the bearer key (API origin only). It resolves with
 * every status, 429 included, so that the core's retry rules and error messages apply.
 */
export function zapierTransport(z: ZObject): Transport {
	return async (request): Promise<HttpResponse> => {
		const options: CoreRequestOptions = {
			url: request.url,
			method: request.method,
			headers: { ...request.headers },
			body: toRequestBody(request.body),
			skipThrowForStatus: true,
			throwForThrottlingEarly: false,
			redirect: 'manual',
		};
		if (request.timeoutMs) options.timeout = request.timeoutMs;
		let response;
		try {
			response = await z.request(options);
		} catch (error) {
			// node-fetch's FetchError (connection refused, reset, timeout) and AbortError: no response came.
			if (error instanceof Error && (error.name === 'FetchError' || error.name === 'AbortError')) {
				throw new TransportError(
					failureKind(error as Error & { type?: string; code?: string }),
					error.message,
				);
			}
			throw error;
		}
		const headers: Record<string, string> = {};
		response.headers.forEach((value: string, name: string) => {
			headers[name.toLowerCase()] = value;
		});
		return { status: response.status, headers, body: response.content };
	};
}
