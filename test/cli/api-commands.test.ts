import { startSandbox, type RunningSandbox } from '../../sandbox';
import { compileCli, removeCompiled } from './support/compile-cli';
import { runNumero } from './support/run-numero';
import { admin } from './support/sandbox-admin';

let compiled: { outDir: string; main: string };
let sandbox: RunningSandbox;

beforeAll(async () => {
	compiled = compileCli();
	sandbox = await startSandbox({ rateLimit: 0 });
});
afterAll(async () => {
	await sandbox.close();
	removeCompiled(compiled.outDir);
});

/** numero <args> against the sandbox, the key in the environment; checks the key is never printed. */
async function numero(args: string[], key: string = sandbox.keys.full) {
	const run = await runNumero(compiled.main, args, {
		env: { NUMERO_BASE_URL: sandbox.baseUrl, NUMERO_API_KEY: key },
	});
	expect(run.stdout + run.stderr).not.toContain(key);
	return run;
}

async function json<T>(args: string[]): Promise<T> {
	const run = await numero([...args, '--json']);
	expect(run.stderr).toBe('');
	expect(run.code).toBe(0);
	return JSON.parse(run.stdout) as T;
}

describe('numero account, issues, issue', () => {
	test('account: plan, status, limits and usage', async () => {
		const run = await numero(['account']);
		expect(run.code).toBe(0);
		expect(run.stdout).toMatch(/^Plan +pro$/m);
		expect(run.stdout).toMatch(/^Status +actif$/m);
		expect(run.stdout).toMatch(/^Max file size +500 MB$/m);
		const { compte } = await json<{ compte: Record<string, unknown> }>(['account']);
		expect(compte).toMatchObject({
			formule: 'pro',
			statut: 'actif',
			limites: { numeros: 100 },
			utilisation: { numeros: expect.any(Number) },
		});
	});

	test('issues: a table of the latest issues; --periodical and --limit filter', async () => {
		const run = await numero(['issues']);
		expect(run.code).toBe(0);
		expect(run.stdout).toMatch(/^ID +DATE +PAGES +ACCESS +TITLE$/m);
		expect(run.stdout).toMatch(
			/^numero\.press:gazette-2026-10 +2026-10-01 +16 +abonnes +La Gazette du Port, octobre 2026$/m,
		);
		expect(run.stdout).not.toContain('bulletin-quartier'); // another account's
		const { publications } = await json<{ publications: Array<{ publication: { code: string } }> }>(
			['issues', '--periodical', 'gazette', '--limit', '2'],
		);
		expect(publications).toHaveLength(2);
		for (const issue of publications) expect(issue.publication.code).toBe('gazette');
	});

	test('issue: every field, with statut and publier_le', async () => {
		const run = await numero(['issue', 'numero.press:gazette-2026-11']);
		expect(run.code).toBe(0);
		expect(run.stdout).toMatch(/^Title +La Gazette du Port, novembre 2026$/m);
		expect(run.stdout).toMatch(/^Periodical +La Gazette du Port \(gazette\)$/m);
		expect(run.stdout).toMatch(/^Status +programme$/m);
		expect(run.stdout).toMatch(/^Scheduled for +\d{4}-\d{2}-\d{2}T/m);
		const { numero: issue } = await json<{ numero: { id: string; statut: string } }>([
			'issue',
			'kiosque.press:revue-arts-ete-2026',
		]);
		expect(issue).toMatchObject({
			id: 'kiosque.press:revue-arts-ete-2026',
			acces: 'libre',
			statut: 'en_ligne',
		});
	});
});

describe('numero link, revoke, stats', () => {
	test("a subscriber's link opens the reader, counts as a read, and stops working once revoked", async () => {
		const id = 'numero.press:gazette-2026-10';
		const run = await numero(['link', id, '--reference', 'sub_4821', '--days', '7', '--page', '2']);
		expect(run.code).toBe(0);
		const url = /^Link +(\S+)$/m.exec(run.stdout)?.[1] ?? '';
		expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
		expect(run.stdout).toMatch(/^Expires +\d{4}-\d{2}-\d{2}T/m);
		expect(run.stdout).toMatch(/^Embed +<iframe /m);

		const before = await json<{ lectures_depuis_publication: number }>(['stats', id]);
		const opened = await fetch(url, { headers: { 'User-Agent': 'jest reader' } });
		expect(opened.status).toBe(200);
		await opened.text();
		const stats = await json<{
			id: string;
			lectures_depuis_publication: number;
			sources: Array<{ source: string }>;
		}>(['stats', id]);
		expect(stats.lectures_depuis_publication).toBe(before.lectures_depuis_publication + 1);
		const human = await numero(['stats', id]);
		expect(human.stdout).toMatch(/^Reads since publication +\d+$/m);
		expect(human.stdout).toMatch(/^DAY +READS$/m);

		const revoked = await numero(['revoke', 'sub_4821']);
		expect(revoked.code).toBe(0);
		expect(revoked.stdout).toMatch(/^Revoked every link of reference sub_4821 at \d{4}-/);
		const state = await admin<{ links: Array<{ issueId: string; revoked: boolean }> }>(
			sandbox,
			'/state',
		);
		expect(state.links.filter((link) => link.issueId === id).every((link) => link.revoked)).toBe(
			true,
		);
	});

	test('link --json is the Lien; the same --idempotency-key gives the same link', async () => {
		const args = ['link', 'numero.press:gazette-2026-09', '--idempotency-key', 'cli-test-link-1'];
		const first = await json<{ url: string; expire_le: string; iframe: string }>(args);
		expect(Object.keys(first).sort()).toEqual(['expire_le', 'iframe', 'url']);
		expect(await json(args)).toEqual(first);
	});

	test('stats --since sets the window', async () => {
		const since = new Date(Date.now() - 3 * 86400_000).toISOString().slice(0, 10);
		const stats = await json<{ depuis: string; par_jour: unknown[] }>([
			'stats',
			'numero.press:gazette-2026-10',
			'--since',
			since,
		]);
		expect(stats.depuis).toBe(since);
	});
});

describe('numero update', () => {
	test('--offline withdraws, --online puts back; the events follow', async () => {
		const id = 'numero.press:gazette-2026-09';
		const offline = await numero(['update', id, '--offline']);
		expect(offline.code).toBe(0);
		expect(offline.stdout).toMatch(/^Updated\.\nId +numero\.press:gazette-2026-09$/m);
		expect(offline.stdout).toMatch(/^Status +retire$/m);
		const online = await json<{ numero: { statut: string } }>(['update', id, '--online']);
		expect(online.numero.statut).toBe('en_ligne');
		const { events } = await admin<{
			events: Array<{ type: string; body: { donnees: { id: string } } }>;
		}>(sandbox, '/events');
		const types = events.filter((event) => event.body.donnees.id === id).map((event) => event.type);
		expect(types.slice(-2)).toEqual(['numero.retire', 'numero.remis_en_ligne']);
	});

	test('title, access, buy link, download and print in one change', async () => {
		const id = 'numero.press:gazette-2026-10';
		const { numero: issue } = await json<{ numero: { titre: string; acces: string } }>([
			'update',
			id,
			'--title',
			'La Gazette du Port, octobre 2026 (édition corrigée)',
			'--access',
			'libre',
			'--no-buy-link',
			'--download',
			'no',
			'--print',
			'periodical',
		]);
		expect(issue).toMatchObject({
			titre: 'La Gazette du Port, octobre 2026 (édition corrigée)',
			acces: 'libre',
		});
		const state = await admin<{
			issues: Array<{
				id: string;
				lien_achat: unknown;
				telechargement: unknown;
				impression: unknown;
			}>;
		}>(sandbox, '/state');
		expect(state.issues.find((candidate) => candidate.id === id)).toMatchObject({
			lien_achat: null,
			telechargement: false,
			impression: null,
		});
	});

	test('--schedule moves a scheduled issue', async () => {
		const when = new Date(Date.now() + 10 * 86400_000);
		when.setUTCMilliseconds(0);
		const iso = when.toISOString().replace('.000Z', 'Z');
		const { numero: issue } = await json<{ numero: { publier_le: string } }>([
			'update',
			'numero.press:gazette-2026-11',
			'--schedule',
			iso,
		]);
		expect(Date.parse(issue.publier_le)).toBe(when.getTime());
	});
});
