import type { RunningSandbox } from '../../sandbox';
import { admin, call, pdfBytes, sha256, start } from './sandbox-client';

let sb: RunningSandbox;
beforeEach(async () => {
	sb = await start();
});
afterEach(() => sb.close());

describe('admin API', () => {
	test('needs the admin token', async () => {
		const noToken = await fetch(`${sb.adminUrl}/clock`);
		expect(noToken.status).toBe(401);
		const apiKey = await fetch(`${sb.adminUrl}/clock`, {
			headers: { Authorization: `Bearer ${sb.keys.full}` },
		});
		expect(apiKey.status).toBe(401);
		expect((await admin(sb, 'GET', '/nothing')).status).toBe(404);
	});

	test('the clock: GET, advance, and refusal of going back', async () => {
		const before = Date.parse((await admin(sb, 'GET', '/clock')).body.now);
		const advanced = await admin(sb, 'POST', '/clock', { advanceSeconds: 3600 });
		expect(Date.parse(advanced.body.now) - before).toBeGreaterThanOrEqual(3600_000);
		expect(Date.parse(advanced.body.now) - before).toBeLessThan(3660_000);
		expect((await admin(sb, 'POST', '/clock', { advanceSeconds: -5 })).status).toBe(400);
		expect((await admin(sb, 'POST', '/clock', { advanceSeconds: 1e15 })).status).toBe(400);
		expect((await admin(sb, 'GET', '/clock')).body.timeScale).toBe(1);
	});

	test('request counts by METHOD /path, refused requests included, and reset', async () => {
		await call(sb, sb.keys.full, 'GET', '/compte');
		await call(sb, sb.keys.full, 'POST', '/liens', { body: { id: 'bad' } });
		await call(sb, sb.keys.full, 'POST', '/liens', {
			body: { id: 'numero.press:gazette-2026-10' },
		});
		await call(sb, null, 'GET', '/numeros?id=x.y:z');
		const counts = await admin(sb, 'GET', '/requests');
		expect(counts.body).toEqual({
			total: 4,
			byRoute: { 'GET /compte': 1, 'POST /liens': 2, 'GET /numeros': 1 },
		});
		await admin(sb, 'POST', '/requests/reset');
		expect((await admin(sb, 'GET', '/requests')).body).toEqual({ total: 0, byRoute: {} });
	});

	test('fault status: the next N matching requests get that status (with Retry-After), then normal service', async () => {
		const fault = await admin(sb, 'POST', '/faults', {
			match: { method: 'GET', path: '/compte' },
			count: 2,
			action: 'status',
			status: 503,
			retryAfter: 2,
		});
		expect(fault.body.id).toMatch(/^flt_/);
		const first = await call(sb, sb.keys.full, 'GET', '/compte');
		expect([first.status, first.headers.get('retry-after'), first.body.error.code]).toEqual([
			503,
			'2',
			'server_error',
		]);
		expect(first.headers.get('x-request-id')).toMatch(/^req_/);
		expect((await call(sb, sb.keys.full, 'GET', '/publications')).status).toBe(200);
		expect((await call(sb, sb.keys.full, 'GET', '/compte')).status).toBe(503);
		expect((await call(sb, sb.keys.full, 'GET', '/compte')).status).toBe(200);
		await admin(sb, 'POST', '/faults', {
			match: { path: '/liens' },
			count: 1,
			action: 'status',
			status: 429,
			retryAfter: 1,
		});
		const limited = await call(sb, sb.keys.full, 'POST', '/liens', { body: {} });
		expect([limited.status, limited.body.error.code]).toEqual([429, 'rate_limited']);
	});

	test('fault drop: the connection is closed without an answer; DELETE /faults clears them', async () => {
		await admin(sb, 'POST', '/faults', { match: { path: '/compte' }, count: 5, action: 'drop' });
		await expect(call(sb, sb.keys.full, 'GET', '/compte')).rejects.toThrow();
		expect((await admin(sb, 'GET', '/faults')).body.faults[0].remaining).toBe(4);
		await admin(sb, 'DELETE', '/faults');
		expect((await call(sb, sb.keys.full, 'GET', '/compte')).status).toBe(200);
	});

	test('fault delay: the delayed answer still comes, after an undelayed one sent later', async () => {
		await admin(sb, 'POST', '/faults', {
			match: { path: '/compte' },
			count: 1,
			action: 'delay',
			delayMs: 300,
		});
		const finished: string[] = [];
		const delayed = call(sb, sb.keys.full, 'GET', '/compte').then((a) =>
			finished.push(`compte ${a.status}`),
		);
		await new Promise((resolve) => setTimeout(resolve, 20));
		await call(sb, sb.keys.full, 'GET', '/publications').then((a) =>
			finished.push(`publications ${a.status}`),
		);
		await delayed;
		expect(finished).toEqual(['publications 200', 'compte 200']);
	});

	test('fault commit_then_drop: the work is done, the answer is lost', async () => {
		await admin(sb, 'POST', '/faults', {
			match: { method: 'POST', path: '/liens/revoquer' },
			count: 1,
			action: 'commit_then_drop',
		});
		await expect(
			call(sb, sb.keys.full, 'POST', '/liens/revoquer', { body: { reference: 'abo-5' } }),
		).rejects.toThrow();
		expect((await admin(sb, 'GET', '/state?account=main')).body.revocations).toHaveLength(1);
	});

	test('faults on the upload origin', async () => {
		const bytes = pdfBytes();
		const requested = await call(sb, sb.keys.full, 'POST', '/televersements', {
			body: { sha256: sha256(bytes), taille: bytes.length },
		});
		await admin(sb, 'POST', '/faults', {
			match: { origin: 'upload' },
			count: 1,
			action: 'status',
			status: 500,
		});
		expect(
			(
				await fetch(requested.body.url, {
					method: 'PUT',
					headers: requested.body.en_tetes,
					body: bytes,
				})
			).status,
		).toBe(500);
		expect(
			(
				await fetch(requested.body.url, {
					method: 'PUT',
					headers: requested.body.en_tetes,
					body: bytes,
				})
			).status,
		).toBe(200);
	});

	test('fault rules are checked', async () => {
		for (const body of [
			{ action: 'explode' },
			{ action: 'status' },
			{ action: 'delay' },
			{ action: 'drop', count: 0 },
			{ action: 'drop', match: { origin: 'elsewhere' } },
		]) {
			expect((await admin(sb, 'POST', '/faults', body)).status).toBe(400);
		}
	});

	test('state of an account, for counting resources', async () => {
		const state = await admin(sb, 'GET', '/state?account=other');
		expect(state.body.issues.map((i: { id: string }) => i.id)).toEqual([
			'numero.press:bulletin-quartier-2026-10',
		]);
		expect(state.body).toMatchObject({
			links: [],
			revocations: [],
			plan: { formule: 'essentiel' },
		});
		expect((await admin(sb, 'GET', '/state?account=nobody')).status).toBe(400);
	});

	test('plans and rate limit are checked', async () => {
		expect((await admin(sb, 'POST', '/plans', { account: 'main', formule: 'gold' })).status).toBe(
			400,
		);
		expect((await admin(sb, 'POST', '/plans', { account: 'main', maxFileBytes: 0 })).status).toBe(
			400,
		);
		expect((await admin(sb, 'POST', '/rate-limit', { perMinute: -1 })).status).toBe(400);
	});
});
