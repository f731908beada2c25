/**
 * Every effect the core needs comes in through these ports, so the core stays pure
 * (no I/O module, timers, process or env) and runs unchanged in n8n, Zapier and plain Node.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT';

/** A request body: text, bytes, or a stream of bytes (only used for the upload PUT). */
export type HttpBody = string | Uint8Array | AsyncIterable<Uint8Array>;

export interface HttpRequest {
	method: HttpMethod;
	url: string;
	/** Header names as given; the transport sends exactly these (plus what its library must add). */
	headers: Record<string, string>;
	body?: HttpBody;
	/** Per-attempt timeout; the transport aborts the attempt after it and throws TransportError('timeout'). */
	timeoutMs?: number;
}

export interface HttpResponse {
	status: number;
	/** Header names in lower case. */
	headers: Record<string, string>;
	body: string;
}

/**
 * Sends one request and resolves with whatever status came back (it never throws on a status).
 * It throws TransportError when no response arrived.
 */
export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

export type TransportFailure = 'timeout' | 'reset' | 'refused' | 'other';

/** Thrown by transports when no HTTP response was received. */
export class TransportError extends Error {
	readonly kind: TransportFailure;
	constructor(kind: TransportFailure, message: string) {
		super(message);
		this.name = 'TransportError';
		this.kind = kind;
	}
}

export type Sleep = (ms: number) => Promise<void>;

/** Milliseconds since the Unix epoch. */
export type Clock = () => number;

/**
 * A file the publishing pipeline reads twice: once to hash, once to send. A source that already knows
 * its SHA-256 (a host that hashed the bytes as it received them) is read once, to send.
 */
export interface ByteSource {
	size: number;
	/** A new stream of the same bytes each time it is called. */
	open(): AsyncIterable<Uint8Array>;
	/** Used for nom_fichier and messages; never required. */
	name?: string;
	/**
	 * The SHA-256 (lowercase hex) of the `size` bytes `open()` yields, when the host computed it already:
	 * the pipeline then does not read the file to hash it. A wrong value is refused by the upload address.
	 */
	sha256?: string;
}
