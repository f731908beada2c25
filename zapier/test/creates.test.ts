import { appTester, App } from './support/app-tester';
import { COVER_JPEG, uniquePdf } from './support/files';
import { startFileHost, type FileHost } from './support/local-servers';
import { startSandboxFixture, type SandboxFixture } from './support/sandbox-fixture';
import { failure } from './support/zapier-error';
import { USER_AGENT } from '../src/user-agent';

let fx: SandboxFixture;
let files: FileHost;

beforeAll(async () => {
	fx = await startSandboxFixture();
	files = await startFileHost();
});
afterAll(async () => {
	await files.close();
	await fx.close();
});

const create = (
	key: keyof typeof App.creates,
	inputData: Record<string, unknown>,
	authData: Record<string, string> = fx.authData,
) => appTester(App.creates[key].operation.perform as any, { authData, inputData }) as Promise<any>;

async function apiRequestCount(): Promise<number> {
	return (await fx.admin('GET', '/requests')).total;
}

async function apiCallsByRoute(): Promise<Record<string, number>> {
	return (await fx.admin('GET', '/requests')).byRoute;
}

async function issueState(id: string): Promise<any> {
	const state = await fx.admin('GET', '/state');
	return state.issues.find((issue: { id: string }) => issue.id === id);
}

describe('Create Reading Link', () => {
	test('creates a link that really opens the issue, with the chosen validity', async () => {
		const link = await create('createReadingLink', {
			id: 'numero.press:gazette-2026-10',
			jours: '7',
			reference: 'abo-0001',
		});
		expect(link.issue_id).toBe('numero.press:gazette-2026-10');
		expect(link.replayed).toBe(false);
		expect(link.iframe).toContain(link.url.replaceAll('&', '&amp;'));
		const days = (Date.parse(link.expire_le) - Date.now()) / 86_400_000;
		expect(days).toBeGreaterThan(6.9);
		expect(days).toBeLessThanOrEqual(7);
		const reader = await fetch(link.url);
		expect(reader.status).toBe(200);
		expect(await reader.text()).toContain('La Gazette du Port, octobre 2026');
	});

	test('the same idempotency key returns the first link, marked as replayed', async () => {
		const input = { id: 'numero.press:gazette-2026-10', idempotency_key: `zap-run-${Date.now()}` };
		const first = await create('createReadingLink', input);
		const second = await create('createReadingLink', input);
		expect(second.url).toBe(first.url);
		expect(second.replayed).toBe(true);
	});

	test.each([
		[{ jours: '0' }, /Validity \(Days\) must be a whole number from 1 to 365; got 0/],
		[{ jours: 'soon' }, /Validity \(Days\) must be a whole number from 1 to 365/],
		[{ page: '0' }, /Opening Page must be a whole number of at least 1/],
		[{ reference: 'jean dupont@example.com' }, /Subscriber Reference must be 1 to 80 letters/],
		[{ id: 'gazette-2026-10' }, /Issue must be an issue id of the form <domain>:<slug>/],
	])('refuses %j naming the field, before any request', async (bad, message) => {
		const before = await apiRequestCount();
		const error = await failure(
			create('createReadingLink', { id: 'numero.press:gazette-2026-10', ...bad }),
		);
		expect(error.message).toMatch(message);
		expect(error.status).toBe(400);
		expect(await apiRequestCount()).toBe(before);
	});

	test('an unknown issue gives the core message, code and status', async () => {
		const error = await failure(create('createReadingLink', { id: 'numero.press:nothing-here' }));
		expect(error).toMatchObject({ name: 'AppError', code: 'not_found', status: 404 });
		expect(error.message).toMatch(/Issue "numero.press:nothing-here" was not found/);
	});

	test('a 429 the core may not wait for becomes ThrottledError with the Retry-After delay', async () => {
		await fx.admin('POST', '/faults', {
			match: { method: 'POST', path: '/liens' },
			action: 'status',
			status: 429,
			retryAfter: 42,
		});
		const error = await failure(
			create('createReadingLink', { id: 'numero.press:gazette-2026-10' }),
		);
		expect(error.name).toBe('ThrottledError');
		expect(error.delay).toBe(42);
		expect(error.message).toMatch(/rate limit/);
	});

	test('a short 429 is waited for by the core and the call succeeds', async () => {
		await fx.admin('POST', '/faults', {
			match: { method: 'POST', path: '/liens' },
			action: 'status',
			status: 429,
			retryAfter: 1,
		});
		const link = await create('createReadingLink', { id: 'numero.press:gazette-2026-10' });
		expect(link.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
	});
});

describe('Revoke Subscriber Links', () => {
	test("deactivates every link of the subscriber's reference", async () => {
		const reference = `abo-${Date.now()}`;
		const link = await create('createReadingLink', {
			id: 'numero.press:gazette-2026-10',
			reference,
		});
		expect((await fetch(link.url)).status).toBe(200);
		const revocation = await create('revokeSubscriberLinks', { reference });
		expect(revocation.reference).toBe(reference);
		expect(Number.isNaN(Date.parse(revocation.revoque_le))).toBe(false);
		expect((await fetch(link.url)).status).toBe(410);
	});

	test('an empty reference is refused naming the field', async () => {
		const error = await failure(create('revokeSubscriberLinks', { reference: '' }));
		expect(error.message).toMatch(/Subscriber Reference is required/);
	});
});

describe('Publish Issue', () => {
	test('downloads the PDF and cover, uploads them without the API key, and publishes the issue', async () => {
		await fx.admin('POST', '/uploads/requests/reset', {});
		const pdf = uniquePdf('Numéro de test', 3 * 1024 * 1024);
		const published = await create('publishIssue', {
			pdf: files.add('gazette-2026-12.pdf', pdf, 'application/pdf'),
			cover: files.add('couverture.jpg', COVER_JPEG, 'image/jpeg'),
			titre: 'La Gazette du Port, décembre 2026',
			publication: 'gazette',
			parution: '2026-12',
			acces: 'libre',
			telechargement: 'no',
			impression: 'periodical',
			pages: '2',
		});
		expect(published).toMatchObject({
			titre: 'La Gazette du Port, décembre 2026',
			publication: { code: 'gazette', nom: 'La Gazette du Port' },
			date: '2026-12-01',
			acces: 'libre',
			statut: 'en_ligne',
			cover_status: 'prete',
			pdf_size: pdf.length,
			pdf_already_stored: false,
			cover_size: COVER_JPEG.length,
			replayed: false,
		});
		expect(published.idempotency_key).toMatch(/^pub_[0-9a-f]{64}$/);
		const stored = await issueState(published.id);
		expect(stored).toMatchObject({
			sha256: published.pdf_sha256,
			taille: pdf.length,
			telechargement: false,
			impression: null,
			nom_fichier: 'gazette-2026-12.pdf',
		});
		const puts = (await fx.admin('GET', '/uploads/requests')).requests;
		expect(puts.length).toBe(2);
		for (const put of puts) {
			expect(Object.keys(put.headers).map((h) => h.toLowerCase())).not.toContain('authorization');
			expect(JSON.stringify(put.headers)).not.toContain(fx.sandbox.keys.full);
			expect(put.headers['user-agent']).toBe(USER_AGENT);
		}
		// The PDF really is the one given: the free-reading address serves it.
		const document = await fetch(published.lecture_libre);
		expect(document.status).toBe(200);
	});

	test('a replayed Zap (same file and fields) returns the first issue and publishes nothing more', async () => {
		const input = {
			pdf: files.add('replay.pdf', uniquePdf('Rejeu'), 'application/pdf'),
			titre: 'Numéro rejoué',
			publication: 'gazette',
		};
		const first = await create('publishIssue', input);
		const issuesBefore = (await fx.admin('GET', '/state')).issues.length;
		const second = await create('publishIssue', input);
		expect(second.id).toBe(first.id);
		expect(second.replayed).toBe(true);
		expect(second.pdf_already_stored).toBe(true);
		expect((await fx.admin('GET', '/state')).issues.length).toBe(issuesBefore);
	});

	test('schedules an issue for later', async () => {
		const publierLe = new Date(Date.now() + 3 * 86_400_000)
			.toISOString()
			.replace(/\.\d{3}Z$/, '+00:00');
		const published = await create('publishIssue', {
			pdf: files.add('later.pdf', uniquePdf('Plus tard'), 'application/pdf'),
			titre: 'Numéro programmé',
			nouvelle_publication: 'Cahiers du Soir',
			publier_le: publierLe,
		});
		expect(published.statut).toBe('programme');
		expect(Date.parse(published.publier_le)).toBe(Date.parse(publierLe));
		expect(published.publication.nom).toBe('Cahiers du Soir');
	});

	test.each([
		[{ titre: '' }, /Title is required/],
		[{ parution: 'décembre' }, /Release Month must be a month written YYYY-MM/],
		[{ nouvelle_publication: 'Autre' }, /Periodical and New Periodical Name cannot both be given/],
		[
			{ lien_achat: 'boutique' },
			/Purchase Link must be an absolute http:\/\/ or https:\/\/ address/,
		],
		[{ idempotency_key: 'k'.repeat(121) }, /Idempotency Key must be 1 to 120 characters/],
	])('refuses %j before downloading or sending anything', async (bad, message) => {
		const downloads = files.requests.length;
		const before = await apiRequestCount();
		const error = await failure(
			create('publishIssue', {
				pdf: files.add('x.pdf', uniquePdf('x'), 'application/pdf'),
				titre: 'Titre',
				publication: 'gazette',
				...bad,
			}),
		);
		expect(error.message).toMatch(message);
		expect(files.requests.length).toBe(downloads);
		expect(await apiRequestCount()).toBe(before);
	});

	test.each([
		[
			'not a PDF',
			() => files.add('page.html', Buffer.from('<html>hello</html>'), 'text/html'),
			/PDF File must be a PDF \(starting with %PDF-\)/,
			// The plan's file size limit is read once the file answers, before its first byte is read.
			{ 'GET /compte': 1 },
		],
		[
			'an address that answers 404',
			() => files.add('x.pdf', uniquePdf('x')).replace(/\/files\/\d+$/, '/files/missing'),
			/PDF File must be a file that can be downloaded; its address answered HTTP 404/,
			{},
		],
		[
			'not an address',
			() => 'gazette.pdf',
			/PDF File must be a file: map a file from an earlier step/,
			{},
		],
		[
			'an address nothing answers at',
			() => 'http://127.0.0.1:1/gazette.pdf?token=s3cr3t',
			/PDF File must be a file that can be downloaded; no answer came from its address \(ECONNREFUSED\)\.$/,
			{},
		],
	])(
		'refuses a PDF field that is %s, before uploading or creating anything',
		async (_what, pdf, message, reads) => {
			const before = await apiCallsByRoute();
			const error = await failure(create('publishIssue', { pdf: pdf(), titre: 'Titre' }));
			expect(error.message).toMatch(message);
			const after = await apiCallsByRoute();
			const made = Object.entries(after).filter(([route, n]) => n !== (before[route] ?? 0));
			expect(
				Object.fromEntries(made.map(([route, n]) => [route, n - (before[route] ?? 0)])),
			).toEqual(reads);
		},
	);

	test('refuses a cover that is not a JPEG', async () => {
		const error = await failure(
			create('publishIssue', {
				pdf: files.add('x.pdf', uniquePdf('x'), 'application/pdf'),
				cover: files.add('c.png', Buffer.from('\x89PNG\r\n')),
				titre: 'Titre',
			}),
		);
		expect(error.message).toMatch(/Cover Image \(JPEG\) must be a JPEG image/);
	});

	test('the plan limit gives the core message and code', async () => {
		await fx.admin('POST', '/plans', { maxIssues: 0 });
		try {
			const error = await failure(
				create('publishIssue', {
					pdf: files.add('x.pdf', uniquePdf('limite'), 'application/pdf'),
					titre: 'Trop',
					publication: 'gazette',
				}),
			);
			expect(error).toMatchObject({ code: 'plan_limit', status: 402 });
			expect(error.message).toMatch(/limit on the number of issues is reached/);
		} finally {
			await fx.admin('POST', '/plans', { maxIssues: 100 });
		}
	});
});

describe('Replace Issue PDF', () => {
	test('replaces the PDF and keeps the id, address and title', async () => {
		const original = await create('publishIssue', {
			pdf: files.add('v1.pdf', uniquePdf('v1'), 'application/pdf'),
			titre: 'À corriger',
			publication: 'gazette',
		});
		const pdf = uniquePdf('v2');
		const replaced = await create('replaceIssuePdf', {
			id: original.id,
			pdf: files.add('v2.pdf', pdf, 'application/pdf'),
		});
		expect(replaced).toMatchObject({
			id: original.id,
			titre: 'À corriger',
			page_publique: original.page_publique,
			pdf_size: pdf.length,
			replayed: false,
		});
		expect(replaced.pdf_sha256).not.toBe(original.pdf_sha256);
		expect((await issueState(original.id)).sha256).toBe(replaced.pdf_sha256);
		const events = (await fx.admin('GET', '/events')).events.filter(
			(e: any) => e.type === 'numero.remplace' && e.body.donnees.id === original.id,
		);
		expect(events.length).toBe(1);
		const again = await create('replaceIssuePdf', {
			id: original.id,
			pdf: files.add('v2.pdf', pdf, 'application/pdf'),
		});
		expect(again.replayed).toBe(true);
	});

	test('replaces an issue of the second domain, with a new title', async () => {
		const replaced = await create('replaceIssuePdf', {
			id: 'kiosque.press:revue-arts-ete-2026',
			pdf: files.add('arts.pdf', uniquePdf('arts'), 'application/pdf'),
			titre: 'Revue des Arts, été 2026 (corrigé)',
		});
		expect(replaced).toMatchObject({
			id: 'kiosque.press:revue-arts-ete-2026',
			titre: 'Revue des Arts, été 2026 (corrigé)',
		});
	});
});

describe('Update Issue', () => {
	async function freshIssue(titre: string): Promise<any> {
		return create('publishIssue', {
			pdf: files.add('u.pdf', uniquePdf(titre), 'application/pdf'),
			titre,
			publication: 'gazette',
		});
	}

	test('takes an issue offline and puts it back online', async () => {
		const issue = await freshIssue('Retrait');
		expect((await create('updateIssue', { id: issue.id, availability: 'offline' })).statut).toBe(
			'retire',
		);
		expect((await create('updateIssue', { id: issue.id, availability: 'online' })).statut).toBe(
			'en_ligne',
		);
	});

	test('publishes a scheduled issue now', async () => {
		const updated = await create('updateIssue', {
			id: 'numero.press:gazette-2026-11',
			availability: 'publish_now',
		});
		expect(updated.statut).toBe('en_ligne');
	});

	test('changes every PATCH field, and removes the purchase link and the periodical', async () => {
		const issue = await freshIssue('Modifiable');
		const updated = await create('updateIssue', {
			id: issue.id,
			titre: 'Modifié',
			acces: 'libre',
			publication: 'revue-arts',
			lien_achat: 'https://boutique.example/modifie',
			telechargement: 'yes',
			impression: 'no',
		});
		expect(updated).toMatchObject({
			titre: 'Modifié',
			acces: 'libre',
			publication: { code: 'revue-arts' },
		});
		expect(await issueState(issue.id)).toMatchObject({
			lien_achat: 'https://boutique.example/modifie',
			telechargement: true,
			impression: false,
		});
		const cleared = await create('updateIssue', {
			id: issue.id,
			clear: ['lien_achat', 'publication'],
			telechargement: 'periodical',
		});
		expect(cleared.publication.code).toBe('gazette');
		expect(await issueState(issue.id)).toMatchObject({ lien_achat: null, telechargement: null });
	});

	test('reschedules a scheduled issue', async () => {
		const publierLe = new Date(Date.now() + 5 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
		const scheduled = await create('publishIssue', {
			pdf: files.add('s.pdf', uniquePdf('prog'), 'application/pdf'),
			titre: 'Programmé',
			publication: 'gazette',
			publier_le: new Date(Date.now() + 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
		});
		const updated = await create('updateIssue', { id: scheduled.id, publier_le: publierLe });
		expect(Date.parse(updated.publier_le)).toBe(Date.parse(publierLe));
	});

	test('refuses a purchase link both given and removed, and an empty change, before any request', async () => {
		const before = await apiRequestCount();
		const both = await failure(
			create('updateIssue', {
				id: 'numero.press:gazette-2026-10',
				lien_achat: 'https://x.example',
				clear: ['lien_achat'],
			}),
		);
		expect(both.message).toMatch(/Purchase Link cannot be both given and removed/);
		const empty = await failure(create('updateIssue', { id: 'numero.press:gazette-2026-10' }));
		expect(empty.message).toMatch(/is empty: give at least one field to change/);
		const badChoice = await failure(
			create('updateIssue', { id: 'numero.press:gazette-2026-10', availability: 'maybe' }),
		);
		expect(badChoice.message).toMatch(/Availability must be one of/);
		expect(await apiRequestCount()).toBe(before);
	});

	test('an issue of the former reader halts the Zap run (a retry cannot help), in a sentence under 250 characters', async () => {
		const error = await failure(
			create('updateIssue', { id: 'numero.press:gazette-2019-03', titre: 'Nouveau' }),
		);
		expect(error.name).toBe('HaltedError');
		expect(error.message).toMatch(
			/^Issue "numero\.press:gazette-2019-03" was published with the former reader/,
		);
		// The tester appends "What happened:" and the bundle; Zapier shows the message before it.
		expect(error.message.split('\nWhat happened:')[0]!.length).toBeLessThanOrEqual(250);
		expect(error.message).not.toMatch(/PATCH|\/numeros|req_/);
	});
});
