import type { TransportFailure } from './ports';

/** Why a webhook delivery was refused by verifyWebhook. */
export type WebhookFailureReason =
	| 'missing_header'
	| 'malformed_header'
	| 'timestamp_too_old'
	| 'timestamp_in_future'
	| 'no_matching_signature'
	| 'invalid_payload';

/** Base of every error the core throws. `message` is the sentence to show a person; it never holds a secret. */
export class NumeroError extends Error {
	constructor(message: string) {
		super(message);
		this.name = new.target.name;
	}
}

/** Input refused before any request was sent. */
export class NumeroValidationError extends NumeroError {
	/** The field as the caller named it (API field name, or e.g. `baseUrl`, `Idempotency-Key`). */
	readonly field: string;
	/** The rule broken, e.g. `range`, `pattern`, `required` (docs/core-api.md lists them). */
	readonly rule: string;
	constructor(field: string, rule: string, message: string) {
		super(message);
		this.field = field;
		this.rule = rule;
	}
}

/** The service answered with an error status. */
export class NumeroApiError extends NumeroError {
	readonly status: number;
	/** The API's error code (`plan_limit`, `forbidden_scope`, …), or `http_<status>` when the body had none. */
	readonly code: string;
	/** The service's own message, with any secret removed. */
	readonly serviceMessage?: string;
	/** `X-Request-Id` of the response, for support. */
	readonly requestId?: string;
	/** Seconds to wait, from `Retry-After` (429 and some 503). */
	readonly retryAfter?: number;
	constructor(init: {
		status: number;
		code: string;
		message: string;
		serviceMessage?: string;
		requestId?: string;
		retryAfter?: number;
	}) {
		super(init.message);
		this.status = init.status;
		this.code = init.code;
		if (init.serviceMessage !== undefined) this.serviceMessage = init.serviceMessage;
		if (init.requestId !== undefined) this.requestId = init.requestId;
		if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
	}
}

/** No response arrived (connection refused or reset, timeout), after `attempts` attempts. */
export class NumeroNetworkError extends NumeroError {
	readonly kind: TransportFailure;
	readonly attempts: number;
	constructor(kind: TransportFailure, attempts: number, message: string) {
		super(message);
		this.kind = kind;
		this.attempts = attempts;
	}
}

/** A webhook delivery that must not be trusted. The message never says what the right signature was. */
export class WebhookVerificationError extends NumeroError {
	readonly reason: WebhookFailureReason;
	constructor(reason: WebhookFailureReason, message: string) {
		super(message);
		this.reason = reason;
	}
}
