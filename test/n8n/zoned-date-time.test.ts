/** n8n's date picker gives wall-clock times without zone; the API needs a zone. */
import { calendarDate, withTimeZone } from '../../nodes/Numero/helpers/zoned-date-time';
import { startNumeroSandbox } from './support/numero-sandbox';

test('a wall-clock time is read in the time zone given, across daylight saving time', () => {
	expect(withTimeZone('2026-05-01T09:00:00', 'Europe/Paris')).toBe('2026-05-01T07:00:00Z');
	expect(withTimeZone('2026-12-01T09:00:00', 'Europe/Paris')).toBe('2026-12-01T08:00:00Z');
	expect(withTimeZone('2026-03-29T03:30:00', 'Europe/Paris')).toBe('2026-03-29T01:30:00Z');
	expect(withTimeZone('2026-07-04 18:15', 'America/New_York')).toBe('2026-07-04T22:15:00Z');
	expect(withTimeZone('2026-07-04', 'Asia/Tokyo')).toBe('2026-07-03T15:00:00Z');
	expect(withTimeZone('2026-07-04T18:15:00', 'UTC')).toBe('2026-07-04T18:15:00Z');
});

test('a value that has a zone, or is not a date, is passed on unchanged for the core to check', () => {
	expect(withTimeZone('2026-05-01T09:00:00+02:00', 'America/New_York')).toBe(
		'2026-05-01T09:00:00+02:00',
	);
	expect(withTimeZone('2026-05-01T09:00:00.000Z', 'Europe/Paris')).toBe('2026-05-01T09:00:00.000Z');
	expect(withTimeZone('next tuesday', 'Europe/Paris')).toBe('next tuesday');
	expect(withTimeZone(undefined, 'Europe/Paris')).toBeUndefined();
	expect(calendarDate('2026-05-01T23:30:00')).toBe('2026-05-01');
	expect(calendarDate('2026-05-01')).toBe('2026-05-01');
});

test("the node reads a picked date-time in the workflow's time zone", async () => {
	const t = await startNumeroSandbox();
	try {
		const inTenDays = new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString().slice(0, 10);
		const result = await t.run(
			{
				resource: 'issue',
				operation: 'update',
				issueId: { __rl: true, mode: 'id', value: 'numero.press:gazette-2026-11' },
				updateFields: { publishAt: `${inTenDays}T09:30:00` },
			},
			{ settings: { timezone: 'Asia/Kolkata' } },
		);
		expect(result.nodeError).toBeUndefined();
		expect(new Date(result.items[0]!.json.publier_le as string).toISOString()).toBe(
			`${inTenDays}T04:00:00.000Z`,
		);
	} finally {
		await t.close();
	}
});
