/** Link → Create and Revoke through n8n's engine, with a real reader on the sandbox. */
import { startNumeroSandbox, type NumeroTestContext } from './support/numero-sandbox';

let t: NumeroTestContext;
beforeAll(async () => {
	t = await startNumeroSandbox();
});
afterAll(async () => t.close());

const openReader = async (url: string) =>
	(await fetch(url, { headers: { 'User-Agent': 'Mozilla/5.0 (n8n node tests)' } })).status;

test('creates one working reading link per input item, each paired with its item', async () => {
	const result = await t.run(
		{
			resource: 'link',
			operation: 'create',
			issueId: { __rl: true, mode: 'list', value: '={{ $json.issue }}' },
			reference: '={{ $json.subscriber }}',
			additionalFields: { days: 7, page: 2 },
		},
		{
			input: [
				{ json: { issue: 'numero.press:gazette-2026-09', subscriber: 'sub_1001' } },
				{ json: { issue: 'kiosque.press:revue-arts-ete-2026', subscriber: 'sub_1002' } },
			],
		},
	);
	expect(result.nodeError).toBeUndefined();
	expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	for (const { json } of result.items) {
		expect(json).toEqual({
			url: expect.any(String),
			expire_le: expect.any(String),
			iframe: expect.stringContaining('<iframe'),
		});
		const days = (Date.parse(json.expire_le as string) - Date.now()) / (24 * 3600 * 1000);
		expect(days).toBeGreaterThan(6.9);
		expect(days).toBeLessThanOrEqual(7.01);
		expect(await openReader(json.url as string)).toBe(200);
	}
	const state = await t.admin<{ links: Array<{ issueId: string; page: number }> }>('GET', '/state');
	expect(state.links.map((link) => [link.issueId, link.page])).toEqual(
		expect.arrayContaining([
			['numero.press:gazette-2026-09', 2],
			['kiosque.press:revue-arts-ete-2026', 2],
		]),
	);
});

test('the Idempotency Key option returns the first link when the call is repeated', async () => {
	const parameters = {
		resource: 'link',
		operation: 'create',
		issueId: { __rl: true, mode: 'id', value: 'numero.press:gazette-2026-09' },
		reference: 'sub_2001',
		options: { idempotencyKey: 'order-2001-link' },
	};
	const first = await t.run(parameters);
	const second = await t.run(parameters);
	expect(second.items[0]!.json.url).toBe(first.items[0]!.json.url);
});

test('revoking a subscriber reference stops every link created with it', async () => {
	const created = await t.run({
		resource: 'link',
		operation: 'create',
		issueId: { __rl: true, mode: 'id', value: 'numero.press:gazette-2026-09' },
		reference: 'sub_3001',
	});
	const url = created.items[0]!.json.url as string;
	expect(await openReader(url)).toBe(200);

	const revoked = await t.run({ resource: 'link', operation: 'revoke', reference: 'sub_3001' });
	expect(revoked.items[0]!.json).toEqual({ reference: 'sub_3001', revoque_le: expect.any(String) });
	expect(revoked.items[0]!.pairedItem).toEqual({ item: 0 });
	expect(await openReader(url)).toBe(410);
});
