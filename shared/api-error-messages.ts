/**
 * Turns an error response into a NumeroApiError whose message tells a person what to do.
 */
import type { HttpResponse } from './ports';
import { NumeroApiError, type FieldNamer } from './errors';
import { scrubSecrets } from './scrub-secrets';

export type Permission = 'lecture' | 'liens' | 'publication';

/** What the failed call was about, so the message can name it. */
export interface ErrorContext {
	/** e.g. "POST /numeros" */
	endpoint: string;
	/** The permission the endpoint needs; absent for the upload PUT. */
	permission?: Permission;
	/** The issue the call named (id, or remplace). */
	issueId?: string;
	/** The Idempotency-Key the call carried. */
	idempotencyKey?: string;
	/** The address asked for, as "<domaine>/<adresse>". */
	address?: string;
	/** True for the upload PUT. */
	upload?: boolean;
	userAgent?: string;
	/** Secrets to scrub from anything the server echoed. */
	secrets: ReadonlyArray<string | undefined>;
}

const PERMISSION_GRANTS: Record<Permission, string> = {
	lecture: 'reading issues, statistics and the account',
	liens: 'creating and revoking reading links',
	publication: 'uploading, publishing and editing issues',
};

const MAX_SERVICE_MESSAGE = 300;

/** Seconds from a Retry-After header (delta-seconds or HTTP date). */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
	if (value === undefined) return undefined;
	const trimmed = value.trim();
	if (/^\d+$/.test(trimmed)) return Number(trimmed);
	const date = Date.parse(trimmed);
	if (Number.isNaN(date)) return undefined;
	return Math.max(0, Math.ceil((date - nowMs) / 1000));
}

function readErrorBody(body: string): { code?: string; message?: string } {
	try {
		const parsed: unknown = JSON.parse(body);
		if (parsed && typeof parsed === 'object' && 'error' in parsed) {
			const error = (parsed as { error: unknown }).error;
			if (error && typeof error === 'object') {
				const { code, message } = error as { code?: unknown; message?: unknown };
				return {
					code: typeof code === 'string' ? code : undefined,
					message: typeof message === 'string' ? message : undefined,
				};
			}
		}
	} catch {
		// Not JSON (a proxy's page, say): nothing of it is echoed.
	}
	return {};
}

function seconds(n: number): string {
	return n === 1 ? '1 second' : `${n} seconds`;
}

function issueName(context: ErrorContext): string {
	return context.issueId ? `Issue "${context.issueId}"` : 'The issue';
}

/** The core's own naming of a field: its API name in quotes. */
const apiName: FieldNamer = (field) => `"${field}"`;

/**
 * The field a 400 names and what the service said of it: numero's messages for `invalid_field` and
 * `missing_field` read `<field>: <what is wrong>` (docs/api-choices.md).
 */
function refusedField(
	code: string,
	service: string | undefined,
): { field: string; problem: string } | undefined {
	if ((code !== 'invalid_field' && code !== 'missing_field') || !service) return undefined;
	const match = /^([A-Za-z_][A-Za-z0-9_-]{0,60}): (.+)$/s.exec(service);
	return match ? { field: match[1], problem: match[2].replace(/\.$/, '') } : undefined;
}

function advice(
	status: number,
	code: string,
	context: ErrorContext,
	retryAfter: number | undefined,
	service: string | undefined,
	name: FieldNamer,
): string {
	const said = service ? ` The service said: "${service}"` : '';
	if (context.upload) {
		switch (code) {
			case 'sha256_mismatch':
			case 'size_mismatch':
				return `The file sent did not match its SHA-256 or size (${code}): the file changed while it was being published. Run the publication again.${said}`;
			case 'upload_expired':
				return `The upload address expired (it is valid for 1 hour). Run the publication again to get a new one.${said}`;
			case 'bad_upload_signature':
				return `The upload address was refused as forged or altered (${code}). Run the publication again to get a new one.${said}`;
		}
		if (status === 413)
			return `The file is too large for the account's plan. Reduce the file's size or upgrade the plan.${said}`;
		if (status >= 400 && status < 500 && status !== 429) {
			return `The upload address refused the file (HTTP ${status}, ${code}). Run the publication again to get a new upload address.${said}`;
		}
	}
	switch (status) {
		case 400: {
			const refused = refusedField(code, service);
			if (refused) return `numero refused ${name(refused.field)}: ${refused.problem}.`;
			return `The service refused the request as invalid (${code}).${said}`;
		}
		case 401:
			return "The API key was refused (missing, invalid or revoked). Check the API key in the credentials; it may have been revoked in the integrations area of the publisher's space, where a new one can be created.";
		case 402:
			if (code === 'plan_limit') {
				return `The plan's limit on the number of issues is reached. Upgrade the plan, or withdraw or delete an issue, in the publisher's space.${said}`;
			}
			if (code === 'subscription_ended') {
				return `The account's subscription has ended. Renew it in the publisher's space to use the API again.${said}`;
			}
			return `The account's plan does not allow this (${code}). Check the subscription in the publisher's space.${said}`;
		case 403:
			if (code === 'forbidden_scope' && context.permission) {
				return `The API key lacks the "${context.permission}" permission (${PERMISSION_GRANTS[context.permission]}), which this needs. Add it to the key, or create a key with it, in the integrations area of the publisher's space.`;
			}
			if (code === 'blocked_user_agent') {
				const agent = context.userAgent ? ` "${context.userAgent}"` : '';
				return `The service's firewall blocked the User-Agent${agent}. Set a descriptive User-Agent naming your tool and its version.${said}`;
			}
			return `The request was forbidden (${code}).${said}`;
		case 404:
			return `${issueName(context)} was not found for this API key: check the id; the issue may belong to another account or have been deleted.`;
		case 409:
			if (code === 'address_taken') {
				const address = context.address ? ` "${context.address}"` : '';
				return `The address${address} is already taken by another issue. Choose another ${name('adresse')}, or leave it empty to let the service make one.${said}`;
			}
			if (code === 'not_editable') {
				return `${issueName(context)} was published with the former reader and cannot be modified through the API. Edit it in the publisher's space.${said}`;
			}
			if (code === 'idempotency_key_reused') {
				return `The idempotency key${context.idempotencyKey ? ` "${context.idempotencyKey}"` : ''} was already used in the last 24 hours for a different request${context.endpoint === 'POST /numeros' ? ' (the same PDF and identifying fields, with other settings: that issue exists, change it with an update)' : ''}. Use a new idempotency key to do it again.${said}`;
			}
			if (code === 'not_scheduled') {
				return `${issueName(context)} is not scheduled, so ${name('publier_le')} cannot be changed; use ${name('en_ligne')} to put it online or offline.${said}`;
			}
			return `The request conflicts with the issue's current state (${code}).${said}`;
		case 413:
			return `The file is too large for the account's plan. Reduce the file's size or upgrade the plan.${said}`;
		case 429: {
			const wait =
				retryAfter !== undefined ? `retry in ${seconds(retryAfter)}` : 'retry in a minute';
			return `Too many calls: the account's rate limit (calls per minute) is reached; ${wait}.`;
		}
	}
	if (status >= 500)
		return `The numero service failed (HTTP ${status}). Try again in a few minutes.${said}`;
	return `The service answered HTTP ${status} (${code}).${said}`;
}

export function apiErrorFromResponse(
	response: HttpResponse,
	context: ErrorContext,
	nowMs: number,
): NumeroApiError {
	const parsed = readErrorBody(response.body);
	const code = parsed.code ?? `http_${response.status}`;
	const serviceMessage =
		parsed.message === undefined
			? undefined
			: scrubSecrets(parsed.message, context.secrets).slice(0, MAX_SERVICE_MESSAGE);
	const requestId = response.headers['x-request-id'];
	const retryAfter = parseRetryAfter(response.headers['retry-after'], nowMs);
	const say = (name: FieldNamer) =>
		advice(response.status, code, context, retryAfter, serviceMessage, name);
	return new NumeroApiError({
		status: response.status,
		code,
		message: say(apiName),
		phrase: say,
		field: refusedField(code, serviceMessage)?.field,
		serviceMessage,
		requestId,
		retryAfter,
	});
}
