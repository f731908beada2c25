import { TransportError, type TransportFailure } from '../../../shared/index';

/** Node.js / axios error codes of a request that got no HTTP response, by the core's failure kind. */
const FAILURE_BY_CODE: Record<string, TransportFailure> = {
	ECONNREFUSED: 'refused',
	ECONNRESET: 'reset',
	EPIPE: 'reset',
	ERR_SOCKET_CLOSED: 'reset',
	ECONNABORTED: 'timeout',
	ETIMEDOUT: 'timeout',
	ESOCKETTIMEDOUT: 'timeout',
	ERR_CANCELED: 'other',
};

interface ErrorWithCause {
	message?: unknown;
	code?: unknown;
	name?: unknown;
	cause?: unknown;
}

function errorCodes(error: unknown): string[] {
	const codes: string[] = [];
	let current: unknown = error;
	for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
		const { code } = current as ErrorWithCause;
		if (typeof code === 'string') codes.push(code.toUpperCase());
		current = (current as ErrorWithCause).cause;
	}
	return codes;
}

/**
 * What an n8n HTTP helper threw when no response arrived, as the core's TransportError, so the core
 * decides about retries. n8n wraps the network error in a NodeApiError whose `cause` carries the code.
 * An execution cancelled by the user is not a network failure: it is returned unchanged, so the core
 * stops at once instead of retrying.
 */
export function transportFailureFrom(error: unknown): Error {
	const codes = errorCodes(error);
	if (codes.includes('ERR_CANCELED') || (error as ErrorWithCause)?.name === 'AbortError') {
		return error instanceof Error ? error : new Error('The request was cancelled');
	}
	const kind =
		codes.map((code) => FAILURE_BY_CODE[code]).find((found) => found !== undefined) ?? 'other';
	const detail = codes[0] ?? 'no response';
	return new TransportError(kind, `no response from the service (${detail})`);
}
