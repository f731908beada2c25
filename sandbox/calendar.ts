/**
 * What is wrong with a month, a date or a time whose digits already have the right form
 * ("2026-13", "2026-02-30", "24:00:00"): the answer names the part and its range, not the pattern.
 * Each returns null when the value exists.
 */

function isLeapYear(year: number): boolean {
	return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function daysInMonth(year: number, month: number): number {
	return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** `year`, `month` (and `day`) as written, e.g. "2026", "02", "30". */
export function calendarProblem(year: string, month: string, day?: string): string | null {
	if (Number(month) < 1 || Number(month) > 12)
		return `has no month ${month}: the month is 01 to 12`;
	if (day === undefined) return null;
	const days = daysInMonth(Number(year), Number(month));
	if (Number(day) < 1 || Number(day) > days)
		return `has no day ${day}: ${year}-${month} has ${days} days`;
	return null;
}

/** `hh:mm:ss` and an optional offset `±hh:mm`, as written. */
export function clockProblem(time: string[], offset?: string[]): string | null {
	const [hour, minute, second] = time;
	if (Number(hour) > 23) return `has no hour ${hour}: the hour is 00 to 23`;
	if (Number(minute) > 59) return `has no minute ${minute}: the minutes are 00 to 59`;
	if (Number(second) > 59) return `has no second ${second}: the seconds are 00 to 59`;
	if (offset && (Number(offset[0]) > 23 || Number(offset[1]) > 59))
		return `has no time zone offset ${offset[0]}:${offset[1]}: an offset is 00:00 to 23:59 either side of Z`;
	return null;
}
