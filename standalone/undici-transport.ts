import { Agent, request, type Dispatcher } from 'undici';
import {
	TransportError,
	type HttpRequest,
	type HttpResponse,
	type Transport,
	type TransportFailure,
} from '../shared/ports';

export interface UndiciTransportOptions {
	/** Default: one keep-alive Agent per transport. */
	dispatcher?: Dispatcher;
	/** Connections per origin of the default Agent. Default 16. */
	connections?: number;
}

/** A Transport with the keep-alive pool behind it, which close() ends. */
export interface UndiciTransport extends Transport {
	close(): Promise<void>;
}

const RESET_CODES = new Set([
	'UND_ERR_SOCKET',
	'ECONNRESET',
	'EPIPE',
	'UND_ERR_CLOSED',
	'ECONNABORTED',
]);
const TIMEOUT_CODES = new Set([
	'UND_ERR_CONNECT_TIMEOUT',
	'UND_ERR_HEADERS_TIMEOUT',
	'UND_ERR_BODY_TIMEOUT',
	'ETIMEDOUT',
]);

function errorCodes(error: unknown): string[] {
	const codes: string[] = [];
	for (
		let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
		e && depth < 5;
		e = e.cause as typeof e, depth++
	) {
		if (typeof e.code === 'string') codes.push(e.code);
	}
	return codes;
}

/** Which TransportError kind an undici (or socket) error is. */
export function failureKind(error: unknown): TransportFailure {
	const codes = errorCodes(error);
	const message = error instanceof Error ? error.message : '';
	if (codes.includes('ECONNREFUSED')) return 'refused';
	if (codes.some((c) => TIMEOUT_CODES.has(c))) return 'timeout';
	if (codes.some((c) => RESET_CODES.has(c)) || /other side closed|socket hang up/i.test(message))
		return 'reset';
	return 'other';
}

function headerRecord(
	headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
	const result: Record<string, string> = {};
	for (const [name, value] of Object.entries(headers)) {
		if (value !== undefined)
			result[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
	}
	return result;
}

/** The core's Transport over undici: keep-alive, per-attempt timeout, undici errors as TransportError. */
export function undiciTransport(options: UndiciTransportOptions = {}): UndiciTransport {
	const ownAgent = options.dispatcher
		? undefined
		: new Agent({ keepAliveTimeout: 10_000, connections: options.connections ?? 16 });
	const dispatcher = options.dispatcher ?? ownAgent!;

	const send = async (req: HttpRequest): Promise<HttpResponse> => {
		const controller = new AbortController();
		let timedOut = false;
		const timer =
			req.timeoutMs && req.timeoutMs > 0
				? setTimeout(() => {
						timedOut = true;
						controller.abort();
					}, req.timeoutMs)
				: undefined;
		try {
			const response = await request(req.url, {
				method: req.method,
				headers: req.headers,
				body: req.body as Dispatcher.DispatchOptions['body'],
				dispatcher,
				signal: controller.signal,
			});
			const body = await response.body.text();
			return { status: response.statusCode, headers: headerRecord(response.headers), body };
		} catch (error) {
			if (timedOut) throw new TransportError('timeout', `no answer within ${req.timeoutMs} ms`);
			const message = error instanceof Error ? error.message : String(error);
			throw new TransportError(failureKind(error), message);
		} finally {
			if (timer) clearTimeout(timer);
		}
	};

	return Object.assign(send, {
		close: async () => {
			if (ownAgent) await ownAgent.close();
		},
	});
}
