import { startNumeroSandbox, type NumeroTestContext } from './support/numero-sandbox';

let t: NumeroTestContext;
beforeAll(async () => {
	t = await startNumeroSandbox();
});
afterAll(async () => t.close());

test('Account → Get returns the plan, status, limits and usage', async () => {
	const result = await t.run({ resource: 'account', operation: 'get' });
	expect(result.status).toBe('success');
	expect(result.items).toHaveLength(1);
	expect(result.items[0]!.json).toMatchObject({
		formule: 'pro',
		statut: 'actif',
		limites: { numeros: 100 },
	});
	expect(result.items[0]!.pairedItem).toEqual({ item: 0 });
});
