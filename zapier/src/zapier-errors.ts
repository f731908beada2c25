import type { Bundle, ZObject } from 'zapier-platform-core';
import {
	NumeroApiError,
	NumeroNetworkError,
	NumeroValidationError,
	scrubSecrets,
} from '../../shared';
import { signingSecrets } from './auth-data';

/** The Zapier label of each field an action sends, by its API (or connection) name. */
export type FieldLabels = Readonly<Record<string, string>>;

const CONNECTION_LABELS: FieldLabels = {
	apiKey: 'API Key',
	baseUrl: 'API Base URL',
	signingSecrets: 'Webhook Signing Secrets',
};

/** Retry-After when a 429 carried none: Zapier waits this long before trying again. */
const DEFAULT_THROTTLE_SECONDS = 60;

/** The core says `Field "jours" …`; the person filling the Zap sees `Field "Validity (Days)" …`. */
function labelled(error: NumeroValidationError, labels: FieldLabels): string {
	const label = labels[error.field] ?? CONNECTION_LABELS[error.field];
	if (!label) return error.message;
	const prefix = `Field "${error.field}"`;
	if (error.message.startsWith(prefix))
		return `Field "${label}"${error.message.slice(prefix.length)}`;
	return `${label}: ${error.message}`;
}

/** The core's errors as Zapier's: a 429 becomes ThrottledError (Zapier retries later), 401 an expired connection. */
export function toZapierError(
	z: ZObject,
	bundle: Bundle,
	error: unknown,
	labels: FieldLabels,
): unknown {
	const secrets = [bundle.authData?.apiKey, ...signingSecrets(bundle.authData)];
	const clean = (text: string) => scrubSecrets(text, secrets);
	if (error instanceof NumeroValidationError) {
		return new z.errors.Error(clean(labelled(error, labels)), `invalid_${error.rule}`, 400);
	}
	if (error instanceof NumeroApiError) {
		if (error.status === 429)
			return new z.errors.ThrottledError(
				clean(error.message),
				error.retryAfter ?? DEFAULT_THROTTLE_SECONDS,
			);
		if (error.status === 401) return new z.errors.ExpiredAuthError(clean(error.message));
		return new z.errors.Error(clean(error.message), error.code, error.status);
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
