/** Field rules of the reference; each failure names the field and the rule. */
import { SERVICE_DOMAINS, type ServiceDomain } from '../shared/api-types';
import { ApiError, invalidField, missingField } from './server/api-error';

export type Body = Record<string, unknown>;

export const SHA256_PATTERN = /^[a-f0-9]{64}$/;
export const SLUG_PATTERN = /^[a-z0-9-]{1,100}$/;
export const REFERENCE_PATTERN = /^[A-Za-z0-9_.:@+-]{1,80}$/;
/** As lenient as the core: a host name, a colon, a slug without spaces or slashes; unknown ids are then 404. */
export const ISSUE_ID_PATTERN = /^[A-Za-z0-9.-]+:[^\s/\\?#]{1,200}$/;

export function refuseUnknownFields(body: Body, allowed: readonly string[]): void {
	for (const field of Object.keys(body)) {
		if (!allowed.includes(field))
			throw invalidField(field, `unknown field; allowed: ${allowed.join(', ')}`);
	}
}

export function has(body: Body, field: string): boolean {
	return body[field] !== undefined;
}

export function requiredString(body: Body, field: string): string {
	if (!has(body, field) || body[field] === null) throw missingField(field);
	return stringField(body, field) as string;
}

export function stringField(body: Body, field: string): string | undefined {
	const value = body[field];
	if (value === undefined) return undefined;
	if (typeof value !== 'string') throw invalidField(field, 'must be a string');
	return value;
}

export function integerField(
	body: Body,
	field: string,
	min: number,
	max = Number.MAX_SAFE_INTEGER,
): number | undefined {
	const value = body[field];
	if (value === undefined) return undefined;
	if (typeof value !== 'number' || !Number.isInteger(value))
		throw invalidField(field, 'must be an integer');
	if (value < min || value > max) {
		throw invalidField(
			field,
			max === Number.MAX_SAFE_INTEGER ? `must be at least ${min}` : `must be ${min} to ${max}`,
		);
	}
	return value;
}

export function requiredInteger(body: Body, field: string, min: number, max?: number): number {
	if (!has(body, field) || body[field] === null) throw missingField(field);
	return integerField(body, field, min, max) as number;
}

export function nullableBoolean(body: Body, field: string): boolean | null | undefined {
	const value = body[field];
	if (value === undefined || value === null) return value;
	if (typeof value !== 'boolean') throw invalidField(field, 'must be true, false or null');
	return value;
}

export function booleanField(body: Body, field: string): boolean | undefined {
	const value = body[field];
	if (value === undefined) return undefined;
	if (typeof value !== 'boolean') throw invalidField(field, 'must be true or false');
	return value;
}

export function enumField<T extends string>(
	body: Body,
	field: string,
	values: readonly T[],
): T | undefined {
	const value = body[field];
	if (value === undefined) return undefined;
	if (typeof value !== 'string' || !values.includes(value as T)) {
		throw invalidField(field, `must be one of ${values.join(', ')}`);
	}
	return value as T;
}

export function sha256Field(body: Body, field: string, required: boolean): string | undefined {
	if (!has(body, field)) {
		if (required) throw missingField(field);
		return undefined;
	}
	const value = stringField(body, field) as string;
	if (!SHA256_PATTERN.test(value))
		throw invalidField(field, 'must be 64 lower-case hexadecimal characters (^[a-f0-9]{64}$)');
	return value;
}

export function domainField(body: Body, field = 'domaine'): ServiceDomain | undefined {
	return enumField(body, field, SERVICE_DOMAINS);
}

export function titleField(body: Body, field: string, required: boolean): string | undefined {
	if (!has(body, field)) {
		if (required) throw missingField(field);
		return undefined;
	}
	const value = stringField(body, field) as string;
	if (value.trim() === '') throw invalidField(field, 'must not be empty');
	if ([...value].length > 200) throw invalidField(field, 'at most 200 characters');
	return value;
}

export function uriField(body: Body, field: string): string | undefined {
	const value = stringField(body, field);
	if (value === undefined) return undefined;
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		throw invalidField(field, 'must be an absolute http(s) URI');
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:')
		throw invalidField(field, 'must be an absolute http(s) URI');
	return value;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/** An ISO 8601 date-time with an offset, returned in ms. */
export function dateTimeField(body: Body, field: string): number | undefined {
	const value = stringField(body, field);
	if (value === undefined) return undefined;
	const ms = Date.parse(value);
	if (!DATE_TIME.test(value) || Number.isNaN(ms)) {
		throw invalidField(
			field,
			'must be an ISO 8601 date-time with a time zone, e.g. 2026-11-01T08:00:00Z',
		);
	}
	return ms;
}

/** publier_le: in the future and at most one year (same date next year) ahead of the sandbox clock. */
export function checkScheduleWindow(field: string, at: number, now: number): void {
	if (at <= now) throw invalidField(field, 'must be in the future');
	const limit = new Date(now);
	limit.setUTCFullYear(limit.getUTCFullYear() + 1);
	if (at > limit.getTime()) throw invalidField(field, 'must be at most one year ahead');
}

export function monthField(body: Body, field: string): string | undefined {
	const value = stringField(body, field);
	if (value === undefined) return undefined;
	const match = /^(\d{4})-(\d{2})$/.exec(value);
	if (!match)
		throw invalidField(field, 'must be a month written YYYY-MM, e.g. 2026-03 (^\\d{4}-\\d{2}$)');
	if (Number(match[2]) < 1 || Number(match[2]) > 12) {
		throw invalidField(
			field,
			`${JSON.stringify(value)} has no month ${match[2]}: the month is 01 to 12`,
		);
	}
	return value;
}

/** A query parameter that must be present once. */
export function requiredQuery(query: URLSearchParams, name: string): string {
	const values = query.getAll(name);
	if (values.length === 0 || values[0] === '') throw missingField(name);
	if (values.length > 1) throw invalidField(name, 'must be given once');
	return values[0];
}

export function issueIdQuery(query: URLSearchParams): string {
	const id = requiredQuery(query, 'id');
	checkIssueId('id', id);
	return id;
}

export function checkIssueId(field: string, id: string): void {
	if (!ISSUE_ID_PATTERN.test(id))
		throw invalidField(
			field,
			'must be an issue id <domain>:<slug>, e.g. numero.press:gazette-2026-10',
		);
}

export function noQuery(query: URLSearchParams, allowed: readonly string[]): void {
	for (const name of query.keys()) {
		if (!allowed.includes(name)) {
			throw new ApiError(
				400,
				'invalid_field',
				`${name}: unknown query parameter; allowed: ${allowed.join(', ') || 'none'}`,
			);
		}
	}
}
