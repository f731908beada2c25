import type { RunningSandbox } from '../../sandbox';
import { call, start } from './sandbox-client';

let sb: RunningSandbox;
beforeAll(async () => {
	sb = await start({ rateLimit: 300 });
});
afterAll(() => sb.close());

describe('the User-Agent firewall', () => {
	test.each([
		[null],
		[''],
		['node'],
		['undici'],
		['axios/1.7.2'],
		['node-fetch/1.0 (+https://github.com/bitinn/node-fetch)'],
		['got (https://github.com/sindresorhus/got)'],
		['python-requests/2.32.3'],
		['curl/8.5.0'],
		['Go-http-client/1.1'],
	])('refuses %p with 403 blocked_user_agent', async (userAgent) => {
		const answer = await call(sb, sb.keys.full, 'GET', '/compte', {
			userAgent: userAgent === null ? null : userAgent,
			headers: userAgent === '' ? { 'User-Agent': '' } : {},
		});
		expect(answer.status).toBe(403);
		expect(answer.body.error.code).toBe('blocked_user_agent');
		expect(answer.body.error.message).toContain('User-Agent');
	});

	test.each([
		['my-tool/1.0'],
		['n8n-nodes-numero/0.1.0 (numero-core)'],
		['Zapier'],
		['my-script/2.0 node-fetch/1.0'],
		['Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0'],
	])('lets %p through', async (userAgent) => {
		const answer = await call(sb, sb.keys.full, 'GET', '/compte', { userAgent });
		expect(answer.status).toBe(200);
	});

	test('the firewall answers before the key is looked at', async () => {
		const answer = await call(sb, 'not-a-key', 'GET', '/compte', { userAgent: 'undici' });
		expect(answer.status).toBe(403);
	});
});

describe('headers on every answer', () => {
	test.each([
		['200', keyOf('full'), 'GET', '/compte'],
		['400', keyOf('full'), 'GET', '/numeros'],
		['401', keyOf(null), 'GET', '/compte'],
		['403', keyOf('lecture'), 'POST', '/liens'],
		['404', keyOf('full'), 'GET', '/numeros?id=numero.press:nothing-here'],
		['404 (no such endpoint)', keyOf('full'), 'GET', '/nothing'],
		['405', keyOf('full'), 'DELETE', '/compte'],
	])('%s carries X-Request-Id and the rate headers', async (_label, key, method, path) => {
		const answer = await call(sb, key(), method, path, {
			body: method === 'POST' ? {} : undefined,
		});
		expect(answer.headers.get('x-request-id')).toMatch(/^req_[a-f0-9]{24}$/);
		expect(answer.headers.get('x-ratelimit-limit')).toBe('300');
		expect(Number(answer.headers.get('x-ratelimit-remaining'))).toBeLessThan(300);
		expect(answer.body.error?.code ?? 'ok').not.toBe('contract_violation');
	});

	test('a refused User-Agent also gets X-Request-Id and the rate headers', async () => {
		const answer = await call(sb, sb.keys.full, 'GET', '/compte', { userAgent: null });
		expect(answer.headers.get('x-request-id')).toMatch(/^req_/);
		expect(answer.headers.get('x-ratelimit-limit')).toBe('300');
	});

	test('every request gets its own id', async () => {
		const a = await call(sb, sb.keys.full, 'GET', '/compte');
		const b = await call(sb, sb.keys.full, 'GET', '/compte');
		expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
	});

	test('a wrong method is 405 with Allow', async () => {
		const answer = await call(sb, sb.keys.full, 'PUT', '/numeros', { body: {} });
		expect(answer.status).toBe(405);
		expect(answer.headers.get('allow')).toBe('GET, POST, PATCH');
	});
});

function keyOf(name: 'full' | 'lecture' | null): () => string | null {
	return () => (name === null ? null : sb.keys[name]);
}
