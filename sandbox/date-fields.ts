/**
 * Months, dates and date-times. A value in the right form that does not exist ("2026-13",
 * "2026-02-30", "24:00:00") is told what is wrong with it, naming the part and its range, not the
 * pattern again.
 */
import { SCHEDULE_MAX_YEARS_AHEAD } from '../shared/api-limits';
import { DATE_PATTERN, MONTH_PATTERN } from '../shared/field-rules';
import { invalidField } from './server/api-error';
import { type Body, stringField } from './validation';

function isLeapYear(year: number): boolean {
	return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function daysInMonth(year: number, month: number): number {
	return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** What is wrong with `year`, `month` (and `day`) as written, e.g. "2026", "02", "30"; null when it exists. */
function calendarProblem(year: string, month: string, day?: string): string | null {
	if (Number(month) < 1 || Number(month) > 12)
		return `has no month ${month}: the month is 01 to 12`;
	if (day === undefined) return null;
	const days = daysInMonth(Number(year), Number(month));
	if (Number(day) < 1 || Number(day) > days)
		return `has no day ${day}: ${year}-${month} has ${days} days`;
	return null;
}

/** What is wrong with `hh:mm:ss` and an optional offset `±hh:mm`, as written; null when they exist. */
function clockProblem(time: string[], offset?: string[]): string | null {
	const [hour, minute, second] = time;
	if (Number(hour) > 23) return `has no hour ${hour}: the hour is 00 to 23`;
	if (Number(minute) > 59) return `has no minute ${minute}: the minutes are 00 to 59`;
	if (Number(second) > 59) return `has no second ${second}: the seconds are 00 to 59`;
	if (offset && (Number(offset[0]) > 23 || Number(offset[1]) > 59))
		return `has no time zone offset ${offset[0]}:${offset[1]}: an offset is 00:00 to 23:59 either side of Z`;
	return null;
}

const DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

/** The form is told when it is wrong; when only the value is, what is wrong with it. */
function wrongValue(field: string, value: string, problem: string | null): void {
	if (problem !== null) throw invalidField(field, `${JSON.stringify(value)} ${problem}`);
}

/** An ISO 8601 date-time with an offset, returned in ms. */
export function dateTimeField(body: Body, field: string): number | undefined {
	const value = stringField(body, field);
	if (value === undefined) return undefined;
	const match = DATE_TIME.exec(value);
	if (!match) {
		throw invalidField(
			field,
			'must be an ISO 8601 date-time with a time zone, e.g. 2026-11-01T08:00:00Z',
		);
	}
	const [, year, month, day, hour, minute, second, offsetHour, offsetMinute] = match;
	wrongValue(field, value, calendarProblem(year, month, day));
	wrongValue(
		field,
		value,
		clockProblem(
			[hour, minute, second],
			offsetHour === undefined ? undefined : [offsetHour, offsetMinute],
		),
	);
	return Date.parse(value);
}

/** publier_le: in the future and at most SCHEDULE_MAX_YEARS_AHEAD (same date) ahead of the sandbox clock. */
export function checkScheduleWindow(field: string, at: number, now: number): void {
	if (at <= now) throw invalidField(field, 'must be in the future');
	const limit = new Date(now);
	limit.setUTCFullYear(limit.getUTCFullYear() + SCHEDULE_MAX_YEARS_AHEAD);
	if (at > limit.getTime())
		throw invalidField(field, `must be at most ${yearsText(SCHEDULE_MAX_YEARS_AHEAD)} ahead`);
}

/** 1 → "one year", 2 → "2 years": how the schedule window is written in messages and documents. */
export function yearsText(years: number): string {
	return years === 1 ? 'one year' : `${years} years`;
}

export function monthField(body: Body, field: string): string | undefined {
	const value = stringField(body, field);
	if (value === undefined) return undefined;
	if (!MONTH_PATTERN.test(value)) {
		throw invalidField(
			field,
			`must be a month written YYYY-MM, e.g. 2026-03 (${MONTH_PATTERN.source})`,
		);
	}
	const [year, month] = value.split('-');
	wrongValue(field, value, calendarProblem(year, month));
	return value;
}

/** A date YYYY-MM-DD given as a query parameter. */
export function dayQuery(query: URLSearchParams, name: string): string | undefined {
	const value = query.get(name);
	if (value === null) return undefined;
	if (!DATE_PATTERN.test(value)) {
		throw invalidField(
			name,
			`must be a date written YYYY-MM-DD, e.g. 2026-03-31 (${DATE_PATTERN.source})`,
		);
	}
	const [year, month, day] = value.split('-');
	wrongValue(name, value, calendarProblem(year, month, day));
	return value;
}
