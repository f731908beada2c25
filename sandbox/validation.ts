/**
 * Field rules of the reference; each failure names the field and says what is wrong. The patterns
 * and numbers are the core's (shared/field-rules.ts, shared/api-limits.ts), declared once.
 */
import { REFERENCE_MAX_CHARS, SLUG_MAX_CHARS, TITLE_MAX_CHARS } from '../shared/api-limits';
import { SERVICE_DOMAINS, type ServiceDomain } from '../shared/api-types';
import {
	ISSUE_ID_PATTERN,
	REFERENCE_PATTERN,
	SHA256_PATTERN,
	SLUG_PATTERN,
} from '../shared/field-rules';
import { ApiError, invalidField, missingField } from './server/api-error';

export type Body = Record<string, unknown>;

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
		throw invalidField(
			field,
			`must be 64 lower-case hexadecimal characters (${SHA256_PATTERN.source})`,
		);
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
	if ([...value].length > TITLE_MAX_CHARS)
		throw invalidField(field, `at most ${TITLE_MAX_CHARS} characters`);
	return value;
}

/** A subscriber reference; a value outside its pattern is 400 bad_reference (the reference's code). */
export function referenceField(body: Body, required: boolean): string | undefined {
	const value = required ? requiredString(body, 'reference') : stringField(body, 'reference');
	if (value !== undefined && !REFERENCE_PATTERN.test(value)) {
		throw new ApiError(
			400,
			'bad_reference',
			`reference: 1 to ${REFERENCE_MAX_CHARS} characters of letters, digits and _ . : @ + - (${REFERENCE_PATTERN.source})`,
		);
	}
	return value;
}

/** An issue address (`adresse`). */
export function slugField(body: Body, field: string): string | undefined {
	const value = stringField(body, field);
	if (value !== undefined && !SLUG_PATTERN.test(value)) {
		throw invalidField(
			field,
			`1 to ${SLUG_MAX_CHARS} lower-case letters, digits and - (${SLUG_PATTERN.source})`,
		);
	}
	return value;
}

export function uriField(body: Body, field: string): string | undefined {
	const value = stringField(body, field);
	if (value === undefined) return undefined;
	const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(value)?.[1].toLowerCase();
	if (scheme === undefined) throw invalidField(field, 'must be an absolute http(s) URI');
	if (scheme !== 'http' && scheme !== 'https')
		throw invalidField(field, `${scheme}: addresses are refused: give an http:// or https:// one`);
	if (!URL.canParse(value) || new URL(value).hostname === '')
		throw invalidField(field, `${JSON.stringify(value)} has no valid host name after ${scheme}://`);
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
