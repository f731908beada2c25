/** Issue → Get, Get Many and Update through n8n's engine. */
import { startNumeroSandbox, type NumeroTestContext } from './support/numero-sandbox';

let t: NumeroTestContext;
beforeAll(async () => {
	t = await startNumeroSandbox();
});
afterAll(async () => t.close());

const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

interface StateIssue {
	id: string;
	statut: string;
	lien_achat: string | null;
	telechargement: boolean | null;
	impression: boolean | null;
}
const issueInState = async (id: string) =>
	(await t.admin<{ issues: StateIssue[] }>('GET', '/state')).issues.find(
		(issue) => issue.id === id,
	)!;

test('Get returns the issue, for each input item', async () => {
	const result = await t.run(
		{
			resource: 'issue',
			operation: 'get',
			issueId: { __rl: true, mode: 'list', value: '={{ $json.id }}' },
		},
		{
			input: [
				{ json: { id: 'numero.press:gazette-2026-09' } },
				{ json: { id: 'kiosque.press:revue-arts-ete-2026' } },
			],
		},
	);
	expect(result.items.map((item) => [item.json.id, item.pairedItem])).toEqual([
		['numero.press:gazette-2026-09', { item: 0 }],
		['kiosque.press:revue-arts-ete-2026', { item: 1 }],
	]);
	expect(result.items[1]!.json).toMatchObject({
		titre: 'Revue des Arts, été 2026',
		publication: { code: 'revue-arts', nom: 'Revue des Arts' },
		acces: 'libre',
		statut: 'en_ligne',
	});
});

test("Get Many lists the account's issues: with a limit, by periodical, or all", async () => {
	const limited = await t.run({
		resource: 'issue',
		operation: 'getMany',
		returnAll: false,
		limit: 2,
	});
	expect(limited.items).toHaveLength(2);
	expect(
		limited.items.every((item) => JSON.stringify(item.pairedItem) === JSON.stringify({ item: 0 })),
	).toBe(true);

	const revue = await t.run({
		resource: 'issue',
		operation: 'getMany',
		returnAll: true,
		filters: { periodical: 'revue-arts' },
	});
	expect(revue.items.map((item) => item.json.id)).toEqual(['kiosque.press:revue-arts-ete-2026']);

	const all = await t.run({ resource: 'issue', operation: 'getMany', returnAll: true });
	const ids = all.items.map((item) => item.json.id);
	expect(ids).toEqual(
		expect.arrayContaining(['numero.press:gazette-2026-09', 'numero.press:gazette-2026-11']),
	);
	expect(ids).not.toContain('numero.press:bulletin-quartier-2026-10'); // another account's issue
});

test('Update changes the fields given, and removes the purchase link when it is left empty', async () => {
	const id = 'numero.press:gazette-2026-10';
	const result = await t.run({
		resource: 'issue',
		operation: 'update',
		issueId: byId(id),
		updateFields: {
			title: 'La Gazette du Port, octobre 2026 (bis)',
			access: 'libre',
			download: 'yes',
			print: 'no',
			purchaseLink: '',
		},
	});
	expect(result.nodeError).toBeUndefined();
	expect(result.items[0]!.json).toMatchObject({
		id,
		titre: 'La Gazette du Port, octobre 2026 (bis)',
		acces: 'libre',
	});
	expect(await issueInState(id)).toMatchObject({
		lien_achat: null,
		telechargement: true,
		impression: false,
	});

	await t.run({
		resource: 'issue',
		operation: 'update',
		issueId: byId(id),
		updateFields: { download: 'periodical' },
	});
	expect((await issueInState(id)).telechargement).toBeNull();
});

test('Update takes an issue offline, puts it back online, and publishes a scheduled issue now', async () => {
	const id = 'numero.press:gazette-2026-09';
	const offline = await t.run({
		resource: 'issue',
		operation: 'update',
		issueId: byId(id),
		updateFields: { availability: 'offline' },
	});
	expect(offline.items[0]!.json.statut).toBe('retire');
	const back = await t.run({
		resource: 'issue',
		operation: 'update',
		issueId: byId(id),
		updateFields: { availability: 'online' },
	});
	expect(back.items[0]!.json.statut).toBe('en_ligne');

	const scheduled = 'numero.press:gazette-2026-11';
	const later = new Date(Date.now() + 20 * 24 * 3600 * 1000).toISOString();
	const moved = await t.run({
		resource: 'issue',
		operation: 'update',
		issueId: byId(scheduled),
		updateFields: { publishAt: later },
	});
	expect(moved.items[0]!.json).toMatchObject({ statut: 'programme' });
	expect(Date.parse(moved.items[0]!.json.publier_le as string)).toBe(Date.parse(later));
	const now = await t.run({
		resource: 'issue',
		operation: 'update',
		issueId: byId(scheduled),
		updateFields: { availability: 'publish_now' },
	});
	expect(now.items[0]!.json.statut).toBe('en_ligne');
});

test('Update with no field to change is refused before any request, naming the field', async () => {
	const before = await t.admin<{ total: number }>('GET', '/requests');
	const result = await t.run({
		resource: 'issue',
		operation: 'update',
		issueId: byId('numero.press:gazette-2026-09'),
		updateFields: {},
	});
	expect(result.status).toBe('error');
	expect(result.nodeError?.message).toMatch(/empty/);
	expect(result.nodeError?.message).toMatch(/^Update Fields is empty/);
	expect((await t.admin<{ total: number }>('GET', '/requests')).total).toBe(before.total);
});
