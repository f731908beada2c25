import type { RunningSandbox } from '../../sandbox';
import { admin, call, publish, start, upload } from './sandbox-client';

let sb: RunningSandbox;
beforeAll(async () => {
	sb = await start();
});
afterAll(() => sb.close());

describe('POST /numeros', () => {
	test('creates an issue online (201) from an uploaded PDF', async () => {
		const created = await publish(sb, {
			titre: 'Hors-série été',
			parution: '2026-07',
			pages: 24,
			acces: 'libre',
		});
		expect(created.status).toBe(201);
		const numero = created.body.numero;
		expect(numero).toMatchObject({
			id: 'numero.press:gazette-hors-serie-ete',
			titre: 'Hors-série été',
			publication: { code: 'gazette', nom: 'La Gazette du Port' },
			date: '2026-07-01',
			pages: 24,
			acces: 'libre',
			statut: 'en_ligne',
			publier_le: null,
			couverture: null,
		});
		expect(created.body.couverture).toBe('en_preparation');
		expect(numero.lecture_libre).toMatch(
			/^http:\/\/127\.0\.0\.1:\d+\/libre\/numero\.press\/gazette-hors-serie-ete$/,
		);
		const got = await call(sb, sb.keys.full, 'GET', `/numeros?id=${encodeURIComponent(numero.id)}`);
		expect(got.body.numero).toEqual(numero);
	});

	test('an address made from the periodical and title gets -2 when taken', async () => {
		const first = await publish(sb, { titre: 'Même titre' });
		const second = await publish(sb, { titre: 'Même titre' });
		expect(first.body.numero.id).toBe('numero.press:gazette-meme-titre');
		expect(second.body.numero.id).toBe('numero.press:gazette-meme-titre-2');
	});

	test('an explicit adresse already taken is 409 address_taken, even by another account', async () => {
		const mine = await publish(sb, { adresse: 'gazette-2026-10' });
		expect(mine.status).toBe(409);
		expect(mine.body.error.code).toBe('address_taken');
		const theirs = await publish(
			sb,
			{ adresse: 'gazette-2026-10', publication: 'bulletin-quartier' },
			sb.keys.otherAccount,
		);
		expect(theirs.status).toBe(409);
		const otherDomain = await publish(sb, { adresse: 'gazette-2026-10', domaine: 'kiosque.press' });
		expect(otherDomain.status).toBe(201);
		expect(otherDomain.body.numero.id).toBe('kiosque.press:gazette-2026-10');
	});

	test('a PDF that was never uploaded is 400 upload_missing', async () => {
		const answer = await call(sb, sb.keys.full, 'POST', '/numeros', {
			body: { sha256: 'b'.repeat(64), taille: 10, titre: 'x', publication: 'gazette' },
		});
		expect(answer.status).toBe(400);
		expect(answer.body.error.code).toBe('upload_missing');
		expect(answer.body.error.message).toContain('sha256');
	});

	test('nouvelle_publication creates the periodical', async () => {
		const created = await publish(sb, {
			publication: undefined,
			nouvelle_publication: 'Les Cahiers du Phare',
			titre: 'Premier cahier',
		});
		expect(created.status).toBe(201);
		expect(created.body.numero.publication).toEqual({
			code: 'les-cahiers-du-phare',
			nom: 'Les Cahiers du Phare',
		});
		const state = await admin(sb, 'GET', '/state?account=main');
		expect(state.body.periodicals.map((p: { code: string }) => p.code)).toContain(
			'les-cahiers-du-phare',
		);
	});

	test('an uploaded cover makes couverture prete with its URL', async () => {
		const cover = await upload(sb, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), 'couverture');
		const created = await publish(sb, {
			couverture_sha256: cover.sha256,
			couverture_taille: cover.taille,
		});
		expect(created.body.couverture).toBe('prete');
		expect(created.body.numero.couverture).toMatch(/\/couvertures\/numero\.press\/.+\.jpg$/);
	});
});
