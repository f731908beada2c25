/** Statistics → Get through n8n's engine: reads counted by the sandbox's reader. */
import { startNumeroSandbox, type NumeroTestContext } from './support/numero-sandbox';

let t: NumeroTestContext;
beforeAll(async () => {
	t = await startNumeroSandbox();
});
afterAll(async () => t.close());

const issueId = { __rl: true, mode: 'id', value: 'numero.press:gazette-2026-09' };

test('returns the reads of an issue per day and per source, counting a new read', async () => {
	const before = await t.run({ resource: 'statistics', operation: 'get', issueId });
	const link = await t.run({ resource: 'link', operation: 'create', issueId });
	await fetch(link.items[0]!.json.url as string, {
		headers: { 'User-Agent': 'Mozilla/5.0 (n8n node tests)' },
	});
	const after = await t.run({ resource: 'statistics', operation: 'get', issueId });

	expect(after.items[0]!.json).toMatchObject({
		id: 'numero.press:gazette-2026-09',
		par_jour: expect.any(Array),
		sources: expect.any(Array),
	});
	expect(after.items[0]!.json.lectures).toBe((before.items[0]!.json.lectures as number) + 1);
	expect(after.items[0]!.pairedItem).toEqual({ item: 0 });
});

test('Since sets the window start, and Simplify keeps only the totals', async () => {
	const since = new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
	const result = await t.run({
		resource: 'statistics',
		operation: 'get',
		issueId,
		since: `${since}T00:00:00`,
		simplify: true,
	});
	expect(result.nodeError).toBeUndefined();
	expect(result.items[0]!.json).toEqual({
		id: 'numero.press:gazette-2026-09',
		depuis: since,
		lectures: expect.any(Number),
		lectures_depuis_publication: expect.any(Number),
		temps_moyen_secondes: null,
		lu_jusqu_a_la_fin: null,
	});
});
