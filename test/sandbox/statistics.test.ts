import type { RunningSandbox } from '../../sandbox';
import { admin, call, open, start } from './sandbox-client';

let sb: RunningSandbox;
beforeEach(async () => {
	sb = await start();
});
afterEach(() => sb.close());

const ISSUE = 'numero.press:gazette-2026-10';
const stats = (query: string) => call(sb, sb.keys.lecture, 'GET', `/statistiques?${query}`);

describe('GET /statistiques', () => {
	test('counts real opens of reader pages, per day and per referring host', async () => {
		const empty = await stats(`id=${ISSUE}`);
		expect(empty.status).toBe(200);
		expect(empty.body).toMatchObject({
			id: ISSUE,
			lectures: 0,
			lectures_depuis_publication: 0,
			par_jour: [],
			sources: [],
			temps_moyen_secondes: null,
			lu_jusqu_a_la_fin: null,
		});
		const lien = (
			await call(sb, sb.keys.liens, 'POST', '/liens', { body: { id: ISSUE, jours: 30 } })
		).body;
		await open(lien.url);
		await open(lien.url, { Referer: 'https://newsletter.example/octobre' });
		await open(lien.url, { Referer: 'https://newsletter.example/rappel' });
		const today = (await admin(sb, 'GET', '/clock')).body.now.slice(0, 10);
		await admin(sb, 'POST', '/clock', { advanceSeconds: 86400 });
		await open(lien.url, { Referer: 'https://gazette-du-port.example/' });
		const tomorrow = (await admin(sb, 'GET', '/clock')).body.now.slice(0, 10);
		const answer = await stats(`id=${ISSUE}`);
		expect(answer.body).toMatchObject({
			lectures: 4,
			lectures_depuis_publication: 4,
			par_jour: [
				{ jour: today, lectures: 3 },
				{ jour: tomorrow, lectures: 1 },
			],
			sources: [
				{ source: 'newsletter.example', lectures: 2 },
				{ source: 'direct', lectures: 1 },
				{ source: 'gazette-du-port.example', lectures: 1 },
			],
		});
		const since = await stats(`id=${ISSUE}&depuis=${tomorrow}`);
		expect(since.body).toMatchObject({
			depuis: tomorrow,
			lectures: 1,
			lectures_depuis_publication: 4,
			par_jour: [{ jour: tomorrow, lectures: 1 }],
		});
	});

	test('opens through a revoked or expired link, and of the PDF itself, are not reads', async () => {
		const lien = (
			await call(sb, sb.keys.liens, 'POST', '/liens', {
				body: { id: ISSUE, jours: 1, reference: 'abo-3' },
			})
		).body;
		await call(sb, sb.keys.liens, 'POST', '/liens/revoquer', { body: { reference: 'abo-3' } });
		await open(lien.url);
		const expiring = (
			await call(sb, sb.keys.liens, 'POST', '/liens', { body: { id: ISSUE, jours: 1 } })
		).body;
		const pdf = expiring.url.replace('?', '/document.pdf?');
		expect((await open(pdf)).status).toBe(200);
		await admin(sb, 'POST', '/clock', { advanceSeconds: 2 * 86400 });
		await open(expiring.url);
		expect((await stats(`id=${ISSUE}`)).body.lectures).toBe(0);
	});

	test('the window defaults to 30 days back', async () => {
		const { now } = (await admin(sb, 'GET', '/clock')).body;
		const answer = await stats('id=numero.press:gazette-2026-09');
		expect(answer.body.depuis).toBe(
			new Date(Date.parse(now) - 30 * 86400000).toISOString().slice(0, 10),
		);
		expect(answer.body.lectures).toBe(12);
		expect(
			answer.body.par_jour.reduce((sum: number, d: { lectures: number }) => sum + d.lectures, 0),
		).toBe(12);
	});

	test('rules: id required, depuis a date, unknown issue 404', async () => {
		for (const [query, status, code, field] of [
			['', 400, 'missing_field', 'id'],
			[`id=${ISSUE}&depuis=2026-02-30`, 400, 'invalid_field', 'depuis'],
			[`id=${ISSUE}&depuis=hier`, 400, 'invalid_field', 'depuis'],
			[`id=${ISSUE}&jour=2026-01-01`, 400, 'invalid_field', 'jour'],
			['id=numero.press:nope', 404, 'not_found', 'No issue'],
		] as const) {
			const answer = await stats(query);
			expect([query, answer.status, answer.body.error.code]).toEqual([query, status, code]);
			expect(answer.body.error.message.startsWith(field)).toBe(true);
		}
	});
});
