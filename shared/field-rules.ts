/**
 * The reference's field rules, one checker each. Every checker throws NumeroValidationError naming
 * the field, the rule and what is wrong with the value; values are described, never the API key.
 */
import { NumeroValidationError } from './errors';
import {
	ISSUE_ID_SLUG_MAX_CHARS,
	REFERENCE_MAX_CHARS,
	SCHEDULE_MAX_YEARS_AHEAD,
	SLUG_MAX_CHARS,
} from './api-limits';
import { SERVICE_DOMAINS } from './api-types';

const MAX_DESCRIBED_CHARS = 60;

/** A short description of a value for an error message. */
export function describeValue(value: unknown): string {
	if (value === undefined) return 'nothing';
	if (value === null) return 'null';
	if (typeof value === 'string') {
		if (value.length === 0) return 'an empty string';
		const shown =
			value.length > MAX_DESCRIBED_CHARS ? `${value.slice(0, MAX_DESCRIBED_CHARS)}…` : value;
		return JSON.stringify(shown);
	}
	if (typeof value === 'number')
		return Number.isFinite(value) ? String(value) : `the number ${String(value)}`;
	if (typeof value === 'boolean') return String(value);
	if (Array.isArray(value)) return 'a list';
	return `a value of type ${typeof value}`;
}

export function fail(field: string, rule: string, expectation: string, problem: string): never {
	throw new NumeroValidationError(
		field,
		rule,
		`Field "${field}" ${expectation} (rule: ${rule}); ${problem}.`,
		(name) => `${name(field)} ${expectation}; ${problem}.`,
	);
}

function got(value: unknown): string {
	return `got ${describeValue(value)}`;
}

export function requireString(field: string, value: unknown): string {
	if (value === undefined || value === null)
		fail(field, 'required', 'is required', 'it is missing');
	if (typeof value !== 'string') fail(field, 'type', 'must be text', got(value));
	return value;
}

export function checkType(
	field: string,
	value: unknown,
	type: 'string' | 'boolean' | 'number',
): void {
	if (typeof value !== type) {
		const expected = type === 'string' ? 'text' : type === 'boolean' ? 'true or false' : 'a number';
		fail(field, 'type', `must be ${expected}`, got(value));
	}
}

function hasControlCharacter(text: string): boolean {
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code < 0x20 || code === 0x7f) return true;
	}
	return false;
}

/** Non-empty text without control characters, at most `max` characters (counted as Unicode code points). */
export function checkText(field: string, value: unknown, max: number): string {
	const text = requireString(field, value);
	const length = [...text].length;
	if (text.trim().length === 0)
		fail(field, 'length', `must be 1 to ${max} characters, not blank`, got(text));
	if (length > max)
		fail(field, 'length', `must be 1 to ${max} characters`, `got ${length} characters`);
	if (hasControlCharacter(text))
		fail(
			field,
			'printable',
			'must not contain control characters (such as line breaks)',
			got(text),
		);
	return text;
}

export function checkInteger(field: string, value: unknown, min: number, max?: number): number {
	if (value === undefined || value === null)
		fail(field, 'required', 'is required', 'it is missing');
	const range =
		max === undefined
			? `a whole number of at least ${min}`
			: `a whole number from ${min} to ${max}`;
	if (typeof value !== 'number') fail(field, 'type', `must be ${range}`, got(value));
	if (!Number.isSafeInteger(value)) fail(field, 'integer', `must be ${range}`, got(value));
	if (value < min || (max !== undefined && value > max))
		fail(field, 'range', `must be ${range}`, got(value));
	return value;
}

/**
 * `<domain>:<slug>`: a host name, a colon, then a slug without spaces or slashes (docs/api-choices.md).
 * The n8n resource locator validates its "By ID" mode with this pattern's source.
 */
export const ISSUE_ID_PATTERN = new RegExp(
	'^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+' +
		`:[^\\s/\\\\?#]{1,${ISSUE_ID_SLUG_MAX_CHARS}}$`,
);

export function checkIssueId(field: string, value: unknown): string {
	const id = requireString(field, value);
	if (!ISSUE_ID_PATTERN.test(id) || hasControlCharacter(id)) {
		fail(
			field,
			'pattern',
			'must be an issue id of the form <domain>:<slug>, e.g. "numero.press:my-issue"',
			got(id),
		);
	}
	return id;
}

export const REFERENCE_PATTERN = new RegExp(`^[A-Za-z0-9_.:@+-]{1,${REFERENCE_MAX_CHARS}}$`);

export function checkReference(field: string, value: unknown): string {
	const reference = requireString(field, value);
	if (!REFERENCE_PATTERN.test(reference)) {
		const problem =
			reference.length === 0 || reference.length > REFERENCE_MAX_CHARS
				? `got ${reference.length} characters`
				: `got ${describeValue(reference)}, which has other characters`;
		fail(
			field,
			'pattern',
			`must be 1 to ${REFERENCE_MAX_CHARS} letters, digits or _ . : @ + - (pattern ${REFERENCE_PATTERN.source})`,
			problem,
		);
	}
	return reference;
}

export const SHA256_PATTERN = /^[a-f0-9]{64}$/;

export function checkSha256(field: string, value: unknown): string {
	const hash = requireString(field, value);
	if (!SHA256_PATTERN.test(hash))
		fail(field, 'pattern', 'must be a SHA-256 as 64 lowercase hexadecimal characters', got(hash));
	return hash;
}

export function checkEnum<T extends string>(
	field: string,
	value: unknown,
	allowed: readonly T[],
): T {
	const text = requireString(field, value);
	if (!(allowed as readonly string[]).includes(text)) {
		fail(field, 'enum', `must be one of ${allowed.map((a) => `"${a}"`).join(', ')}`, got(text));
	}
	return text as T;
}

export function checkDomain(field: string, value: unknown): string {
	return checkEnum(field, value, SERVICE_DOMAINS);
}

/** YYYY-MM (`parution`). */
export const MONTH_PATTERN = /^\d{4}-\d{2}$/;
/** YYYY-MM-DD (`depuis`). */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** YYYY-MM with a real month. */
export function checkMonth(field: string, value: unknown): string {
	const text = requireString(field, value);
	if (!MONTH_PATTERN.test(text))
		fail(field, 'pattern', 'must be a month written YYYY-MM, e.g. "2026-03"', got(text));
	const month = Number(text.slice(5, 7));
	if (month < 1 || month > 12)
		fail(field, 'month', 'must be a month written YYYY-MM with a month from 01 to 12', got(text));
	return text;
}

function isRealDate(year: number, month: number, day: number): boolean {
	if (month < 1 || month > 12 || day < 1) return false;
	const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
	return day <= daysInMonth;
}

/** YYYY-MM-DD, a date that exists. */
export function checkDate(field: string, value: unknown): string {
	const text = requireString(field, value);
	if (!DATE_PATTERN.test(text))
		fail(field, 'pattern', 'must be a date written YYYY-MM-DD, e.g. "2026-03-31"', got(text));
	const [year, month, day] = text.split('-').map(Number);
	if (!isRealDate(year, month, day)) {
		fail(field, 'date', 'must be a date that exists, written YYYY-MM-DD', got(text));
	}
	return text;
}

const DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/i;

/** An RFC 3339 date-time (ISO 8601 with seconds and an explicit offset, `Z` or ±hh:mm); returns its instant in ms. */
export function parseDateTime(field: string, value: unknown): number {
	const text = requireString(field, value);
	const match = DATE_TIME.exec(text);
	const expectation = 'must be an ISO 8601 date-time with a time zone, e.g. "2026-03-31T09:00:00Z"';
	if (!match) fail(field, 'date_time', expectation, got(text));
	const [, y, mo, d, h, mi, s, , oh, om] = match;
	const valid =
		isRealDate(Number(y), Number(mo), Number(d)) &&
		Number(h) <= 23 &&
		Number(mi) <= 59 &&
		Number(s) <= 59 &&
		(oh === undefined || (Number(oh) <= 23 && Number(om) <= 59));
	if (!valid)
		fail(field, 'date_time', expectation, `${got(text)}, which is not a real date and time`);
	return Date.parse(text);
}

/** In the future and at most one year (calendar year, UTC) ahead of `nowMs`. */
export function checkScheduledInstant(field: string, value: unknown, nowMs: number): string {
	const instant = parseDateTime(field, value);
	if (instant <= nowMs) {
		fail(
			field,
			'future',
			'must be in the future',
			`got ${describeValue(value)}, which is not after now (${new Date(nowMs).toISOString()})`,
		);
	}
	const limit = new Date(nowMs);
	limit.setUTCFullYear(limit.getUTCFullYear() + SCHEDULE_MAX_YEARS_AHEAD);
	if (instant > limit.getTime()) {
		fail(
			field,
			'within_a_year',
			'must be at most one year ahead',
			`got ${describeValue(value)}, later than ${limit.toISOString()}`,
		);
	}
	return value as string;
}

/** An absolute http(s) URI. */
export function checkHttpUri(field: string, value: unknown): string {
	const text = requireString(field, value);
	let url: URL | undefined;
	try {
		url = new URL(text);
	} catch {
		url = undefined;
	}
	if (
		!url ||
		(url.protocol !== 'https:' && url.protocol !== 'http:') ||
		!url.hostname ||
		/\s/.test(text)
	) {
		fail(field, 'uri', 'must be an absolute http:// or https:// address', got(text));
	}
	return text;
}

/** The slug rule of docs/api-choices.md: 1 to SLUG_MAX_CHARS lower-case letters, digits and `-`. */
export const SLUG_PATTERN = new RegExp(`^[a-z0-9-]{1,${SLUG_MAX_CHARS}}$`);

export function checkSlug(field: string, value: unknown): string {
	const text = requireString(field, value);
	if (!SLUG_PATTERN.test(text)) {
		fail(
			field,
			'pattern',
			`must be 1 to ${SLUG_MAX_CHARS} lower-case letters, digits or "-"`,
			got(text),
		);
	}
	return text;
}

export function checkBooleanOrNull(field: string, value: unknown): void {
	if (value !== null && typeof value !== 'boolean')
		fail(field, 'type', 'must be true, false or null', got(value));
}

/** Refuses keys the endpoint does not know (a typo would otherwise be silently ignored). */
export function checkKnownFields(input: object, allowed: readonly string[], what: string): void {
	for (const [key, value] of Object.entries(input)) {
		if (value === undefined) continue;
		if (!allowed.includes(key)) {
			throw new NumeroValidationError(
				key,
				'unknown_field',
				`Field "${key}" is not a field of ${what} (rule: unknown_field); the fields are ${allowed.join(', ')}.`,
				(name) => `${name(key)} is not a field of ${what}.`,
			);
		}
	}
}

export function checkObject(field: string, value: unknown): Record<string, unknown> {
	if (value === null || typeof value !== 'object' || Array.isArray(value)) {
		fail(field, 'type', 'must be an object of fields', got(value));
	}
	return value as Record<string, unknown>;
}

/**
 * One field's rule in an endpoint's table: whether it must be given, and the check of a given value.
 * `T` is the value's type once checked, so that an endpoint's input type is read from its table.
 */
export interface FieldRule<T = unknown, Required extends boolean = boolean> {
	readonly required: Required;
	/** Throws NumeroValidationError naming the field; `nowMs` is the clock of the rules about time. */
	check(field: string, value: unknown, nowMs: number | undefined): void;
	/** Never set: carries the checked value's type. */
	readonly __type?: T;
}

export type FieldRules = Readonly<Record<string, FieldRule>>;

/** The input an endpoint's table describes: required keys as they are, the others optional. */
export type FieldsOf<R extends FieldRules> = {
	[K in keyof R as R[K] extends FieldRule<unknown, true> ? K : never]: R[K] extends FieldRule<
		infer T
	>
		? T
		: never;
} & {
	[K in keyof R as R[K] extends FieldRule<unknown, true> ? never : K]?: R[K] extends FieldRule<
		infer T
	>
		? T
		: never;
};

function rule<T>(
	check: (field: string, value: unknown, nowMs: number | undefined) => void,
): FieldRule<T, false> {
	return { required: false, check };
}

/** The field must be given (a missing one is refused with rule `required`, by the checker itself). */
export function required<T>(optional: FieldRule<T>): FieldRule<T, true> {
	return { required: true, check: optional.check };
}

/** `null` is accepted too (in a PATCH, null removes the value). */
export function nullable<T>(inner: FieldRule<T>): FieldRule<T | null, false> {
	return rule((field, value, nowMs) => {
		if (value !== null) inner.check(field, value, nowMs);
	});
}

/** Non-blank text without control characters, 1 to `max` code points. */
export const text = (max: number) => rule<string>((field, value) => checkText(field, value, max));
/** An integer from `min` (to `max`). */
export const integer = (min: number, max?: number) =>
	rule<number>((field, value) => checkInteger(field, value, min, max));
/** One of the given strings. */
export const oneOf = <T extends string>(values: readonly T[]) =>
	rule<T>((field, value) => checkEnum(field, value, values));
export const issueId = rule<string>(checkIssueId);
export const reference = rule<string>(checkReference);
export const sha256 = rule<string>(checkSha256);
/** YYYY-MM. */
export const month = rule<string>(checkMonth);
/** YYYY-MM-DD. */
export const date = rule<string>(checkDate);
export const httpUri = rule<string>(checkHttpUri);
export const slug = rule<string>(checkSlug);
export const boolean = rule<boolean>((field, value) => checkType(field, value, 'boolean'));
/** true, false, or null for "as the periodical decides". */
export const booleanOrNull = rule<boolean | null>(checkBooleanOrNull);
/** A date-time in the future, at most a year ahead of the clock. */
export const scheduledInstant = rule<string>((field, value, nowMs) => {
	if (nowMs === undefined)
		throw new TypeError(`Field "${field}" is checked against a clock, and none was given`);
	checkScheduledInstant(field, value, nowMs);
});

/** A rule between fields (both given, one without the other…), checked after each field's own rule. */
export type CrossFieldRule = (input: Record<string, unknown>) => void;

/**
 * Checks `input` against an endpoint's table: an object, no field the table lacks, every required
 * field given, every given field (not `undefined`) by its rule, then the cross-field rules. Returns
 * the body to send: the given fields without the `undefined` ones.
 */
export function validateFields<R extends FieldRules>(
	input: unknown,
	rules: R,
	options: { what: string; nowMs?: number; name?: string; crossField?: readonly CrossFieldRule[] },
): FieldsOf<R> {
	const fields = checkObject(options.name ?? 'input', input);
	checkKnownFields(fields, Object.keys(rules), options.what);
	for (const [field, fieldRule] of Object.entries(rules)) {
		if (fields[field] !== undefined || fieldRule.required)
			fieldRule.check(field, fields[field], options.nowMs);
	}
	for (const crossField of options.crossField ?? []) crossField(fields);
	return Object.fromEntries(
		Object.entries(fields).filter(([, value]) => value !== undefined),
	) as FieldsOf<R>;
}
