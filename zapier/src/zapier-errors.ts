import type { Bundle, ZObject } from 'zapier-platform-core';
import {
	NumeroApiError,
	NumeroNetworkError,
	NumeroValidationError,
	scrubSecrets,
} from '../../shared';
import { signingSecrets } from './auth-data';
import { StepTimeError } from './step-budget';

/** The Zapier label of each field an action sends, by its API (or connection) name. */
export type FieldLabels = Readonly<Record<string, string>>;

/** Zapier shows at most this many characters of an error (it cuts the rest). */
export const MAX_ERROR_CHARS = 250;

/**
 * An action's labels read from its own inputFields (a field's key is the API's name), so that a
 * renamed field renames its errors. `aliases`: the input field behind a core name that differs
 * (`'Idempotency-Key': 'idempotency_key'`).
 */
export function labelsOf(
	fields: ReadonlyArray<{ key: string; label?: string }>,
	aliases: Readonly<Record<string, string>> = {},
): FieldLabels {
	const labels: Record<string, string> = {};
	for (const field of fields) if (field.label) labels[field.key] = field.label;
	for (const [name, key] of Object.entries(aliases)) if (labels[key]) labels[name] = labels[key];
	return labels;
}

/** Errors that a retry of the same Zap step cannot fix: Zapier halts the run instead of counting it against the Zap. */
const HALTING_CODES = new Set(['not_editable', 'address_taken', 'idempotency_key_reused']);

/** At most MAX_ERROR_CHARS characters, cut at a word with an ellipsis. */
export function withinZapierLimit(text: string): string {
	if (text.length <= MAX_ERROR_CHARS) return text;
	const cut = text.slice(0, MAX_ERROR_CHARS - 1);
	const space = cut.lastIndexOf(' ');
	return `${space > MAX_ERROR_CHARS / 2 ? cut.slice(0, space) : cut}…`;
}

const CONNECTION_LABELS: FieldLabels = {
	apiKey: 'API Key',
	baseUrl: 'API Base URL',
	signingSecrets: 'Webhook Signing Secrets',
};

/** Retry-After when a 429 carried none: Zapier waits this long before trying again. */
const DEFAULT_THROTTLE_SECONDS = 60;

/** Each field as the Zap editor labels it; a field the editor does not show keeps its name in quotes. */
function namer(labels: FieldLabels): (field: string) => string {
	return (field) => labels[field] ?? CONNECTION_LABELS[field] ?? `"${field}"`;
}

/** The core's errors as Zapier's: a 429 becomes ThrottledError (Zapier retries later), 401 an expired connection. */
export function toZapierError(
	z: ZObject,
	bundle: Bundle,
	error: unknown,
	labels: FieldLabels,
): unknown {
	const secrets = [bundle.authData?.apiKey, ...signingSecrets(bundle.authData)];
	const clean = (text: string) => withinZapierLimit(scrubSecrets(text, secrets));
	if (error instanceof NumeroValidationError) {
		return new z.errors.Error(clean(error.sentence(namer(labels))), `invalid_${error.rule}`, 400);
	}
	if (error instanceof NumeroApiError) {
		const message = clean(error.sentence(namer(labels)));
		if (error.status === 429)
			return new z.errors.ThrottledError(message, error.retryAfter ?? DEFAULT_THROTTLE_SECONDS);
		if (error.status === 401) return new z.errors.ExpiredAuthError(message);
		if (HALTING_CODES.has(error.code)) return new z.errors.HaltedError(message);
		return new z.errors.Error(message, error.code, error.status);
	}
	if (error instanceof StepTimeError) {
		return new z.errors.Error(clean(error.sentence(namer(labels))), 'step_time_exceeded');
	}
	if (error instanceof NumeroNetworkError) {
		return new z.errors.Error(clean(error.message), `network_${error.kind}`);
	}
	return error;
}

/** Wraps a perform so that every error it throws reaches Zapier in Zapier's terms. */
export function withZapierErrors<B extends Bundle, R>(
	labels: FieldLabels,
	perform: (z: ZObject, bundle: B) => Promise<R>,
): (z: ZObject, bundle: B) => Promise<R> {
	return async (z, bundle) => {
		try {
			return await perform(z, bundle);
		} catch (error) {
			throw toZapierError(z, bundle, error, labels);
		}
	};
}
