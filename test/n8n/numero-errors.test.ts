/**
 * How the Numero node fails: per item, with the item index, the core's message and the API's code;
 * with Continue On Fail the other items go on; bad input is refused before any request; the API key
 * never shows in an error or an output.
 */
import { runWorkflow } from './harness';
import {
	NUMERO_NODE_TYPE,
	startNumeroSandbox,
	type NumeroTestContext,
} from './support/numero-sandbox';

let t: NumeroTestContext;
beforeAll(async () => {
	t = await startNumeroSandbox();
});
afterAll(async () => t.close());

const requestCount = async () => (await t.admin<{ total: number }>('GET', '/requests')).total;
const getIssueFromInput = {
	resource: 'issue',
	operation: 'get',
	issueId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
};
const threeItems = [
	{ json: { id: 'numero.press:gazette-2026-09' } },
	{ json: { id: 'numero.press:no-such-issue' } },
	{ json: { id: 'kiosque.press:revue-arts-ete-2026' } },
];

test('with Continue On Fail, a failing item becomes an error item with its code; the others go on', async () => {
	const result = await t.run(getIssueFromInput, { continueOnFail: true, input: threeItems });
	expect(result.status).toBe('success');
	expect(result.items.map((item) => item.pairedItem)).toEqual([
		{ item: 0 },
		{ item: 1 },
		{ item: 2 },
	]);
	expect(result.items[0]!.json.id).toBe('numero.press:gazette-2026-09');
	expect(result.items[1]!.json).toEqual({
		error: expect.stringContaining('numero.press:no-such-issue'),
		details: { code: 'not_found', status: 404, requestId: expect.stringMatching(/^req_/) },
	});
	expect(result.items[2]!.json.id).toBe('kiosque.press:revue-arts-ete-2026');
});

test('without it, the execution stops with a NodeApiError carrying the item index and the core message', async () => {
	const result = await t.run(getIssueFromInput, { input: threeItems });
	expect(result.status).toBe('error');
	expect(result.nodeError!.name).toBe('NodeApiError');
	expect(result.nodeError!.context.itemIndex).toBe(1);
	expect(result.nodeError!.message).toMatch(/^Issue "numero\.press:no-such-issue" was not found/);
	expect(result.nodeError!.httpCode).toBe('404');
});

test('"Continue (using error output)" sends the failing item to the error output', async () => {
	const result = await runWorkflow({
		credentials: t.credentials(),
		nodes: [
			{
				name: 'Input',
				type: 'numero-test.testItems',
				parameters: { items: JSON.stringify(threeItems.map((item) => ({ ...item, binary: {} }))) },
			},
			{
				name: 'Numero',
				type: NUMERO_NODE_TYPE,
				parameters: getIssueFromInput,
				onError: 'continueErrorOutput',
				credentials: { numeroApi: { id: '1', name: 'Numero' } },
			},
		],
		connections: { Input: { main: [[{ node: 'Numero', type: 'main', index: 0 }]] } },
	});
	expect(result.status).toBe('success');
	expect(result.itemsOf('Numero', 0).map((item) => item.pairedItem)).toEqual([
		{ item: 0 },
		{ item: 2 },
	]);
	const failed = result.itemsOf('Numero', 1);
	expect(failed).toHaveLength(1);
	expect(failed[0]!.pairedItem).toEqual({ item: 1 });
	expect(failed[0]!.json.details).toMatchObject({ code: 'not_found' });
});

test('input breaking an API rule is refused before any request, naming the field and the rule', async () => {
	const before = await requestCount();
	const result = await t.run(
		{
			resource: 'link',
			operation: 'create',
			issueId: { __rl: true, mode: 'id', value: 'numero.press:gazette-2026-09' },
			reference: 'jean dupont@example.com',
			additionalFields: { days: 400 },
		},
		{ input: [{ json: {} }] },
	);
	expect(result.nodeError!.name).toBe('NodeOperationError');
	expect(result.nodeError!.context.itemIndex).toBe(0);
	expect(result.nodeError!.message).toMatch(
		/^(Days Valid|Subscriber Reference) must .*Nothing was sent to numero\.$/,
	);
	expect(result.nodeError!.description).toMatch(
		/numero's field "(jours|reference)", rule "(range|pattern)"/,
	);
	expect(await requestCount()).toBe(before);

	const fromExpression = await t.run(
		{
			resource: 'link',
			operation: 'create',
			issueId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
		},
		{ continueOnFail: true, input: [{ json: { id: 'not an id' } }] },
	);
	expect(fromExpression.items[0]!.json.details).toEqual({
		code: 'invalid_input',
		field: 'id',
		rule: 'pattern',
	});
	expect(fromExpression.items[0]!.json.error).toMatch(/^Issue must be an issue id/);
	expect(await requestCount()).toBe(before);
});

test('an issue ID typed in the field is checked by n8n itself before the workflow runs', async () => {
	await expect(
		t.run({
			resource: 'issue',
			operation: 'get',
			issueId: { __rl: true, mode: 'id', value: 'not an id' },
		}),
	).rejects.toThrow(/Not an issue ID/);
});

test('a key without the permission gets the 403 message naming it', async () => {
	const result = await t.run(
		{
			resource: 'link',
			operation: 'create',
			issueId: { __rl: true, mode: 'id', value: 'numero.press:gazette-2026-09' },
		},
		{ key: 'lecture', continueOnFail: true },
	);
	expect(result.items[0]!.json.details).toMatchObject({ code: 'forbidden_scope', status: 403 });
	expect(result.items[0]!.json.error).toContain('liens');
});

test('an http base URL off this machine is refused before any request', async () => {
	const result = await t.run(
		{ resource: 'account', operation: 'get' },
		{
			credentials: {
				numeroApi: { apiKey: t.sandbox.keys.full, baseUrl: 'http://numero.example/v1' },
			},
		},
	);
	expect(result.nodeError!.name).toBe('NodeOperationError');
	expect(result.nodeError!.message).toMatch(/https/);
	expect(result.nodeError!.message).toMatch(/^Base URL \(Numero API credential\) must use https/);
});

test('the API key never appears in errors, error items or the stored execution', async () => {
	const revokedKey = t.sandbox.keys.revoked;
	const failed = await t.run({ resource: 'account', operation: 'get' }, { key: 'revoked' });
	expect(failed.nodeError!.name).toBe('NodeApiError');
	expect(failed.nodeError!.httpCode).toBe('401');
	const asItem = await t.run(
		{ resource: 'account', operation: 'get' },
		{ key: 'revoked', continueOnFail: true },
	);
	expect(asItem.items[0]!.json.details).toMatchObject({ code: 'unauthorized', status: 401 });

	const published = await t.run(getIssueFromInput, { input: threeItems, continueOnFail: true });
	for (const run of [failed, asItem, published]) {
		const stored = JSON.stringify(run.run, (_key, value) =>
			value instanceof Error ? { ...value, message: value.message, stack: value.stack } : value,
		);
		expect(stored).not.toContain(revokedKey);
		expect(stored).not.toContain(t.sandbox.keys.full);
	}
});
