import type { RunningSandbox } from '../../sandbox';
import { admin, call, pdfBytes, start, upload } from './sandbox-client';

let sb: RunningSandbox;
beforeEach(async () => {
	sb = await start();
});
afterEach(() => sb.close());

const linkBody = { id: 'numero.press:gazette-2026-10', reference: 'abo-42' };

describe('Idempotency-Key', () => {
	test('POST /liens: a repeat returns the first response with Idempotent-Replayed and creates nothing', async () => {
		const headers = { 'Idempotency-Key': 'lnk_same-key' };
		const first = await call(sb, sb.keys.full, 'POST', '/liens', { body: linkBody, headers });
		const second = await call(sb, sb.keys.full, 'POST', '/liens', { body: linkBody, headers });
		expect(first.status).toBe(201);
		expect(first.headers.get('idempotent-replayed')).toBeNull();
		expect(second.status).toBe(201);
		expect(second.headers.get('idempotent-replayed')).toBe('true');
		expect(second.body).toEqual(first.body);
		expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
		const state = await admin(sb, 'GET', '/state?account=main');
		expect(state.body.links).toHaveLength(1);
	});

	test('POST /numeros: a repeat does not publish twice', async () => {
		const file = await upload(sb, pdfBytes());
		const body = { ...file, titre: 'Une fois', publication: 'gazette' };
		const headers = { 'Idempotency-Key': 'pub_once' };
		const first = await call(sb, sb.keys.full, 'POST', '/numeros', { body, headers });
		const second = await call(sb, sb.keys.full, 'POST', '/numeros', { body, headers });
		expect(first.status).toBe(201);
		expect([second.status, second.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
		expect(second.body).toEqual(first.body);
		const events = await admin(sb, 'GET', '/events?account=main');
		expect(
			events.body.events.filter((e: { type: string }) => e.type === 'numero.publie'),
		).toHaveLength(1);
	});

	test('keys are per account, and a different key creates again', async () => {
		const headers = { 'Idempotency-Key': 'shared' };
		await call(sb, sb.keys.full, 'POST', '/liens', { body: linkBody, headers });
		const other = await call(sb, sb.keys.otherAccount, 'POST', '/liens', {
			body: { id: 'numero.press:bulletin-quartier-2026-10' },
			headers,
		});
		expect([other.status, other.headers.get('idempotent-replayed')]).toEqual([201, null]);
		const sameAccountOtherApiKey = await call(sb, sb.keys.liens, 'POST', '/liens', {
			body: linkBody,
			headers,
		});
		expect(sameAccountOtherApiKey.headers.get('idempotent-replayed')).toBe('true');
		const fresh = await call(sb, sb.keys.full, 'POST', '/liens', {
			body: linkBody,
			headers: { 'Idempotency-Key': 'another' },
		});
		expect(fresh.headers.get('idempotent-replayed')).toBeNull();
		expect(fresh.body.url).not.toBe(other.body.url);
	});

	test('the same key with a different body is 409 idempotency_key_reused', async () => {
		const headers = { 'Idempotency-Key': 'reused' };
		await call(sb, sb.keys.full, 'POST', '/liens', { body: linkBody, headers });
		const answer = await call(sb, sb.keys.full, 'POST', '/liens', {
			body: { ...linkBody, jours: 3 },
			headers,
		});
		expect(answer.status).toBe(409);
		expect(answer.body.error.code).toBe('idempotency_key_reused');
		expect(answer.body.error.message).toContain('Idempotency-Key');
		const reordered = await call(sb, sb.keys.full, 'POST', '/liens', {
			body: { reference: 'abo-42', id: 'numero.press:gazette-2026-10' },
			headers,
		});
		expect(reordered.headers.get('idempotent-replayed')).toBe('true');
	});

	test('kept 24 hours on the sandbox clock', async () => {
		const headers = { 'Idempotency-Key': 'day-long' };
		const first = await call(sb, sb.keys.full, 'POST', '/liens', { body: linkBody, headers });
		await admin(sb, 'POST', '/clock', { advanceSeconds: 23 * 3600 });
		expect(
			(await call(sb, sb.keys.full, 'POST', '/liens', { body: linkBody, headers })).headers.get(
				'idempotent-replayed',
			),
		).toBe('true');
		await admin(sb, 'POST', '/clock', { advanceSeconds: 3600 });
		const later = await call(sb, sb.keys.full, 'POST', '/liens', { body: linkBody, headers });
		expect([later.status, later.headers.get('idempotent-replayed')]).toEqual([201, null]);
		expect(later.body.url).not.toBe(first.body.url);
	});

	test('errors are not kept: a retry after fixing the cause runs again', async () => {
		const headers = { 'Idempotency-Key': 'after-error' };
		await admin(sb, 'POST', '/plans', { account: 'main', statut: 'suspendu' });
		expect(
			(await call(sb, sb.keys.full, 'POST', '/liens', { body: linkBody, headers })).status,
		).toBe(402);
		await admin(sb, 'POST', '/plans', { account: 'main', statut: 'actif' });
		const retried = await call(sb, sb.keys.full, 'POST', '/liens', { body: linkBody, headers });
		expect([retried.status, retried.headers.get('idempotent-replayed')]).toEqual([201, null]);
	});

	test('a key over 120 characters is refused with 400 naming Idempotency-Key', async () => {
		const answer = await call(sb, sb.keys.full, 'POST', '/liens', {
			body: linkBody,
			headers: { 'Idempotency-Key': 'k'.repeat(121) },
		});
		expect(answer.status).toBe(400);
		expect(answer.body.error.code).toBe('invalid_field');
		expect(answer.body.error.message).toMatch(/^Idempotency-Key/);
		const exactly120 = await call(sb, sb.keys.full, 'POST', '/liens', {
			body: linkBody,
			headers: { 'Idempotency-Key': 'k'.repeat(120) },
		});
		expect(exactly120.status).toBe(201);
	});

	test('a response lost after the commit is replayed to the retry', async () => {
		await admin(sb, 'POST', '/faults', {
			match: { method: 'POST', path: '/liens' },
			count: 1,
			action: 'commit_then_drop',
		});
		const headers = { 'Idempotency-Key': 'lost-answer' };
		await expect(
			call(sb, sb.keys.full, 'POST', '/liens', { body: linkBody, headers }),
		).rejects.toThrow();
		const retry = await call(sb, sb.keys.full, 'POST', '/liens', { body: linkBody, headers });
		expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
		expect((await admin(sb, 'GET', '/state?account=main')).body.links).toHaveLength(1);
	});

	test('concurrent repeats wait for the first and replay it', async () => {
		const headers = { 'Idempotency-Key': 'concurrent' };
		const answers = await Promise.all(
			[1, 2, 3].map(() => call(sb, sb.keys.full, 'POST', '/liens', { body: linkBody, headers })),
		);
		expect(new Set(answers.map((a) => a.body.url)).size).toBe(1);
		expect((await admin(sb, 'GET', '/state?account=main')).body.links).toHaveLength(1);
	});
});
