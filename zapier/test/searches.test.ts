import { appTester, App } from './support/app-tester';
import { startSandboxFixture, type SandboxFixture } from './support/sandbox-fixture';
import { failure } from './support/zapier-error';

let fx: SandboxFixture;

beforeAll(async () => {
	fx = await startSandboxFixture();
});
afterAll(() => fx.close());

const search = (key: keyof typeof App.searches, inputData: Record<string, unknown> = {}) =>
	appTester(App.searches[key].operation.perform as any, {
		authData: fx.authData,
		inputData,
	}) as Promise<any[]>;

describe('Find Issue', () => {
	test('by id, with status and scheduled time', async () => {
		const [issue] = await search('findIssue', { id: 'numero.press:gazette-2026-11' });
		expect(issue).toMatchObject({
			id: 'numero.press:gazette-2026-11',
			titre: 'La Gazette du Port, novembre 2026',
			statut: 'programme',
		});
		expect(typeof issue.publier_le).toBe('string');
	});

	test('by title, letter case and spaces aside, within a periodical', async () => {
		const found = await search('findIssue', {
			titre: '  la gazette du port, OCTOBRE 2026 ',
			publication: 'gazette',
		});
		expect(found.map((issue) => issue.id)).toEqual(['numero.press:gazette-2026-10']);
		expect(found[0].statut).toBe('en_ligne');
	});

	test('nothing found is an empty result, by id and by title', async () => {
		expect(await search('findIssue', { id: 'numero.press:does-not-exist' })).toEqual([]);
		expect(await search('findIssue', { titre: 'Aucun numéro de ce nom' })).toEqual([]);
		expect(
			await search('findIssue', {
				titre: 'La Gazette du Port, octobre 2026',
				publication: 'revue-arts',
			}),
		).toEqual([]);
	});

	test('another account’s issue is not found', async () => {
		expect(await search('findIssue', { id: 'numero.press:bulletin-quartier-2026-10' })).toEqual([]);
	});

	test('neither id nor title is refused naming the fields', async () => {
		const error = await failure(search('findIssue', {}));
		expect(error.message).toMatch(/^Issue is required when Title is empty/);
	});
});

describe('Find Issue Statistics', () => {
	test('counts the reads of opened links, per day and source', async () => {
		const link = (await appTester(App.creates.createReadingLink.operation.perform as any, {
			authData: fx.authData,
			inputData: { id: 'numero.press:gazette-2026-10' },
		})) as any;
		expect(
			(
				await fetch(link.url, {
					headers: { Referer: 'https://www.gazette-du-port.example/abonnes' },
				})
			).status,
		).toBe(200);
		expect((await fetch(link.url)).status).toBe(200);
		const today = new Date().toISOString().slice(0, 10);
		const [stats] = await search('getIssueStatistics', {
			id: 'numero.press:gazette-2026-10',
			depuis: `${today}T00:00:00+00:00`,
		});
		expect(stats).toMatchObject({ id: 'numero.press:gazette-2026-10', depuis: today, lectures: 2 });
		expect(stats.lectures_depuis_publication).toBeGreaterThanOrEqual(2);
		expect(stats.par_jour).toEqual([{ jour: today, lectures: 2 }]);
		expect(stats.sources).toEqual(
			expect.arrayContaining([
				{ source: 'direct', lectures: 1 },
				{ source: 'www.gazette-du-port.example', lectures: 1 },
			]),
		);
	});

	test('defaults to the last 30 days', async () => {
		const [stats] = await search('getIssueStatistics', { id: 'numero.press:gazette-2026-10' });
		const thirtyDaysAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
		expect(stats.depuis).toBe(thirtyDaysAgo);
	});

	test('a date that does not exist is refused naming the field', async () => {
		const error = await failure(
			search('getIssueStatistics', { id: 'numero.press:gazette-2026-10', depuis: '2026-02-30' }),
		);
		expect(error.message).toMatch(/Since must be a date that exists/);
	});
});

describe('Find Account', () => {
	test("returns the account's plan, limits and usage, and the issues the plan still allows", async () => {
		const [account] = await search('getAccount');
		expect(account).toMatchObject({
			formule: 'pro',
			statut: 'actif',
			limites: { numeros: 100, appels_par_minute: 300, webhooks: 5 },
		});
		expect(account.utilisation.numeros).toBeGreaterThanOrEqual(5);
		expect(account.numeros_restants).toBe(100 - account.utilisation.numeros);
		expect(Object.keys(account).sort()).toEqual(
			Object.keys(App.searches.getAccount.operation.sample as object).sort(),
		);
	});

	test('Issues Still Allowed (At Least): found when the plan allows that many, nothing found otherwise', async () => {
		const [account] = await search('getAccount');
		expect(
			await search('getAccount', { numeros_restants_min: String(account.numeros_restants) }),
		).toHaveLength(1);
		expect(
			await search('getAccount', { numeros_restants_min: String(account.numeros_restants + 1) }),
		).toEqual([]);
	});

	test('Issues Still Allowed (At Least) must be a whole number of 0 or more', async () => {
		const error = await failure(search('getAccount', { numeros_restants_min: '-1' }));
		expect(error.message).toMatch(
			/^Issues Still Allowed \(At Least\) must be a whole number of 0 or more; got -1\./,
		);
	});
});
