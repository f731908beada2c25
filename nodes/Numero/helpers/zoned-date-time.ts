const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/** Milliseconds the time zone is ahead of UTC at that instant. */
function offsetMs(instantMs: number, timeZone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(instantMs));
	const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
	const asUtc = Date.UTC(
		part('year'),
		part('month') - 1,
		part('day'),
		part('hour'),
		part('minute'),
		part('second'),
	);
	return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/**
 * An n8n date-time value as ISO 8601 with a time zone, as the API requires. n8n's date picker gives a
 * wall-clock time without zone ("2026-05-01T09:00:00"), meant in the workflow's time zone; a value that
 * already has a zone (or anything that is not a plain wall-clock time) is passed on for the core to check.
 */
export function withTimeZone(value: unknown, timeZone: string): unknown {
	if (typeof value !== 'string')
		return value === undefined || value === null ? value : String(value);
	const text = value.trim();
	const match = WALL_CLOCK.exec(text);
	if (HAS_ZONE.test(text) || !match) return text;
	const [, y, mo, d, h = '00', mi = '00', s = '00'] = match;
	const wallClockAsUtc = Date.UTC(
		Number(y),
		Number(mo) - 1,
		Number(d),
		Number(h),
		Number(mi),
		Number(s),
	);
	let instant = wallClockAsUtc - offsetMs(wallClockAsUtc, timeZone);
	instant = wallClockAsUtc - offsetMs(instant, timeZone);
	return new Date(instant).toISOString().replace('.000Z', 'Z');
}

/** The calendar date (YYYY-MM-DD) of an n8n date or date-time value, as the user wrote it. */
export function calendarDate(value: unknown): unknown {
	if (typeof value !== 'string')
		return value === undefined || value === null ? value : String(value);
	const match = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(value.trim());
	return match ? match[1] : value;
}
