/**
 * The answers of openapi.json: the headers every answer carries, the error answers by status, and
 * the answers to requests that match no operation (`x-other-requests`).
 */
import {
	IDEMPOTENCY_RETENTION_HOURS,
	JSON_BODY_MAX_BYTES,
	RATE_LIMIT_PER_MINUTE,
	RATE_LIMIT_WINDOW_SECONDS,
} from '../../shared/api-limits';
import { RATE_LIMIT_HEADERS } from '../server/rate-limit';
import { type Json, object } from './schemas';

const header = (name: string): Json => ({ $ref: `#/components/headers/${name}` });

export const componentHeaders: Record<string, Json> = {
	'X-Request-Id': {
		description: 'Identifier of this request (give it to support)',
		required: true,
		schema: { type: 'string', pattern: '^req_[a-f0-9]{24}$' },
	},
	[RATE_LIMIT_HEADERS.limit]: {
		description: `Calls allowed per key in a window of ${RATE_LIMIT_WINDOW_SECONDS} seconds (${RATE_LIMIT_PER_MINUTE} calls per minute)`,
		required: true,
		schema: { type: 'integer', minimum: 1 },
	},
	[RATE_LIMIT_HEADERS.remaining]: {
		description: 'Calls left in the current window',
		required: true,
		schema: { type: 'integer', minimum: 0 },
	},
	'Retry-After': {
		description: 'Seconds to wait until the window ends',
		required: true,
		schema: { type: 'integer', minimum: 1 },
	},
	'Idempotent-Replayed': {
		description: '`true` when this is the replayed first answer of the Idempotency-Key',
		schema: { type: 'string', const: 'true' },
	},
	Allow: {
		description: 'The methods the path has',
		required: true,
		schema: { type: 'string', minLength: 1 },
	},
};

/** Every answer of the API origin (/v1 and /docs) carries these. */
export const STANDARD_HEADERS: Json = Object.fromEntries(
	['X-Request-Id', RATE_LIMIT_HEADERS.limit, RATE_LIMIT_HEADERS.remaining].map((name) => [
		name,
		header(name),
	]),
);
/** The upload origin is not rate limited: its answers carry only the request id. */
export const UPLOAD_HEADERS: Json = { 'X-Request-Id': header('X-Request-Id') };

function errorBody(codes: readonly string[]): Json {
	return {
		'application/json': {
			schema: object({
				error: object({
					code: { type: 'string', enum: [...codes] },
					message: { type: 'string', minLength: 1 },
				}),
			}),
		},
	};
}

interface ErrorAnswer {
	status: number;
	description: string;
	codes: string[];
	headers?: Json;
}

/** The error answers of the API by name (`#/components/responses/<name>`). */
const ERRORS: Record<string, ErrorAnswer> = {
	BadRequest: {
		status: 400,
		description: `Unreadable body (not a JSON object, not sent as application/json, or over ${JSON_BODY_MAX_BYTES} bytes), or an invalid or unknown field or query parameter; the message names the field and says what is wrong`,
		codes: ['bad_json', 'bad_reference', 'invalid_field', 'missing_field', 'upload_missing'],
	},
	Unauthorized: {
		status: 401,
		description: 'Key missing, invalid or revoked',
		codes: ['unauthorized'],
	},
	PaymentRequired: {
		status: 402,
		description: 'Plan limit reached (compte.limites.numeros), or subscription ended',
		codes: ['plan_limit', 'subscription_ended'],
	},
	Forbidden: {
		status: 403,
		description:
			'The key lacks the permission (the message names it), or the request has no descriptive User-Agent (the firewall)',
		codes: ['forbidden_scope', 'blocked_user_agent'],
	},
	NotFound: { status: 404, description: 'No such issue for this key', codes: ['not_found'] },
	Conflict: {
		status: 409,
		description: `Address taken, issue not modifiable through the API, issue not scheduled, or Idempotency-Key used in the last ${IDEMPOTENCY_RETENTION_HOURS} hours with another request`,
		codes: ['address_taken', 'not_editable', 'not_scheduled', 'idempotency_key_reused'],
	},
	PayloadTooLarge: {
		status: 413,
		description: "File over the plan's maximum size (compte.limites.taille_fichier_octets)",
		codes: ['file_too_large'],
	},
	TooManyRequests: {
		status: 429,
		description: `More than ${RATE_LIMIT_PER_MINUTE} calls in ${RATE_LIMIT_WINDOW_SECONDS} seconds with this key; wait Retry-After seconds`,
		codes: ['rate_limited'],
		headers: { 'Retry-After': header('Retry-After') },
	},
	UnknownEndpoint: { status: 404, description: 'No endpoint on this path', codes: ['not_found'] },
	MethodNotAllowed: {
		status: 405,
		description: 'The path has no such method; Allow lists those it has',
		codes: ['method_not_allowed'],
		headers: { Allow: header('Allow') },
	},
};

export const componentResponses: Record<string, Json> = Object.fromEntries(
	Object.entries(ERRORS).map(([name, { description, codes, headers }]) => [
		name,
		{ description, headers: { ...STANDARD_HEADERS, ...headers }, content: errorBody(codes) },
	]),
);

const errorRef = (name: string): Json => ({ $ref: `#/components/responses/${name}` });
/** The error answer of each status an operation can give. */
const BY_STATUS: Record<number, string> = {
	400: 'BadRequest',
	401: 'Unauthorized',
	402: 'PaymentRequired',
	403: 'Forbidden',
	404: 'NotFound',
	409: 'Conflict',
	413: 'PayloadTooLarge',
	429: 'TooManyRequests',
};
/** Every API operation can answer these: a bad query or body, the key, the firewall, the rate limit. */
const EVERY_OPERATION = [400, 401, 403, 429];

/** An operation's answers: its successes and its own errors, plus those every operation has. */
export function responses(
	success: Record<number, [string, Json]>,
	errors: number[],
	idempotent = false,
): Json {
	const headers = idempotent
		? { ...STANDARD_HEADERS, 'Idempotent-Replayed': header('Idempotent-Replayed') }
		: STANDARD_HEADERS;
	const out: Json = {};
	for (const [status, [description, schema]] of Object.entries(success))
		out[status] = { description, headers, content: { 'application/json': { schema } } };
	for (const status of [...new Set([...EVERY_OPERATION, ...errors])].sort())
		out[String(status)] = errorRef(BY_STATUS[status]);
	return out;
}

/**
 * Requests that match no operation of `paths`: another path under the API root, or another method
 * on a path. The checks that come first still answer first.
 */
export const otherRequests: Json = {
	description:
		'Any request to the API root or to /docs/openapi.json that is not an operation of this document: ' +
		'another path is 404 not_found, another method on a path is 405 method_not_allowed with Allow. ' +
		'As for the operations, the firewall (403 blocked_user_agent), the rate limit (429) and the key (401) answer first.',
	responses: {
		'401': errorRef('Unauthorized'),
		'403': errorRef('Forbidden'),
		'404': errorRef('UnknownEndpoint'),
		'405': errorRef('MethodNotAllowed'),
		'429': errorRef('TooManyRequests'),
	},
};

/** An error answer of the upload origin; `also` names the headers it carries besides the request id. */
export function uploadError(description: string, codes: string[], also: string[] = []): Json {
	const headers = {
		...UPLOAD_HEADERS,
		...Object.fromEntries(also.map((name) => [name, header(name)])),
	};
	return { description, headers, content: errorBody(codes) };
}
