import { createHmac } from 'node:crypto';
import type { RunningSandbox } from '../../sandbox';
import { admin, call, publish, start } from './sandbox-client';
import { type Receiver, startReceiver } from './webhook-receiver';

let sb: RunningSandbox;
let receiver: Receiver;
beforeEach(async () => {
	sb = await start();
	receiver = await startReceiver();
});
afterEach(async () => {
	await sb.close();
	await receiver.close();
});

const ALL = ['numero.publie', 'numero.remplace', 'numero.retire', 'numero.remis_en_ligne'];

async function endpoint(
	events = ALL,
	url = receiver.url,
	account?: string,
): Promise<{ id: string; secret: string }> {
	const answer = await admin(sb, 'POST', '/webhooks', { url, events, account });
	expect(answer.status).toBe(201);
	return answer.body;
}

function verify(secret: string, header: string, body: string): { t: number; ok: boolean } {
	const match = /^t=(\d+),v1=([a-f0-9]{64})$/.exec(header);
	if (!match) return { t: 0, ok: false };
	const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest('hex');
	return { t: Number(match[1]), ok: expected === match[2] };
}

describe('webhook delivery', () => {
	test('numero.publie arrives signed, with the envelope and the issue data', async () => {
		const { id, secret } = await endpoint();
		expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
		const created = await publish(sb, { titre: 'Annoncé', parution: '2026-12', pages: 8 });
		const [delivery] = await receiver.waitFor(1);
		expect(delivery.headers['content-type']).toBe('application/json');
		const check = verify(secret, delivery.headers['service-signature'] as string, delivery.body);
		expect(check.ok).toBe(true);
		const event = JSON.parse(delivery.body);
		expect(event).toEqual({
			id: expect.stringMatching(/^evt_/),
			type: 'numero.publie',
			cree_le: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
			donnees: {
				id: created.body.numero.id,
				titre: 'Annoncé',
				publication: { code: 'gazette', nom: 'La Gazette du Port' },
				date: '2026-12-01',
				pages: 8,
				page_publique: created.body.numero.page_publique,
				statut: 'en_ligne',
			},
		});
		const { now } = (await admin(sb, 'GET', '/clock')).body;
		expect(Math.abs(check.t - Date.parse(now) / 1000)).toBeLessThan(5);
		await admin(sb, 'POST', '/clock', { advanceSeconds: 0 });
		const log = await admin(sb, 'GET', `/webhooks/${id}/deliveries`);
		expect(log.body.deliveries[0]).toMatchObject({
			eventId: event.id,
			eventType: 'numero.publie',
			attempt: 1,
			status: 'succeeded',
			responseStatus: 200,
			responseBody: 'ok',
		});
	});

	test('each of the four events is sent to the endpoints that chose it, and only of their account', async () => {
		const onlyRetire = await startReceiver();
		const otherAccount = await startReceiver();
		try {
			await endpoint();
			await endpoint(['numero.retire'], onlyRetire.url);
			await endpoint(ALL, otherAccount.url, 'other');
			const id = (await publish(sb, { titre: 'Cycle' })).body.numero.id;
			await publish(sb, { remplace: id, titre: 'Cycle' });
			await call(sb, sb.keys.full, 'PATCH', `/numeros?id=${id}`, { body: { en_ligne: false } });
			await call(sb, sb.keys.full, 'PATCH', `/numeros?id=${id}`, { body: { en_ligne: true } });
			const all = await receiver.waitFor(4);
			expect(all.map((r) => JSON.parse(r.body).type).sort()).toEqual([...ALL].sort());
			const retire = await onlyRetire.waitFor(1);
			await admin(sb, 'POST', '/clock', { advanceSeconds: 0 });
			expect(retire.map((r) => JSON.parse(r.body).type)).toEqual(['numero.retire']);
			expect(otherAccount.received).toHaveLength(0);
		} finally {
			await onlyRetire.close();
			await otherAccount.close();
		}
	});

	test('a failing receiver is retried after 1 min, 5 min, 30 min and 2 h: same id and body, new signature', async () => {
		const { id, secret } = await endpoint();
		receiver.answers = [500, 503, 502, 500, 500];
		await publish(sb, { titre: 'Tenace' });
		await receiver.waitFor(1);
		await admin(sb, 'POST', '/clock', { advanceSeconds: 0 });
		const steps = [59, 1, 299, 1, 1799, 1, 7199, 1];
		const counts: number[] = [];
		for (const seconds of steps) {
			await admin(sb, 'POST', '/clock', { advanceSeconds: seconds });
			counts.push(receiver.received.length);
		}
		expect(counts).toEqual([1, 2, 2, 3, 3, 4, 4, 5]);
		await admin(sb, 'POST', '/clock', { advanceSeconds: 86400 });
		expect(receiver.received).toHaveLength(5);
		const bodies = new Set(receiver.received.map((r) => r.body));
		expect(bodies.size).toBe(1);
		const signatures = receiver.received.map((r) => r.headers['service-signature'] as string);
		expect(new Set(signatures).size).toBe(5);
		for (const r of receiver.received)
			expect(verify(secret, r.headers['service-signature'] as string, r.body).ok).toBe(true);
		const log = (await admin(sb, 'GET', `/webhooks/${id}/deliveries`)).body.deliveries;
		expect(
			log.map((d: { attempt: number; status: string; responseStatus: number }) => [
				d.attempt,
				d.status,
				d.responseStatus,
			]),
		).toEqual([
			[5, 'failed', 500],
			[4, 'failed', 500],
			[3, 'failed', 502],
			[2, 'failed', 503],
			[1, 'failed', 500],
		]);
		expect(log[0].responseBody).toBe('refused with 500');
		expect(log[1].nextRetryAt).not.toBeNull();
		expect(log[0].nextRetryAt).toBeNull();
	});

	test('a success stops the retries; a 4xx is not retried', async () => {
		await endpoint();
		receiver.answers = [500, 200];
		await publish(sb, { titre: 'Deux fois' });
		await receiver.waitFor(1);
		await admin(sb, 'POST', '/clock', { advanceSeconds: 60 });
		await admin(sb, 'POST', '/clock', { advanceSeconds: 3 * 3600 });
		expect(receiver.received).toHaveLength(2);
		receiver.answers = [410];
		await publish(sb, { titre: 'Refusé' });
		await receiver.waitFor(3);
		await admin(sb, 'POST', '/clock', { advanceSeconds: 3 * 3600 });
		expect(receiver.received).toHaveLength(3);
	});

	test('no answer within the time limit is a failure that is retried', async () => {
		await sb.close();
		sb = await start({ webhookTimeoutMs: 200 });
		const { id } = await endpoint();
		receiver.answers = [-1];
		await publish(sb, { titre: 'Silence' });
		await receiver.waitFor(1);
		await admin(sb, 'POST', '/clock', { advanceSeconds: 0 });
		const log = (await admin(sb, 'GET', `/webhooks/${id}/deliveries`)).body.deliveries;
		expect(log[0]).toMatchObject({ status: 'failed', responseStatus: null });
		expect(log[0].error).toContain('timeout');
		await admin(sb, 'POST', '/clock', { advanceSeconds: 60 });
		expect(receiver.received).toHaveLength(2);
	});

	test('an unreachable endpoint is a failure that is retried', async () => {
		const gone = await startReceiver();
		await gone.close();
		const { id } = await endpoint(ALL, gone.url);
		await publish(sb, { titre: 'Personne' });
		await admin(sb, 'POST', '/clock', { advanceSeconds: 0 });
		const log = (await admin(sb, 'GET', `/webhooks/${id}/deliveries`)).body.deliveries;
		expect(log[0]).toMatchObject({
			status: 'failed',
			responseStatus: null,
			nextRetryAt: expect.any(String),
		});
		expect(log[0].error).toContain('ECONNREFUSED');
	});

	test('the log keeps the last 50 deliveries, newest first', async () => {
		const { id } = await endpoint(['numero.retire', 'numero.remis_en_ligne']);
		for (let i = 0; i < 26; i += 1) {
			await call(sb, sb.keys.full, 'PATCH', '/numeros?id=numero.press:gazette-2026-10', {
				body: { en_ligne: false },
			});
			await call(sb, sb.keys.full, 'PATCH', '/numeros?id=numero.press:gazette-2026-10', {
				body: { en_ligne: true },
			});
		}
		await receiver.waitFor(52);
		await admin(sb, 'POST', '/clock', { advanceSeconds: 0 });
		const log = (await admin(sb, 'GET', `/webhooks/${id}/deliveries`)).body.deliveries;
		expect(log).toHaveLength(50);
		expect(log[0].eventType).toBe('numero.remis_en_ligne');
		expect(log[0].eventId).toBe(JSON.parse(receiver.received[51].body).id);
	});

	test('resend sends the same event id and body again with a new signature', async () => {
		const { id, secret } = await endpoint();
		await publish(sb, { titre: 'Encore' });
		await receiver.waitFor(1);
		await admin(sb, 'POST', '/clock', { advanceSeconds: 2 });
		const [first] = (await admin(sb, 'GET', `/webhooks/${id}/deliveries`)).body.deliveries;
		const resent = await admin(sb, 'POST', `/webhooks/${id}/deliveries/${first.id}/resend`);
		expect(resent.status).toBe(200);
		expect(resent.body.delivery).toMatchObject({
			eventId: first.eventId,
			trigger: 'resend',
			status: 'succeeded',
		});
		expect(receiver.received).toHaveLength(2);
		expect(receiver.received[1].body).toBe(receiver.received[0].body);
		expect(receiver.received[1].headers['service-signature']).not.toBe(
			receiver.received[0].headers['service-signature'],
		);
		expect(
			verify(
				secret,
				receiver.received[1].headers['service-signature'] as string,
				receiver.received[1].body,
			).ok,
		).toBe(true);
		expect((await admin(sb, 'POST', `/webhooks/${id}/deliveries/dlv_nope/resend`)).status).toBe(
			404,
		);
	});

	test('the test button sends numero.test, whatever types the endpoint chose', async () => {
		const { id, secret } = await endpoint(['numero.retire']);
		const answer = await admin(sb, 'POST', `/webhooks/${id}/test`);
		expect(answer.body.delivery).toMatchObject({ eventType: 'numero.test', status: 'succeeded' });
		const event = JSON.parse(receiver.received[0].body);
		expect(event).toMatchObject({
			type: 'numero.test',
			id: expect.stringMatching(/^evt_/),
			donnees: { message: expect.any(String) },
		});
		expect(
			verify(
				secret,
				receiver.received[0].headers['service-signature'] as string,
				receiver.received[0].body,
			).ok,
		).toBe(true);
	});

	test('endpoint rules: at most 5 per account, https or loopback http, known event types; list and delete', async () => {
		const ids: string[] = [];
		for (let i = 0; i < 5; i += 1) ids.push((await endpoint()).id);
		const sixth = await admin(sb, 'POST', '/webhooks', { url: receiver.url, events: ALL });
		expect([sixth.status, sixth.body.error.code]).toEqual([409, 'webhook_limit']);
		expect(
			(await admin(sb, 'POST', '/webhooks', { url: receiver.url, events: ALL, account: 'other' }))
				.status,
		).toBe(201);
		const list = await admin(sb, 'GET', '/webhooks');
		expect(list.body.webhooks).toHaveLength(6);
		expect(JSON.stringify(list.body)).not.toContain('whsec_');
		expect((await admin(sb, 'DELETE', `/webhooks/${ids[0]}`)).status).toBe(200);
		expect(
			(
				await admin(sb, 'POST', '/webhooks', {
					url: 'https://hooks.example/numero',
					events: ['numero.publie'],
				})
			).status,
		).toBe(201);
		for (const body of [
			{ url: 'http://hooks.example/numero', events: ALL },
			{ url: 'not a url', events: ALL },
			{ url: receiver.url, events: [] },
			{ url: receiver.url, events: ['numero.efface'] },
		]) {
			const refused = await admin(sb, 'POST', '/webhooks', body);
			expect([refused.status, refused.body.error.code]).toEqual([400, 'invalid_field']);
		}
	});
});
