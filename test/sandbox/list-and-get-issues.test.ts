import type { RunningSandbox } from '../../sandbox';
import { call, publish, start } from './sandbox-client';

let sb: RunningSandbox;
beforeAll(async () => {
	sb = await start();
});
afterAll(() => sb.close());

const list = (query = '') => call(sb, sb.keys.lecture, 'GET', `/publications${query}`);

describe('GET /publications and GET /numeros', () => {
	test('lists every issue of the account, newest first, with the seeded data', async () => {
		const answer = await list();
		expect(answer.status).toBe(200);
		expect(
			answer.body.publications.map((n: { id: string; statut: string }) => [n.id, n.statut]),
		).toEqual([
			['numero.press:gazette-2026-11', 'programme'],
			['numero.press:gazette-2026-10', 'en_ligne'],
			['kiosque.press:revue-arts-ete-2026', 'en_ligne'],
			['numero.press:gazette-2026-09', 'en_ligne'],
			['numero.press:gazette-2019-03', 'en_ligne'],
		]);
		const first = answer.body.publications[1];
		expect(Object.keys(first).sort()).toEqual(
			[
				'acces',
				'couverture',
				'date',
				'id',
				'lecture_libre',
				'page_publique',
				'pages',
				'publication',
				'publier_le',
				'statut',
				'titre',
			].sort(),
		);
	});

	test('filters by periodical and limits the count', async () => {
		const arts = await list('?publication=revue-arts');
		expect(arts.body.publications.map((n: { id: string }) => n.id)).toEqual([
			'kiosque.press:revue-arts-ete-2026',
		]);
		expect((await list('?publication=inconnue')).body.publications).toEqual([]);
		expect((await list('?limite=2')).body.publications).toHaveLength(2);
		const created = await publish(sb, { titre: 'Le plus récent' });
		expect((await list('?limite=1')).body.publications[0].id).toBe(created.body.numero.id);
	});

	test.each([['?limite=0'], ['?limite=201'], ['?limite=abc'], ['?limite=1.5'], ['?page=2']])(
		'%s is 400 invalid_field',
		async (query) => {
			const answer = await list(query);
			expect([answer.status, answer.body.error.code]).toEqual([400, 'invalid_field']);
			expect(answer.body.error.message).toMatch(/^(limite|page)/);
		},
	);

	test('200 items at most', async () => {
		expect((await list('?limite=200')).status).toBe(200);
	});

	test('GET /numeros gives one issue, with statut and publier_le', async () => {
		const answer = await call(
			sb,
			sb.keys.lecture,
			'GET',
			'/numeros?id=numero.press:gazette-2026-11',
		);
		expect(answer.body.numero).toMatchObject({
			id: 'numero.press:gazette-2026-11',
			statut: 'programme',
			publier_le: expect.any(String),
		});
		const missing = await call(sb, sb.keys.lecture, 'GET', '/numeros');
		expect([missing.status, missing.body.error.code]).toEqual([400, 'missing_field']);
		const twice = await call(sb, sb.keys.lecture, 'GET', '/numeros?id=a.b:c&id=a.b:d');
		expect([twice.status, twice.body.error.code]).toEqual([400, 'invalid_field']);
	});
});
