import type { RunningSandbox } from '../../sandbox';
import { admin, call, pdfBytes, publish, sha256, start, upload, jsonOf } from './sandbox-client';

let sb: RunningSandbox;
beforeEach(async () => {
	sb = await start();
});
afterEach(() => sb.close());

describe('plan limits', () => {
	test("a file over the plan's size is 413 file_too_large when the address is requested", async () => {
		await admin(sb, 'POST', '/plans', { account: 'main', maxFileBytes: 1000 });
		const answer = await call(sb, sb.keys.full, 'POST', '/televersements', {
			body: { sha256: 'a'.repeat(64), taille: 1001 },
		});
		expect(answer.status).toBe(413);
		expect(answer.body.error.code).toBe('file_too_large');
		expect(answer.body.error.message).toContain('1000');
		const compte = await call(sb, sb.keys.full, 'GET', '/compte');
		expect(compte.body.compte.limites.taille_fichier_octets).toBe(1000);
	});

	test('the PUT checks the size against the plan too (the plan may change after the request)', async () => {
		const bytes = Buffer.alloc(2000, 1);
		const requested = await call(sb, sb.keys.full, 'POST', '/televersements', {
			body: { sha256: sha256(bytes), taille: bytes.length },
		});
		expect(requested.status).toBe(201);
		await admin(sb, 'POST', '/plans', { account: 'main', maxFileBytes: 1000 });
		const put = await fetch(requested.body.url, {
			method: 'PUT',
			headers: requested.body.en_tetes,
			body: bytes,
		});
		expect(put.status).toBe(413);
		expect((await jsonOf(put)).error.code).toBe('file_too_large');
	});

	test("creating an issue beyond the plan's count is 402 plan_limit; a replacement is still allowed", async () => {
		const used = (await call(sb, sb.keys.full, 'GET', '/compte')).body.compte.utilisation.numeros;
		await admin(sb, 'POST', '/plans', { account: 'main', maxIssues: used + 1 });
		expect((await publish(sb, { titre: 'Le dernier possible' })).status).toBe(201);
		const refused = await publish(sb, { titre: 'Un de trop' });
		expect(refused.status).toBe(402);
		expect(refused.body.error.code).toBe('plan_limit');
		const replaced = await publish(sb, {
			remplace: 'numero.press:gazette-2026-10',
			titre: 'Octobre corrigé',
		});
		expect(replaced.status).toBe(200);
		const compte = await call(sb, sb.keys.full, 'GET', '/compte');
		expect(compte.body.compte.limites.numeros).toBe(used + 1);
		expect(compte.body.compte.utilisation.numeros).toBe(used + 1);
	});

	test('an unlimited plan has limites.numeros null', async () => {
		await admin(sb, 'POST', '/plans', { account: 'main', formule: 'entreprise', maxIssues: null });
		const compte = await call(sb, sb.keys.full, 'GET', '/compte');
		expect(compte.body.compte).toMatchObject({ formule: 'entreprise', limites: { numeros: null } });
	});

	test('an ended subscription is 402 subscription_ended for writes; reading and revoking still work', async () => {
		const file = await upload(sb, pdfBytes());
		await admin(sb, 'POST', '/plans', { account: 'main', statut: 'resilie' });
		for (const [method, path, body] of [
			['POST', '/liens', { id: 'numero.press:gazette-2026-10' }],
			['POST', '/televersements', { sha256: 'a'.repeat(64), taille: 5 }],
			['POST', '/numeros', { ...file, titre: 'x', publication: 'gazette' }],
			['PATCH', '/numeros?id=numero.press:gazette-2026-10', { titre: 'y' }],
		] as const) {
			const answer = await call(sb, sb.keys.full, method, path, { body });
			expect([path, answer.status, answer.body.error?.code]).toEqual([
				path,
				402,
				'subscription_ended',
			]);
		}
		expect((await call(sb, sb.keys.full, 'GET', '/compte')).body.compte.statut).toBe('resilie');
		expect(
			(await call(sb, sb.keys.full, 'POST', '/liens/revoquer', { body: { reference: 'abo-9' } }))
				.status,
		).toBe(200);
	});
});
