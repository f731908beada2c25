/** The Issue list (resource locator search) and the Periodical options, called as n8n's editor calls them. */
import { callListSearch, callLoadOptions } from './harness';
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

test("the Issue list shows the account's issues, with their public page", async () => {
	const { results } = await callListSearch({
		nodeType: NUMERO_NODE_TYPE,
		method: 'searchIssues',
		credentials: t.credentials(),
		parameters: { resource: 'issue', operation: 'get' },
	});
	expect(results.map((r) => r.value)).toEqual(
		expect.arrayContaining([
			'numero.press:gazette-2026-09',
			'kiosque.press:revue-arts-ete-2026',
			'numero.press:gazette-2026-11',
		]),
	);
	expect(results.map((r) => r.value)).not.toContain('numero.press:bulletin-quartier-2026-10');
	const revue = results.find((r) => r.value === 'kiosque.press:revue-arts-ete-2026')!;
	expect(revue.name).toBe('2026-06-01 · Revue des Arts, été 2026');
	expect(revue.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
	expect((await fetch(revue.url!)).status).toBe(200);
});

test('the Issue list is filtered by title or id, ignoring case', async () => {
	const search = (filter: string) =>
		callListSearch({
			nodeType: NUMERO_NODE_TYPE,
			method: 'searchIssues',
			credentials: t.credentials(),
			filter,
		});
	expect((await search('OCTOBRE')).results.map((r) => r.value)).toEqual([
		'numero.press:gazette-2026-10',
	]);
	expect((await search('kiosque.press:')).results.map((r) => r.value)).toEqual([
		'kiosque.press:revue-arts-ete-2026',
	]);
	expect((await search('nothing like this')).results).toEqual([]);
});

test("the Periodical options are the account's periodicals, by name", async () => {
	const options = await callLoadOptions({
		nodeType: NUMERO_NODE_TYPE,
		method: 'getPeriodicals',
		credentials: t.credentials(),
	});
	expect(options).toEqual([
		{ name: 'La Gazette du Port', value: 'gazette', description: 'Code gazette' },
		{ name: 'Revue des Arts', value: 'revue-arts', description: 'Code revue-arts' },
	]);
});

test('with a refused key the list fails with the core message, without the key', async () => {
	const call = callListSearch({
		nodeType: NUMERO_NODE_TYPE,
		method: 'searchIssues',
		credentials: t.credentials('revoked'),
	});
	await expect(call).rejects.toMatchObject({
		name: 'NodeApiError',
		message: expect.stringMatching(/^The API key was refused/),
	});
	await expect(call).rejects.not.toMatchObject({
		message: expect.stringContaining(t.sandbox.keys.revoked),
	});
});
