import type { RunningSandbox } from '../../sandbox';
import { admin, call, start } from './sandbox-client';

let sb: RunningSandbox;
afterEach(() => sb.close());

describe('rate limit per key', () => {
	test('the 4th call in a minute with a limit of 3 is 429 rate_limited with Retry-After; the window resets on the sandbox clock', async () => {
		sb = await start({ rateLimit: 3 });
		const remaining: string[] = [];
		for (let i = 0; i < 3; i += 1) {
			const answer = await call(sb, sb.keys.full, 'GET', '/compte');
			expect(answer.status).toBe(200);
			expect(answer.headers.get('x-ratelimit-limit')).toBe('3');
			remaining.push(answer.headers.get('x-ratelimit-remaining') as string);
		}
		expect(remaining).toEqual(['2', '1', '0']);
		const refused = await call(sb, sb.keys.full, 'GET', '/compte');
		expect(refused.status).toBe(429);
		expect(refused.body.error.code).toBe('rate_limited');
		const retryAfter = Number(refused.headers.get('retry-after'));
		expect(retryAfter).toBeGreaterThanOrEqual(1);
		expect(retryAfter).toBeLessThanOrEqual(60);
		expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
		expect(refused.headers.get('x-request-id')).toMatch(/^req_/);

		const otherKey = await call(sb, sb.keys.lecture, 'GET', '/compte');
		expect(otherKey.status).toBe(200);

		await admin(sb, 'POST', '/clock', { advanceSeconds: retryAfter });
		const after = await call(sb, sb.keys.full, 'GET', '/compte');
		expect(after.status).toBe(200);
		expect(after.headers.get('x-ratelimit-remaining')).toBe('2');
	});

	test('the default is 300 a minute', async () => {
		sb = await start({ rateLimit: undefined });
		const answer = await call(sb, sb.keys.full, 'GET', '/compte');
		expect(answer.headers.get('x-ratelimit-limit')).toBe('300');
		expect(answer.body.compte.limites.appels_par_minute).toBe(300);
	});

	test('0 turns the limit off (no rate headers), and the admin API can set it', async () => {
		sb = await start({ rateLimit: 0 });
		for (let i = 0; i < 5; i += 1)
			expect((await call(sb, sb.keys.full, 'GET', '/compte')).status).toBe(200);
		const answer = await call(sb, sb.keys.full, 'GET', '/compte');
		expect(answer.headers.get('x-ratelimit-limit')).toBeNull();
		expect(answer.headers.get('x-request-id')).toMatch(/^req_/);
		await admin(sb, 'POST', '/rate-limit', { perMinute: 1 });
		expect((await call(sb, sb.keys.full, 'GET', '/compte')).status).toBe(200);
		expect((await call(sb, sb.keys.full, 'GET', '/compte')).status).toBe(429);
	});

	test('calls with invalid keys count against that key string, not against valid keys', async () => {
		sb = await start({ rateLimit: 1 });
		expect((await call(sb, 'nope', 'GET', '/compte')).status).toBe(401);
		expect((await call(sb, 'nope', 'GET', '/compte')).status).toBe(429);
		expect((await call(sb, sb.keys.full, 'GET', '/compte')).status).toBe(200);
	});
});
