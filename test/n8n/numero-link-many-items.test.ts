/**
 * Link → Create over many items, which the node runs a few at a time: outputs stay in input order and
 * paired with their items; a failing item fails the node with its own index (the first failing one),
 * or with "Continue On Fail" becomes an error item in its place.
 */
import { startNumeroSandbox, type NumeroTestContext } from './support/numero-sandbox';

let t: NumeroTestContext;
beforeAll(async () => {
	t = await startNumeroSandbox();
});
afterAll(async () => t.close());

const ITEMS = 30;
const FAILING = [12, 20];
const input = (tag: string) =>
	Array.from({ length: ITEMS }, (_, i) => ({
		json: {
			issue: FAILING.includes(i) ? 'numero.press:no-such-issue' : 'numero.press:gazette-2026-09',
			subscriber: `sub_${tag}_${i}`,
		},
	}));
const createLinks = {
	resource: 'link',
	operation: 'create',
	issueId: { __rl: true, mode: 'id', value: '={{ $json.issue }}' },
	reference: '={{ $json.subscriber }}',
};
const linkCount = async () => (await t.admin<{ links: unknown[] }>('GET', '/state')).links.length;

test('with Continue On Fail every item has its output in order, the failing ones as error items', async () => {
	const before = await linkCount();
	const result = await t.run(createLinks, { input: input('cof'), continueOnFail: true });
	expect(result.nodeError).toBeUndefined();
	expect(result.items.map((item) => item.pairedItem)).toEqual(
		Array.from({ length: ITEMS }, (_, i) => ({ item: i })),
	);
	result.items.forEach(({ json }, i) => {
		if (FAILING.includes(i)) expect(json).toMatchObject({ details: { status: 404 } });
		else expect(json).toMatchObject({ url: expect.any(String) });
	});
	expect((await linkCount()) - before).toBe(ITEMS - FAILING.length);
});

test('without it the node fails with the first failing item, after every item before it made its link', async () => {
	const before = await linkCount();
	const result = await t.run(createLinks, { input: input('stop') });
	expect(result.nodeError!.name).toBe('NodeApiError');
	expect(result.nodeError!.httpCode).toBe('404');
	expect(result.nodeError!.context.itemIndex).toBe(FAILING[0]);
	expect(result.items).toEqual([]);
	const made = (await linkCount()) - before;
	expect(made).toBeGreaterThanOrEqual(FAILING[0]!);
	expect(made).toBeLessThanOrEqual(ITEMS - FAILING.length);
});
