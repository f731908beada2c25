/** Every endpoint as a typed method of NumeroClient, against the sandbox. */
import { request } from 'undici';
import { DEFAULT_USER_AGENT, NumeroClient, SERVICE_DOMAINS, type Transport } from '../../shared';
import { startHarness, type Harness } from './support/sandbox-harness';

const ISSUE = 'numero.press:gazette-2026-10';
const SCHEDULED = 'numero.press:gazette-2026-11';

describe('NumeroClient methods', () => {
	let harness: Harness;
	let client: NumeroClient;
	beforeAll(async () => {
		harness = await startHarness();
		client = harness.client({ now: () => Date.now() });
	});
	afterAll(async () => {
		await harness.close();
	});

	it('createLink returns the Lien, with a link the reader opens', async () => {
		const lien = await client.createLink({
			id: ISSUE,
			jours: 365,
			page: 3,
			reference: 'abo_1.2:x@y+z-',
		});
		expect(lien).toEqual({
			url: expect.stringMatching(/^http/),
			expire_le: expect.any(String),
			iframe: expect.stringContaining('<iframe src="'),
		});
		const page = await request(lien.url, { headers: { 'User-Agent': 'numero-core-tests/1.0' } });
		await page.body.text();
		expect(page.statusCode).toBe(200);
		expect(Date.parse(lien.expire_le)).toBeGreaterThan(Date.now() + 364 * 86_400_000);
		expect(client.lastResponse).toMatchObject({
			status: 201,
			requestId: expect.any(String),
			replayed: false,
		});
		const state = await harness.admin<{ links: Array<{ issueId: string; page: number | null }> }>(
			'GET',
			'/state',
		);
		expect(state.links.filter((l) => l.issueId === ISSUE && l.page === 3)).toHaveLength(1);
	});

	it('createLink with the smallest values and no options', async () => {
		await expect(
			client.createLink({ id: ISSUE, jours: 1, page: 1, reference: 'r' }),
		).resolves.toHaveProperty('url');
		await expect(client.createLink({ id: ISSUE })).resolves.toHaveProperty('url');
		await expect(
			client.createLink({ id: ISSUE, reference: 'r'.repeat(80) }),
		).resolves.toHaveProperty('url');
	});

	it('createLink sends one random Idempotency-Key per call, and a given key replays', async () => {
		const before = (await harness.admin<{ links: unknown[] }>('GET', '/state')).links.length;
		await client.createLink({ id: ISSUE });
		await client.createLink({ id: ISSUE });
		expect((await harness.admin<{ links: unknown[] }>('GET', '/state')).links.length).toBe(
			before + 2,
		);
		const first = await client.createLink({ id: ISSUE }, { idempotencyKey: 'order-42-item-1' });
		const infos: unknown[] = [];
		const second = await client.createLink(
			{ id: ISSUE },
			{ idempotencyKey: 'order-42-item-1', onResponse: (info) => infos.push(info) },
		);
		expect(second).toEqual(first);
		expect(client.lastResponse?.replayed).toBe(true);
		expect(infos).toEqual([expect.objectContaining({ replayed: true, status: 201 })]);
		expect((await harness.admin<{ links: unknown[] }>('GET', '/state')).links.length).toBe(
			before + 3,
		);
	});

	it('revokeReference returns the revocation', async () => {
		await client.createLink({ id: ISSUE, reference: 'subscriber-9' });
		const revocation = await client.revokeReference({ reference: 'subscriber-9' });
		expect(revocation).toEqual({ reference: 'subscriber-9', revoque_le: expect.any(String) });
		expect(Number.isNaN(Date.parse(revocation.revoque_le))).toBe(false);
	});

	it('listIssues returns the issues, filtered and limited', async () => {
		const all = await client.listIssues();
		expect(all.publications.length).toBeGreaterThanOrEqual(4);
		for (const numero of all.publications) {
			expect(numero).toMatchObject({
				id: expect.stringMatching(/^[a-z.]+:/),
				titre: expect.any(String),
				publication: { code: expect.any(String), nom: expect.any(String) },
			});
			expect(SERVICE_DOMAINS.some((d) => numero.id.startsWith(`${d}:`))).toBe(true);
		}
		const gazette = await client.listIssues({ publication: 'gazette', limite: 2 });
		expect(gazette.publications).toHaveLength(2);
		expect(gazette.publications.every((n) => n.publication.code === 'gazette')).toBe(true);
		await expect(client.listIssues({ limite: 200 })).resolves.toHaveProperty('publications');
		await expect(client.listIssues({ limite: 1 })).resolves.toMatchObject({
			publications: [expect.any(Object)],
		});
	});

	it('getIssue returns { numero } with statut and publier_le', async () => {
		const { numero } = await client.getIssue({ id: SCHEDULED });
		expect(numero).toMatchObject({
			id: SCHEDULED,
			statut: 'programme',
			publier_le: expect.any(String),
		});
	});

	it('requestUpload returns the Televersement', async () => {
		const televersement = await client.requestUpload({
			sha256: 'b'.repeat(64),
			taille: 10,
			type: 'pdf',
			domaine: 'kiosque.press',
		});
		expect(televersement).toMatchObject({
			deja_present: false,
			sha256: 'b'.repeat(64),
			methode: 'PUT',
			url: expect.stringMatching(/^http/),
			expire_dans: 3600,
		});
		expect(televersement.en_tetes).toMatchObject({
			'Content-Type': 'application/pdf',
			'X-Upload-Sha256': 'b'.repeat(64),
		});
		const cover = await client.requestUpload({
			sha256: 'c'.repeat(64),
			taille: 10,
			type: 'couverture',
		});
		expect(cover.en_tetes['Content-Type']).toBe('image/jpeg');
	});

	it('putUpload sends exactly en_tetes plus Content-Length, without the API key, and createIssue publishes', async () => {
		const bytes = new TextEncoder().encode('%PDF-1.4 a small test file');
		const { createHash } = await import('crypto');
		const sha256 = createHash('sha256').update(bytes).digest('hex');
		const televersement = await client.requestUpload({ sha256, taille: bytes.byteLength });
		await harness.admin('POST', '/uploads/requests/reset', {});
		await expect(client.putUpload(televersement, bytes, bytes.byteLength)).resolves.toEqual({
			sha256,
			taille: bytes.byteLength,
		});
		const { requests } = await harness.admin<{
			requests: Array<{ method: string; headers: Record<string, string> }>;
		}>('GET', '/uploads/requests');
		expect(requests).toHaveLength(1);
		const headerNames = Object.keys(requests[0]!.headers).map((h) => h.toLowerCase());
		expect(headerNames).not.toContain('authorization');
		expect(JSON.stringify(requests[0])).not.toContain(harness.sandbox.keys.full);
		expect(requests[0]!.headers['content-length']).toBe(String(bytes.byteLength));
		expect(requests[0]!.headers['x-upload-sha256']).toBe(sha256);
		expect(requests[0]!.headers['content-type']).toBe('application/pdf');
		expect(headerNames).not.toContain('idempotency-key');

		const again = await client.requestUpload({ sha256, taille: bytes.byteLength });
		expect(again.deja_present).toBe(true);
		expect(client.lastResponse?.status).toBe(200);

		const created = await client.createIssue({
			sha256,
			taille: bytes.byteLength,
			titre: 'Hors-série',
			nouvelle_publication: 'Les Cahiers',
			parution: '2026-12',
			acces: 'libre',
			lien_achat: 'https://cahiers.example/acheter',
			telechargement: true,
			impression: null,
			domaine: 'kiosque.press',
			adresse: 'cahiers-hors-serie',
			pages: 2,
			nom_fichier: 'hs.pdf',
		});
		expect(created).toMatchObject({
			couverture: 'en_preparation',
			numero: {
				id: 'kiosque.press:cahiers-hors-serie',
				titre: 'Hors-série',
				acces: 'libre',
				statut: 'en_ligne',
				publication: { nom: 'Les Cahiers' },
			},
		});
		expect(client.lastResponse).toMatchObject({ status: 201, replayed: false });
	});

	it('updateIssue changes fields and returns { numero }', async () => {
		const { numero } = await client.updateIssue(ISSUE, {
			titre: 'La Gazette, octobre',
			acces: 'libre',
			lien_achat: null,
			telechargement: null,
			impression: false,
		});
		expect(numero).toMatchObject({ id: ISSUE, titre: 'La Gazette, octobre', acces: 'libre' });
		const offline = await client.updateIssue(ISSUE, { en_ligne: false });
		expect(offline.numero.statut).toBe('retire');
		const online = await client.updateIssue(ISSUE, { en_ligne: true });
		expect(online.numero.statut).toBe('en_ligne');
	});

	it('updateIssue moves a scheduled issue to a new date within the year of the sandbox clock', async () => {
		const now = await harness.sandboxNow();
		const scheduler = harness.client({ now: () => now });
		const date = new Date(now + 20 * 86_400_000).toISOString();
		const { numero } = await scheduler.updateIssue(SCHEDULED, { publier_le: date });
		expect(Date.parse(numero.publier_le!)).toBe(Date.parse(date));
	});

	it('getStatistics returns the Statistiques object', async () => {
		const stats = await client.getStatistics({ id: ISSUE });
		expect(stats).toMatchObject({
			id: ISSUE,
			depuis: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
			lectures: expect.any(Number),
			lectures_depuis_publication: expect.any(Number),
			par_jour: expect.any(Array),
			sources: expect.any(Array),
		});
		const since = await client.getStatistics({ id: ISSUE, depuis: '2024-02-29' });
		expect(since.depuis).toBe('2024-02-29');
	});

	it('getAccount returns { compte }', async () => {
		const { compte } = await client.getAccount();
		expect(compte).toMatchObject({
			formule: expect.any(String),
			statut: 'actif',
			limites: { appels_par_minute: expect.any(Number), taille_fichier_octets: expect.any(Number) },
			utilisation: { numeros: expect.any(Number) },
		});
	});

	it('sends the default User-Agent naming the package and version', async () => {
		const seen: Array<Record<string, string>> = [];
		const inner = harness.client();
		const transport: Transport = async (request) => {
			seen.push(request.headers);
			return (inner as unknown as { transport: Transport }).transport(request);
		};
		const plain = new NumeroClient({
			baseUrl: harness.sandbox.baseUrl,
			apiKey: harness.sandbox.keys.full,
			transport,
		});
		await plain.getAccount();
		expect(seen[0]).toMatchObject({
			'User-Agent': DEFAULT_USER_AGENT,
			Accept: 'application/json',
			Authorization: `Bearer ${harness.sandbox.keys.full}`,
		});
		expect(DEFAULT_USER_AGENT).toMatch(/^n8n-nodes-numero\/\d+\.\d+\.\d+ \(numero-core\)$/);
	});

	it('without apiKey adds no Authorization (the transport authenticates, as in n8n)', async () => {
		const seen: Array<Record<string, string>> = [];
		const inner = harness.client();
		const base = (inner as unknown as { transport: Transport }).transport;
		const transport: Transport = async (request) => {
			seen.push({ ...request.headers });
			return base({
				...request,
				headers: { ...request.headers, Authorization: `Bearer ${harness.sandbox.keys.lecture}` },
			});
		};
		const n8nLike = new NumeroClient({ baseUrl: harness.sandbox.baseUrl, transport });
		await expect(n8nLike.getAccount()).resolves.toHaveProperty('compte');
		expect(Object.keys(seen[0]!)).not.toContain('Authorization');
		// That transport authenticates, so it is never used for an upload: an upload transport is required.
		const televersement = await client.requestUpload({ sha256: 'e'.repeat(64), taille: 3 });
		const calls = seen.length;
		await expect(n8nLike.putUpload(televersement, 'abc', 3)).rejects.toMatchObject({
			field: 'uploadTransport',
			rule: 'required',
		});
		expect(seen.length).toBe(calls);
	});
});
