import type { RunningSandbox } from '../../sandbox';
import { admin, call, open, pdfBytes, publish, start, upload } from './sandbox-client';

let sb: RunningSandbox;
beforeEach(async () => {
	sb = await start();
});
afterEach(() => sb.close());

const ISSUE = 'numero.press:gazette-2026-10';

describe('POST /numeros with remplace', () => {
	test('replaces the PDF: 200, same id, addresses and links, numero.remplace', async () => {
		const before = (await call(sb, sb.keys.full, 'GET', `/numeros?id=${ISSUE}`)).body.numero;
		const lien = await call(sb, sb.keys.full, 'POST', '/liens', { body: { id: ISSUE } });
		const newPdf = pdfBytes('corrected');
		const file = await upload(sb, newPdf);
		const replaced = await call(sb, sb.keys.full, 'POST', '/numeros', {
			body: { ...file, titre: before.titre, remplace: ISSUE },
		});
		expect(replaced.status).toBe(200);
		expect(replaced.body.numero).toMatchObject({
			id: ISSUE,
			page_publique: before.page_publique,
			statut: 'en_ligne',
			publication: before.publication,
			date: before.date,
			pages: before.pages,
		});
		expect(replaced.body.couverture).toBe('en_preparation');
		const page = await open(lien.body.url);
		expect(page.status).toBe(200);
		const src = /src="([^"]+document\.pdf[^"]*)"/
			.exec(page.text)?.[1]
			.replace(/&amp;/g, '&') as string;
		const pdf = await fetch(new URL(src, lien.body.url));
		expect(Buffer.from(await pdf.arrayBuffer())).toEqual(newPdf);
		const events = (await admin(sb, 'GET', '/events?account=main')).body.events;
		expect(
			events.map((e: { type: string; body: { donnees: { id: string } } }) => [
				e.type,
				e.body.donnees.id,
			]),
		).toEqual([['numero.remplace', ISSUE]]);
	});

	test('keeps the statut of a withdrawn issue, and applies the fields given', async () => {
		await call(sb, sb.keys.full, 'PATCH', `/numeros?id=${ISSUE}`, { body: { en_ligne: false } });
		const replaced = await publish(sb, {
			remplace: ISSUE,
			titre: 'Octobre v2',
			acces: 'libre',
			parution: '2026-10',
			pages: 20,
			publication: undefined,
		});
		expect(replaced.status).toBe(200);
		expect(replaced.body.numero).toMatchObject({
			statut: 'retire',
			titre: 'Octobre v2',
			acces: 'libre',
			pages: 20,
		});
	});

	test('an uploaded cover is kept across replacements', async () => {
		const cover = await upload(sb, Buffer.from([0xff, 0xd8, 0xff, 9]), 'couverture');
		const first = await publish(sb, {
			remplace: ISSUE,
			couverture_sha256: cover.sha256,
			couverture_taille: cover.taille,
			publication: undefined,
		});
		expect(first.body.couverture).toBe('prete');
		const second = await publish(sb, { remplace: ISSUE, publication: undefined });
		expect(second.body.couverture).toBe('prete');
	});

	test('refusals: unknown issue 404, former reader 409 not_editable, another address 400', async () => {
		const unknown = await publish(sb, { remplace: 'numero.press:nope' });
		expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found']);
		const foreign = await publish(sb, { remplace: 'numero.press:bulletin-quartier-2026-10' });
		expect(foreign.status).toBe(404);
		const former = await publish(sb, { remplace: 'numero.press:gazette-2019-03' });
		expect([former.status, former.body.error.code]).toEqual([409, 'not_editable']);
		const moved = await publish(sb, { remplace: ISSUE, adresse: 'ailleurs' });
		expect([
			moved.status,
			moved.body.error.code,
			moved.body.error.message.startsWith('adresse'),
		]).toEqual([400, 'invalid_field', true]);
		const scheduled = await publish(sb, { remplace: ISSUE, publier_le: '2030-01-01T00:00:00Z' });
		expect([scheduled.status, scheduled.body.error.message.startsWith('publier_le')]).toEqual([
			400,
			true,
		]);
	});
});
