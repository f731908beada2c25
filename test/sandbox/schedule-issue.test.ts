import type { RunningSandbox } from '../../sandbox';
import { admin, call, open, publish, start } from './sandbox-client';

let sb: RunningSandbox;
beforeEach(async () => {
	sb = await start();
});
afterEach(() => sb.close());

async function now(): Promise<number> {
	return Date.parse((await admin(sb, 'GET', '/clock')).body.now);
}

describe('scheduled issues', () => {
	test('publier_le in the future creates a programme issue that goes online when the sandbox clock passes it', async () => {
		const at = new Date((await now()) + 3600_000).toISOString();
		const created = await publish(sb, { titre: 'Plus tard', publier_le: at });
		expect(created.status).toBe(201);
		expect(created.body.numero).toMatchObject({ statut: 'programme', publier_le: at });
		const id = created.body.numero.id;
		const lien = await call(sb, sb.keys.full, 'POST', '/liens', { body: { id } });
		expect((await open(lien.body.url)).status).toBe(404);
		let list = await admin(sb, 'GET', '/events?account=main');
		expect(list.body.events).toEqual([]);

		await admin(sb, 'POST', '/clock', { advanceSeconds: 3599 });
		expect((await call(sb, sb.keys.full, 'GET', `/numeros?id=${id}`)).body.numero.statut).toBe(
			'programme',
		);
		await admin(sb, 'POST', '/clock', { advanceSeconds: 2 });
		expect((await call(sb, sb.keys.full, 'GET', `/numeros?id=${id}`)).body.numero).toMatchObject({
			statut: 'en_ligne',
			publier_le: null,
		});
		list = await admin(sb, 'GET', '/events?account=main');
		expect(
			list.body.events.map((e: { type: string; body: { donnees: { id: string } } }) => [
				e.type,
				e.body.donnees.id,
			]),
		).toEqual([['numero.publie', id]]);
		expect((await open(lien.body.url)).status).toBe(200);
	});

	test('the seeded scheduled issue goes online in 7 days', async () => {
		await admin(sb, 'POST', '/clock', { advanceSeconds: 7 * 86400 + 1 });
		const numero = (await call(sb, sb.keys.full, 'GET', '/numeros?id=numero.press:gazette-2026-11'))
			.body.numero;
		expect(numero.statut).toBe('en_ligne');
	});

	test('a fast clock (timeScale) releases without any admin call', async () => {
		await sb.close();
		sb = await start({ timeScale: 3600 });
		const at = new Date((await now()) + 600_000).toISOString();
		const id = (await publish(sb, { titre: 'Vite', publier_le: at })).body.numero.id;
		let statut = 'programme';
		for (let i = 0; i < 50 && statut === 'programme'; i += 1) {
			await new Promise((resolve) => setTimeout(resolve, 50));
			statut = (await call(sb, sb.keys.full, 'GET', `/numeros?id=${id}`)).body.numero.statut;
		}
		expect(statut).toBe('en_ligne');
	});

	test('publier_le must be in the future and at most one year ahead', async () => {
		const t = await now();
		const oneYear = new Date(t);
		oneYear.setUTCFullYear(oneYear.getUTCFullYear() + 1);
		for (const [value, ok] of [
			[new Date(t - 1000).toISOString(), false],
			[new Date(oneYear.getTime() + 60_000).toISOString(), false],
			[new Date(oneYear.getTime() - 60_000).toISOString(), true],
			['demain', false],
			['2027-01-01', false],
			['2027-01-01T08:00:00', false],
		] as const) {
			const answer = await publish(sb, { titre: `Quand ${value}`, publier_le: value });
			if (ok) expect(answer.status).toBe(201);
			else {
				expect([value, answer.status, answer.body.error.code]).toEqual([
					value,
					400,
					'invalid_field',
				]);
				expect(answer.body.error.message).toMatch(/^publier_le/);
			}
		}
	});

	test('a cover is rendered from page 1 within the sandbox minute', async () => {
		const created = await publish(sb, { titre: 'Sans couverture' });
		expect(created.body.couverture).toBe('en_preparation');
		expect(created.body.numero.couverture).toBeNull();
		await admin(sb, 'POST', '/clock', { advanceSeconds: 60 });
		const numero = (await call(sb, sb.keys.full, 'GET', `/numeros?id=${created.body.numero.id}`))
			.body.numero;
		expect(numero.couverture).toMatch(/\.jpg$/);
		const jpeg = await fetch(numero.couverture);
		expect([jpeg.status, jpeg.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
	});
});
