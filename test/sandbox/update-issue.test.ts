import type { RunningSandbox } from '../../sandbox';
import { admin, call, start } from './sandbox-client';

let sb: RunningSandbox;
beforeEach(async () => {
	sb = await start();
});
afterEach(() => sb.close());

const ISSUE = 'numero.press:gazette-2026-10';
const patch = (body: unknown, id = ISSUE) =>
	call(sb, sb.keys.publication, 'PATCH', `/numeros?id=${encodeURIComponent(id)}`, { body });
const events = async () =>
	(await admin(sb, 'GET', '/events?account=main')).body.events.map(
		(e: { type: string; body: { donnees: { id: string; statut: string } } }) => [
			e.type,
			e.body.donnees.id,
			e.body.donnees.statut,
		],
	);

describe('PATCH /numeros', () => {
	test('changes every editable field', async () => {
		const answer = await patch({
			titre: 'Octobre (édition corrigée)',
			acces: 'libre',
			lien_achat: 'https://shop.example/o',
			telechargement: false,
			impression: null,
			publication: 'revue-arts',
		});
		expect(answer.status).toBe(200);
		expect(answer.body.numero).toMatchObject({
			id: ISSUE,
			titre: 'Octobre (édition corrigée)',
			acces: 'libre',
			publication: { code: 'revue-arts', nom: 'Revue des Arts' },
			statut: 'en_ligne',
		});
		expect(answer.body.numero.lecture_libre).toMatch(/\/libre\/numero\.press\/gazette-2026-10$/);
		const state = (await admin(sb, 'GET', '/state?account=main')).body.issues.find(
			(i: { id: string }) => i.id === ISSUE,
		);
		expect(state).toMatchObject({
			lien_achat: 'https://shop.example/o',
			telechargement: false,
			impression: null,
		});
		const removed = await patch({ lien_achat: null, publication: null, acces: 'abonnes' });
		expect(removed.body.numero).toMatchObject({
			publication: { code: 'gazette' },
			lecture_libre: null,
		});
		expect(
			(await admin(sb, 'GET', '/state?account=main')).body.issues.find(
				(i: { id: string }) => i.id === ISSUE,
			).lien_achat,
		).toBeNull();
	});

	test('en_ligne false withdraws (numero.retire), true puts back online (numero.remis_en_ligne)', async () => {
		const off = await patch({ en_ligne: false });
		expect(off.body.numero.statut).toBe('retire');
		const again = await patch({ en_ligne: false });
		expect(again.body.numero.statut).toBe('retire');
		const on = await patch({ en_ligne: true });
		expect(on.body.numero.statut).toBe('en_ligne');
		expect(await events()).toEqual([
			['numero.retire', ISSUE, 'retire'],
			['numero.remis_en_ligne', ISSUE, 'en_ligne'],
		]);
	});

	test('en_ligne true publishes a scheduled issue early (numero.publie); en_ligne false on it emits nothing', async () => {
		const early = await patch({ en_ligne: true }, 'numero.press:gazette-2026-11');
		expect(early.body.numero).toMatchObject({ statut: 'en_ligne', publier_le: null });
		expect(await events()).toEqual([['numero.publie', 'numero.press:gazette-2026-11', 'en_ligne']]);
	});

	test('a scheduled issue withdrawn emits nothing, and its first going online is numero.publie', async () => {
		await patch({ en_ligne: false }, 'numero.press:gazette-2026-11');
		expect(await events()).toEqual([]);
		await patch({ en_ligne: true }, 'numero.press:gazette-2026-11');
		expect(await events()).toEqual([['numero.publie', 'numero.press:gazette-2026-11', 'en_ligne']]);
	});

	test('publier_le changes the date of a scheduled issue only (409 not_scheduled otherwise)', async () => {
		const { now } = (await admin(sb, 'GET', '/clock')).body;
		const later = new Date(Date.parse(now) + 20 * 86400000).toISOString();
		const moved = await patch({ publier_le: later }, 'numero.press:gazette-2026-11');
		expect(moved.body.numero).toMatchObject({ statut: 'programme', publier_le: later });
		const online = await patch({ publier_le: later });
		expect([online.status, online.body.error.code]).toEqual([409, 'not_scheduled']);
		const past = await patch(
			{ publier_le: new Date(Date.parse(now) - 1000).toISOString() },
			'numero.press:gazette-2026-11',
		);
		expect([past.status, past.body.error.code]).toEqual([400, 'invalid_field']);
		expect(past.body.error.message).toMatch(/^publier_le/);
	});

	test('an issue of the former reader is 409 not_editable', async () => {
		const answer = await patch({ titre: 'x' }, 'numero.press:gazette-2019-03');
		expect([answer.status, answer.body.error.code]).toEqual([409, 'not_editable']);
	});

	test('field rules', async () => {
		const cases: Array<[unknown, string, string]> = [
			[{ titre: '' }, 'invalid_field', 'titre'],
			[{ titre: 'x'.repeat(201) }, 'invalid_field', 'titre'],
			[{ acces: 'public' }, 'invalid_field', 'acces'],
			[{ lien_achat: 'not a uri' }, 'invalid_field', 'lien_achat'],
			[{ lien_achat: 'ftp://x.example/' }, 'invalid_field', 'lien_achat'],
			[{ en_ligne: 'true' }, 'invalid_field', 'en_ligne'],
			[{ en_ligne: null }, 'invalid_field', 'en_ligne'],
			[{ telechargement: 'yes' }, 'invalid_field', 'telechargement'],
			[{ impression: 1 }, 'invalid_field', 'impression'],
			[{ publication: 'unknown-code' }, 'invalid_field', 'publication'],
			[{ publier_le: '2027-01-01' }, 'invalid_field', 'publier_le'],
			[{ statut: 'retire' }, 'invalid_field', 'statut'],
		];
		for (const [body, code, field] of cases) {
			const answer = await patch(body);
			expect([JSON.stringify(body), answer.status, answer.body.error.code]).toEqual([
				JSON.stringify(body),
				400,
				code,
			]);
			expect(answer.body.error.message.startsWith(field)).toBe(true);
		}
		const noId = await call(sb, sb.keys.publication, 'PATCH', '/numeros', { body: { titre: 'x' } });
		expect([noId.status, noId.body.error.code, noId.body.error.message.startsWith('id')]).toEqual([
			400,
			'missing_field',
			true,
		]);
		const unknown = await patch({ titre: 'x' }, 'numero.press:nope');
		expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found']);
		const foreign = await patch({ titre: 'x' }, 'numero.press:bulletin-quartier-2026-10');
		expect(foreign.status).toBe(404);
	});
});
