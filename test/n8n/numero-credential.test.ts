/**
 * The Numero API credential as n8n uses it: its "Test" button (GET /compte, with the messages of its
 * rules), and its generic bearer authentication on every API call of the node.
 */
import { testCredentials } from './harness';
import { startNumeroSandbox, type NumeroTestContext } from './support/numero-sandbox';

let t: NumeroTestContext;
beforeAll(async () => {
	t = await startNumeroSandbox();
});
afterAll(async () => t.close());

const credential = (apiKey: string, baseUrl = t.sandbox.baseUrl) => ({ apiKey, baseUrl });

test('a working key passes the test', async () => {
	expect(await testCredentials('numeroApi', credential(t.sandbox.keys.full))).toEqual({
		status: 'OK',
		message: 'Connection successful!',
	});
	// A base URL given with a trailing slash works too.
	expect(
		(
			await testCredentials(
				'numeroApi',
				credential(t.sandbox.keys.lecture, `${t.sandbox.baseUrl}/`),
			)
		).status,
	).toBe('OK');
});

test('a revoked or mistyped key gets the 401 message', async () => {
	for (const apiKey of [t.sandbox.keys.revoked, 'nmr_not_a_key']) {
		const result = await testCredentials('numeroApi', credential(apiKey));
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/API key was refused/);
		expect(result.message).not.toContain(apiKey);
	}
});

test('a key without the read permission gets the 403 message naming it', async () => {
	const result = await testCredentials('numeroApi', credential(t.sandbox.keys.liens));
	expect(result).toEqual({ status: 'Error', message: expect.stringContaining('"lecture"') });
});

test('a base URL that is not the API root gets the 404 message', async () => {
	const result = await testCredentials(
		'numeroApi',
		credential(t.sandbox.keys.full, `${t.sandbox.origin}/v2`),
	);
	expect(result).toEqual({ status: 'Error', message: expect.stringContaining('ending in /v1') });
});

test('the node authenticates with the credential: every API call carries the key as a bearer token', async () => {
	const ok = await t.run({ resource: 'account', operation: 'get' });
	expect(ok.items[0]!.json.formule).toBe('pro');
	const otherAccount = await t.run(
		{ resource: 'issue', operation: 'getMany', returnAll: true },
		{ key: 'otherAccount' },
	);
	expect(otherAccount.items.map((item) => item.json.id)).toEqual([
		'numero.press:bulletin-quartier-2026-10',
	]);
});
