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

/** How a host names a field on its screen (n8n: the field's label; Zapier: its label; CLI: its flag). */
export type FieldNamer = (field: string) => string;

/**
 * Input refused before any request was sent. `message` names the API's fields and the rule (for code
 * and logs); `sentence(name)` is the same problem in a host's words, naming each field as its screen does.
 */
export class NumeroValidationError extends NumeroError {
	/** The field as the caller named it (API field name, or e.g. `baseUrl`, `Idempotency-Key`). */
	readonly field: string;
	/** The rule broken, e.g. `range`, `pattern`, `required` (docs/core-api.md lists them). */
	readonly rule: string;
	readonly #phrase: ((name: FieldNamer) => string) | undefined;
	/** `phrase` writes the problem with each field named by the host; without it, `message` is used as it is. */
	constructor(field: string, rule: string, message: string, phrase?: (name: FieldNamer) => string) {
		super(message);
		this.field = field;
		this.rule = rule;
		this.#phrase = phrase;
	}

	/** The problem as a sentence naming each field by `name` (without the API's names and the rule). */
	sentence(name: FieldNamer): string {
		return this.#phrase ? this.#phrase(name) : this.message;
	}
}

/**
 * The service answered with an error status. `message` is a sentence for a person (the API's field
 * names in quotes); the endpoint and request id are properties, not part of it. `sentence(name)` is
 * the same with each field named as a host's screen shows it.
 */
export class NumeroApiError extends NumeroError {
	readonly status: number;
	/** The field a 400 `invalid_field` / `missing_field` named, when it did. */
	readonly field?: string;
	readonly #phrase: ((name: FieldNamer) => string) | undefined;
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
		field?: string;
		phrase?: (name: FieldNamer) => string;
	}) {
		super(init.message);
		this.status = init.status;
		this.code = init.code;
		this.#phrase = init.phrase;
		if (init.field !== undefined) this.field = init.field;
		if (init.serviceMessage !== undefined) this.serviceMessage = init.serviceMessage;
		if (init.requestId !== undefined) this.requestId = init.requestId;
		if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
	}

	/** The message with each field named by `name`. */
	sentence(name: FieldNamer): string {
		return this.#phrase ? this.#phrase(name) : this.message;
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
