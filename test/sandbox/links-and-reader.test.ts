import { createHash } from 'node:crypto';
import type { RunningSandbox } from '../../sandbox';
import { admin, call, open, start } from './sandbox-client';

let sb: RunningSandbox;
beforeEach(async () => {
	sb = await start();
});
afterEach(() => sb.close());

const ISSUE = 'numero.press:gazette-2026-10';

async function link(body: Record<string, unknown> = {}) {
	const answer = await call(sb, sb.keys.liens, 'POST', '/liens', { body: { id: ISSUE, ...body } });
	expect(answer.status).toBe(201);
	return answer.body as { url: string; expire_le: string; iframe: string };
}

describe('POST /liens and the reader', () => {
	test('the url opens a reader page of the issue, with its PDF', async () => {
		const lien = await link({ page: 3 });
		const page = await open(lien.url);
		expect(page.status).toBe(200);
		expect(page.headers.get('content-type')).toContain('text/html');
		expect(page.text).toContain('La Gazette du Port, octobre 2026');
		const src = /<iframe title="Lecteur" src="([^"]+)"/
			.exec(page.text)?.[1]
			.replace(/&amp;/g, '&') as string;
		expect(src).toContain('#page=3');
		const pdf = await open(new URL(src, lien.url).toString());
		expect(pdf.status).toBe(200);
		expect(pdf.headers.get('content-type')).toBe('application/pdf');
		expect(pdf.text.startsWith('%PDF-')).toBe(true);
	});

	test('expire_le is the default 30 days, or jours; the iframe embeds the url', async () => {
		const { now } = (await admin(sb, 'GET', '/clock')).body;
		const defaults = await link();
		const days = (Date.parse(defaults.expire_le) - Date.parse(now)) / 86400000;
		expect(days).toBeGreaterThan(29.99);
		expect(days).toBeLessThan(30.01);
		const week = await link({ jours: 7 });
		expect(Math.round((Date.parse(week.expire_le) - Date.parse(now)) / 86400000)).toBe(7);
		expect(week.iframe).toBe(
			`<iframe src="${week.url.replace(/&/g, '&amp;')}" width="100%" height="720" style="border:0" allowfullscreen></iframe>`,
		);
	});

	test('a link stops working at expire_le (sandbox clock)', async () => {
		const lien = await link({ jours: 1 });
		await admin(sb, 'POST', '/clock', { advanceSeconds: 86400 - 60 });
		expect((await open(lien.url)).status).toBe(200);
		await admin(sb, 'POST', '/clock', { advanceSeconds: 61 });
		const expired = await open(lien.url);
		expect(expired.status).toBe(410);
		expect(expired.text).toContain('expiré');
	});

	test('revoking a reference deactivates all its links, on every issue; a later link works', async () => {
		const a = await link({ reference: 'abo-7' });
		const b = await call(sb, sb.keys.liens, 'POST', '/liens', {
			body: { id: 'numero.press:gazette-2026-09', reference: 'abo-7' },
		});
		const otherReference = await link({ reference: 'abo-8' });
		const revoked = await call(sb, sb.keys.liens, 'POST', '/liens/revoquer', {
			body: { reference: 'abo-7' },
		});
		expect(revoked.status).toBe(200);
		expect(revoked.body.reference).toBe('abo-7');
		expect(Number.isNaN(Date.parse(revoked.body.revoque_le))).toBe(false);
		for (const url of [a.url, b.body.url]) {
			const page = await open(url);
			expect(page.status).toBe(410);
			expect(page.text).toContain('désactivé');
			expect(page.text).toMatch(
				/href="http:\/\/127\.0\.0\.1:\d+\/pages\/numero\.press\/gazette-2026-(10|09)"/,
			);
		}
		expect((await open(otherReference.url)).status).toBe(200);
		const after = await link({ reference: 'abo-7' });
		expect((await open(after.url)).status).toBe(200);
	});

	test("revocation is per account: the other account's revocation changes nothing here", async () => {
		const mine = await link({ reference: 'abo-1' });
		await call(sb, sb.keys.otherAccount, 'POST', '/liens/revoquer', {
			body: { reference: 'abo-1' },
		});
		expect((await open(mine.url)).status).toBe(200);
	});

	test('the reference is kept only as a fingerprint, never in clear', async () => {
		await link({ reference: 'subscriber-1234@example' });
		await call(sb, sb.keys.liens, 'POST', '/liens/revoquer', {
			body: { reference: 'subscriber-1234@example' },
		});
		const state = await admin(sb, 'GET', '/state?account=main');
		const dump = JSON.stringify(state.body);
		expect(dump).not.toContain('subscriber-1234');
		expect(state.body.links[0].fingerprint).toMatch(/^[a-f0-9]{64}$/);
		expect(state.body.links[0].fingerprint).not.toBe(
			createHash('sha256').update('subscriber-1234@example').digest('hex'),
		);
		expect(state.body.revocations[0].fingerprint).toBe(state.body.links[0].fingerprint);
	});

	test('an altered url is refused', async () => {
		const lien = await link({ jours: 1 });
		const longer = lien.url.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 86400}`);
		expect((await open(longer)).status).toBe(403);
	});

	test('a link to an issue taken offline says the issue is not available', async () => {
		const lien = await link();
		await call(sb, sb.keys.full, 'PATCH', `/numeros?id=${ISSUE}`, { body: { en_ligne: false } });
		const page = await open(lien.url);
		expect(page.status).toBe(404);
		expect(page.text).toContain('n’est pas disponible');
		await call(sb, sb.keys.full, 'PATCH', `/numeros?id=${ISSUE}`, { body: { en_ligne: true } });
		expect((await open(lien.url)).status).toBe(200);
	});

	test('field rules of POST /liens', async () => {
		const cases: Array<[Record<string, unknown>, number, string, string]> = [
			[{}, 400, 'missing_field', 'id'],
			[{ id: 42 }, 400, 'invalid_field', 'id'],
			[{ id: 'no colon' }, 400, 'invalid_field', 'id'],
			[{ id: ISSUE, jours: 0 }, 400, 'invalid_field', 'jours'],
			[{ id: ISSUE, jours: 366 }, 400, 'invalid_field', 'jours'],
			[{ id: ISSUE, jours: '7' }, 400, 'invalid_field', 'jours'],
			[{ id: ISSUE, page: 0 }, 400, 'invalid_field', 'page'],
			[{ id: ISSUE, page: 17 }, 400, 'invalid_field', 'page'],
			[{ id: ISSUE, reference: 'has space' }, 400, 'bad_reference', 'reference'],
			[{ id: ISSUE, reference: 'x'.repeat(81) }, 400, 'bad_reference', 'reference'],
			[{ id: ISSUE, reference: '' }, 400, 'bad_reference', 'reference'],
			[{ id: ISSUE, extra: true }, 400, 'invalid_field', 'extra'],
			[{ id: 'numero.press:does-not-exist' }, 404, 'not_found', 'No issue'],
		];
		for (const [body, status, code, start] of cases) {
			const answer = await call(sb, sb.keys.liens, 'POST', '/liens', { body });
			expect([JSON.stringify(body), answer.status, answer.body.error.code]).toEqual([
				JSON.stringify(body),
				status,
				code,
			]);
			expect(answer.body.error.message.startsWith(start)).toBe(true);
		}
		expect(
			(
				await call(sb, sb.keys.liens, 'POST', '/liens', {
					body: { id: ISSUE, jours: 365, page: 16, reference: 'A-z_0.9:x@y+z' },
				})
			).status,
		).toBe(201);
		const revokeMissing = await call(sb, sb.keys.liens, 'POST', '/liens/revoquer', { body: {} });
		expect([revokeMissing.status, revokeMissing.body.error.code]).toEqual([400, 'missing_field']);
		const revokeBad = await call(sb, sb.keys.liens, 'POST', '/liens/revoquer', {
			body: { reference: 'a b' },
		});
		expect([revokeBad.status, revokeBad.body.error.code]).toEqual([400, 'bad_reference']);
		const notJson = await call(sb, sb.keys.liens, 'POST', '/liens', {
			rawBody: 'id=1',
			headers: { 'Content-Type': 'application/json' },
		});
		expect([notJson.status, notJson.body.error.code]).toEqual([400, 'bad_json']);
		const array = await call(sb, sb.keys.liens, 'POST', '/liens', {
			rawBody: '[]',
			headers: { 'Content-Type': 'application/json' },
		});
		expect(array.body.error.code).toBe('bad_json');
	});
});

describe('public pages', () => {
	test('page_publique opens, with the purchase link; lecture_libre opens for a libre issue only', async () => {
		const numero = (await call(sb, sb.keys.lecture, 'GET', `/numeros?id=${ISSUE}`)).body.numero;
		const page = await open(numero.page_publique);
		expect(page.status).toBe(200);
		expect(page.text).toContain('https://gazette-du-port.example/boutique/2026-10');
		expect(numero.lecture_libre).toBeNull();
		const libre = (
			await call(sb, sb.keys.lecture, 'GET', '/numeros?id=kiosque.press:revue-arts-ete-2026')
		).body.numero;
		expect(libre.acces).toBe('libre');
		expect((await open(libre.lecture_libre)).status).toBe(200);
		expect((await open(numero.page_publique.replace('/pages/', '/libre/'))).status).toBe(404);
	});

	test('the cover URL serves a JPEG', async () => {
		const numero = (await call(sb, sb.keys.lecture, 'GET', `/numeros?id=${ISSUE}`)).body.numero;
		const cover = await fetch(numero.couverture);
		expect(cover.headers.get('content-type')).toBe('image/jpeg');
		expect(Buffer.from(await cover.arrayBuffer()).subarray(0, 3)).toEqual(
			Buffer.from([0xff, 0xd8, 0xff]),
		);
	});
});
