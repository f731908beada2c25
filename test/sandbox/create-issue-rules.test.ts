import type { RunningSandbox } from '../../sandbox';
import { call, pdfBytes, start, upload } from './sandbox-client';

let sb: RunningSandbox;
let file: { sha256: string; taille: number };
beforeAll(async () => {
	sb = await start();
	file = await upload(sb, pdfBytes());
});
afterAll(() => sb.close());

const create = (body: Record<string, unknown>) =>
	call(sb, sb.keys.publication, 'POST', '/numeros', { body });

describe('field rules of POST /numeros', () => {
	test.each([
		[{ sha256: undefined }, 'missing_field', 'sha256'],
		[{ sha256: 'ABC' }, 'invalid_field', 'sha256'],
		[{ taille: undefined }, 'missing_field', 'taille'],
		[{ taille: -1 }, 'invalid_field', 'taille'],
		[{ taille: 999 }, 'invalid_field', 'taille'],
		[{ titre: undefined }, 'missing_field', 'titre'],
		[{ titre: '   ' }, 'invalid_field', 'titre'],
		[{ titre: 'é'.repeat(201) }, 'invalid_field', 'titre'],
		[{ titre: 7 }, 'invalid_field', 'titre'],
		[{ publication: undefined }, 'missing_field', 'publication'],
		[{ publication: 'nope' }, 'invalid_field', 'publication'],
		[{ nouvelle_publication: 'Nouvelle' }, 'invalid_field', 'nouvelle_publication'],
		[{ parution: '2026-13' }, 'invalid_field', 'parution'],
		[{ parution: '2026-1' }, 'invalid_field', 'parution'],
		[{ acces: 'gratuit' }, 'invalid_field', 'acces'],
		[{ lien_achat: 'shop' }, 'invalid_field', 'lien_achat'],
		[{ telechargement: 'non' }, 'invalid_field', 'telechargement'],
		[{ impression: 0 }, 'invalid_field', 'impression'],
		[{ domaine: 'example.com' }, 'invalid_field', 'domaine'],
		[{ adresse: 'Avec Majuscules' }, 'invalid_field', 'adresse'],
		[{ adresse: 'a'.repeat(101) }, 'invalid_field', 'adresse'],
		[{ pages: 0 }, 'invalid_field', 'pages'],
		[{ pages: 2.5 }, 'invalid_field', 'pages'],
		[{ nom_fichier: '' }, 'invalid_field', 'nom_fichier'],
		[{ couverture_sha256: 'c'.repeat(64) }, 'missing_field', 'couverture_taille'],
		[{ couverture_taille: 10 }, 'missing_field', 'couverture_sha256'],
		[
			{ couverture_sha256: 'c'.repeat(64), couverture_taille: 10 },
			'upload_missing',
			'couverture_sha256',
		],
		[{ remplace: 'sans deux-points' }, 'invalid_field', 'remplace'],
		[{ publier_le: 'bientôt' }, 'invalid_field', 'publier_le'],
		[{ couleur: 'bleu' }, 'invalid_field', 'couleur'],
	])('%p is refused with %s naming %s', async (change, code, field) => {
		const body: Record<string, unknown> = {
			...file,
			titre: 'Règles',
			publication: 'gazette',
			...change,
		};
		for (const key of Object.keys(change))
			if ((change as Record<string, unknown>)[key] === undefined) delete body[key];
		const answer = await create(body);
		expect([answer.status, answer.body.error.code]).toEqual([400, code]);
		expect(answer.body.error.message.startsWith(field)).toBe(true);
	});

	test('a value that matches the pattern but is not valid is told what is wrong, not the pattern', async () => {
		const answer = await create({
			...file,
			titre: 'Règles',
			publication: 'gazette',
			parution: '2026-13',
		});
		expect(answer.body.error.message).toBe(
			'parution: "2026-13" has no month 13: the month is 01 to 12',
		);
	});

	test('every optional field is accepted and shown', async () => {
		const answer = await create({
			...file,
			titre: 'Complet',
			publication: 'revue-arts',
			parution: '2026-12',
			acces: 'libre',
			lien_achat: 'https://shop.example/complet',
			telechargement: null,
			impression: false,
			domaine: 'kiosque.press',
			adresse: 'revue-arts-complet',
			pages: 64,
			nom_fichier: 'complet.pdf',
		});
		expect(answer.status).toBe(201);
		expect(answer.body.numero).toMatchObject({
			id: 'kiosque.press:revue-arts-complet',
			date: '2026-12-01',
			pages: 64,
			acces: 'libre',
			publication: { code: 'revue-arts', nom: 'Revue des Arts' },
		});
		expect(answer.body.numero.page_publique).toMatch(
			/\/pages\/kiosque\.press\/revue-arts-complet$/,
		);
	});
});
