import type { RunningSandbox } from '../../sandbox';
import { call, start } from './sandbox-client';

let sb: RunningSandbox;
beforeAll(async () => {
	sb = await start();
});
afterAll(() => sb.close());

describe('keys and accounts', () => {
	test('the full key reads the account', async () => {
		const answer = await call(sb, sb.keys.full, 'GET', '/compte');
		expect(answer.status).toBe(200);
		expect(answer.body.compte.formule).toBe('pro');
		expect(answer.body.compte.limites).toEqual({
			numeros: 100,
			taille_fichier_octets: 500 * 1024 * 1024,
			appels_par_minute: 0,
			webhooks: 5,
		});
	});

	test.each([
		['missing', null],
		['unknown', 'nmr_not_a_key'],
		['revoked', 'revoked'],
	])('a %s key is refused with 401 unauthorized', async (_label, key) => {
		const secret = key === 'revoked' ? sb.keys.revoked : key;
		const answer = await call(sb, secret, 'GET', '/compte');
		expect(answer.status).toBe(401);
		expect(answer.body.error.code).toBe('unauthorized');
		expect(answer.text).not.toContain(sb.keys.revoked);
	});

	test('a malformed Authorization header is 401', async () => {
		const answer = await call(sb, null, 'GET', '/compte', {
			headers: { Authorization: `Basic ${sb.keys.full}` },
		});
		expect(answer.status).toBe(401);
	});

	test.each([
		['lecture', 'POST', '/liens', 'liens'],
		['lecture', 'POST', '/televersements', 'publication'],
		['liens', 'GET', '/compte', 'lecture'],
		['liens', 'PATCH', '/numeros?id=numero.press:gazette-2026-10', 'publication'],
		['publication', 'GET', '/publications', 'lecture'],
		['publication', 'POST', '/liens/revoquer', 'liens'],
	] as const)(
		'the %s key calling %s %s gets 403 forbidden_scope naming %s',
		async (keyName, method, path, permission) => {
			const answer = await call(sb, sb.keys[keyName], method, path, {
				body: method === 'GET' ? undefined : {},
			});
			expect(answer.status).toBe(403);
			expect(answer.body.error.code).toBe('forbidden_scope');
			expect(answer.body.error.message).toContain(`"${permission}"`);
		},
	);

	test.each([
		['lecture', 'GET', '/publications'],
		['liens', 'POST', '/liens/revoquer'],
		['publication', 'POST', '/televersements'],
	] as const)('the %s key may call %s %s', async (keyName, method, path) => {
		const body =
			path === '/liens/revoquer'
				? { reference: 'abo-1' }
				: path === '/televersements'
					? { sha256: 'a'.repeat(64), taille: 10 }
					: undefined;
		const answer = await call(sb, sb.keys[keyName], method, path, { body });
		expect(answer.status).toBeLessThan(300);
	});

	test("the other account cannot see the main account's issues (404) and sees its own", async () => {
		const foreign = await call(
			sb,
			sb.keys.otherAccount,
			'GET',
			'/numeros?id=numero.press:gazette-2026-10',
		);
		expect(foreign.status).toBe(404);
		expect(foreign.body.error.code).toBe('not_found');
		const own = await call(sb, sb.keys.otherAccount, 'GET', '/publications');
		expect(own.body.publications.map((n: { id: string }) => n.id)).toEqual([
			'numero.press:bulletin-quartier-2026-10',
		]);
		const link = await call(sb, sb.keys.otherAccount, 'POST', '/liens', {
			body: { id: 'numero.press:gazette-2026-10' },
		});
		expect(link.status).toBe(404);
		const stats = await call(
			sb,
			sb.keys.full,
			'GET',
			'/statistiques?id=numero.press:bulletin-quartier-2026-10',
		);
		expect(stats.status).toBe(404);
	});

	test('bad options are refused at start', async () => {
		await expect(start({ rateLimit: -1 })).rejects.toThrow('rateLimit');
		await expect(start({ timeScale: -2 })).rejects.toThrow('timeScale');
	});

	test('keys can be chosen at start', async () => {
		const own = await start({ keys: { full: 'nmr_sandbox_full_recognisable' } });
		try {
			expect(own.keys.full).toBe('nmr_sandbox_full_recognisable');
			expect((await call(own, 'nmr_sandbox_full_recognisable', 'GET', '/compte')).status).toBe(200);
		} finally {
			await own.close();
		}
	});
});
