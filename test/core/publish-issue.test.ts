/** The publishing pipeline against the sandbox: hash, upload request, PUT, cover, POST /numeros, replacement. */
import { createHash } from 'crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import {
	bytesSource,
	idempotencyKeyForIssue,
	NumeroValidationError,
	publishIssue,
	sha256OfSource,
	type ByteSource,
	type HttpRequest,
	type PublishProgress,
	type Transport,
} from '../../shared';
import { fileSource, undiciTransport } from '../../standalone';
import { startHarness, type Harness } from './support/sandbox-harness';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

interface State {
	issues: Array<{
		id: string;
		titre: string;
		sha256: string;
		couverture_sha256: string | null;
		nom_fichier: string | null;
		statut: string;
	}>;
	uploads: Array<{ sha256: string; type: string }>;
}

describe('publishIssue', () => {
	let harness: Harness;
	let dir: string;
	const transports: Array<ReturnType<typeof undiciTransport>> = [];
	beforeAll(async () => {
		harness = await startHarness();
		dir = mkdtempSync(join(tmpdir(), 'numero-core-publish-'));
	});
	afterAll(async () => {
		rmSync(dir, { recursive: true, force: true });
		await Promise.all(transports.map((t) => t.close()));
		await harness.close();
	});

	function uploadRecorder(): { transport: Transport; puts: HttpRequest[] } {
		const base = undiciTransport();
		transports.push(base);
		const puts: HttpRequest[] = [];
		return {
			puts,
			transport: (request) => {
				puts.push(request);
				return base(request);
			},
		};
	}

	const state = () => harness.admin<State>('GET', '/state');

	it('publishes a PDF with its cover, reporting progress, with the derived idempotency key', async () => {
		const pdfBytes = encode(`%PDF-1.4 with cover ${'p'.repeat(2_500_000)}`);
		const coverBytes = encode(`\xff\xd8 jpeg ${'c'.repeat(1000)}`);
		const progress: PublishProgress[] = [];
		const published = await publishIssue(harness.client(), {
			pdf: bytesSource(pdfBytes, 'avec-couverture.pdf'),
			cover: bytesSource(coverBytes),
			fields: { titre: 'Avec couverture', publication: 'gazette', parution: '2026-12' },
			onProgress: (p) => progress.push(p),
		});
		expect(published).toMatchObject({
			couverture: 'prete',
			replayed: false,
			requestId: expect.any(String),
			pdf: { sha256: sha(pdfBytes), taille: pdfBytes.byteLength, deja_present: false },
			cover: { sha256: sha(coverBytes), taille: coverBytes.byteLength, deja_present: false },
			numero: { titre: 'Avec couverture', publication: { code: 'gazette' }, date: '2026-12-01' },
		});
		expect(published.idempotencyKey).toBe(
			idempotencyKeyForIssue({
				sha256: sha(pdfBytes),
				taille: pdfBytes.byteLength,
				couverture_sha256: sha(coverBytes),
				titre: 'Avec couverture',
				publication: 'gazette',
				parution: '2026-12',
			}),
		);
		const issue = (await state()).issues.find((i) => i.id === published.numero.id)!;
		expect(issue).toMatchObject({
			sha256: sha(pdfBytes),
			couverture_sha256: sha(coverBytes),
			nom_fichier: 'avec-couverture.pdf',
		});
		expect((await state()).uploads).toEqual(
			expect.arrayContaining([
				{
					sha256: sha(coverBytes),
					type: 'couverture',
					taille: coverBytes.byteLength,
					storedAt: expect.any(String),
				},
			]),
		);

		// Progress: per phase and file, increasing, ending at the total; hash before upload.
		for (const file of ['pdf', 'cover'] as const) {
			for (const phase of ['hash', 'upload'] as const) {
				const events = progress.filter((p) => p.file === file && p.phase === phase);
				expect(events.length).toBeGreaterThan(0);
				expect(events.map((e) => e.bytes)).toEqual(
					[...events.map((e) => e.bytes)].sort((a, b) => a - b),
				);
				expect(events.at(-1)).toEqual({
					file,
					phase,
					bytes: events[0]!.total,
					total: file === 'pdf' ? pdfBytes.byteLength : coverBytes.byteLength,
				});
			}
		}
		expect(progress.findIndex((p) => p.phase === 'upload')).toBeGreaterThan(
			progress.findIndex((p) => p.phase === 'hash'),
		);
		expect(progress.filter((p) => p.file === 'pdf' && p.phase === 'hash')).toHaveLength(3);
	});

	it("without onProgress the PUT body is the source's own stream object, and the PUT carries no API key", async () => {
		const path = join(dir, 'direct.pdf');
		writeFileSync(path, `%PDF-1.4 direct ${'d'.repeat(100_000)}`);
		const source = fileSource(path);
		const opened: unknown[] = [];
		const spied: ByteSource = {
			...source,
			open: () => {
				const stream = source.open();
				opened.push(stream);
				return stream;
			},
		};
		const { transport, puts } = uploadRecorder();
		await publishIssue(harness.client({ uploadTransport: transport }), {
			pdf: spied,
			fields: { titre: 'Direct', publication: 'gazette' },
		});
		expect(puts).toHaveLength(1);
		expect(opened).toHaveLength(2); // hash, then send
		expect(puts[0]!.body).toBe(opened[1]);
		expect(Object.keys(puts[0]!.headers).sort()).toEqual([
			'Content-Length',
			'Content-Type',
			'X-Upload-Sha256',
		]);
		expect(puts[0]!.headers['Content-Length']).toBe(String(source.size));
	});

	it('a source that carries its sha256 is not read to hash it: opened once, for the PUT', async () => {
		const bytes = encode(`%PDF-1.4 pre-hashed ${'h'.repeat(70_000)}`);
		const source = bytesSource(bytes);
		let opened = 0;
		const progress: PublishProgress[] = [];
		const published = await publishIssue(harness.client(), {
			pdf: {
				size: source.size,
				sha256: sha(bytes),
				open: () => {
					opened++;
					return source.open();
				},
			},
			fields: { titre: 'Pre-hashed', publication: 'gazette' },
			onProgress: (p) => progress.push(p),
		});
		expect(opened).toBe(1);
		expect(progress.some((p) => p.phase === 'hash')).toBe(false);
		expect(published.pdf).toEqual({
			sha256: sha(bytes),
			taille: bytes.byteLength,
			deja_present: false,
		});
		// The upload address checked the bytes against the hash given.
		expect((await state()).uploads.map((u) => u.sha256)).toContain(sha(bytes));
	});

	it('a wrong sha256 on a source is refused by the upload address, and no issue is created', async () => {
		const issuesBefore = (await state()).issues.length;
		const bytes = encode('%PDF-1.4 hash that lies');
		const error = await publishIssue(harness.client(), {
			pdf: { ...bytesSource(bytes), sha256: sha(encode('something else')) },
			fields: { titre: 'Lying hash', publication: 'gazette' },
		}).then(
			() => undefined,
			(e: unknown) => e,
		);
		expect(error).toMatchObject({ status: 400, code: 'sha256_mismatch' });
		expect((await state()).issues.length).toBe(issuesBefore);
	});

	it('with onProgress the PUT body wraps the stream, and the same bytes arrive', async () => {
		const bytes = encode(`%PDF-1.4 wrapped ${'w'.repeat(50_000)}`);
		const source = bytesSource(bytes);
		const opened: unknown[] = [];
		const spied: ByteSource = {
			size: source.size,
			open: () => {
				const s = source.open();
				opened.push(s);
				return s;
			},
		};
		const { transport, puts } = uploadRecorder();
		const published = await publishIssue(harness.client({ uploadTransport: transport }), {
			pdf: spied,
			fields: { titre: 'Wrapped', publication: 'gazette' },
			onProgress: () => {},
		});
		expect(puts[0]!.body).not.toBe(opened[1]);
		expect(published.pdf.sha256).toBe(sha(bytes));
	});

	it('does not send a file the service already has (deja_present), and still publishes', async () => {
		const bytes = encode('%PDF-1.4 twice');
		await publishIssue(harness.client(), {
			pdf: bytesSource(bytes),
			fields: { titre: 'First of two', publication: 'gazette' },
		});
		const { transport, puts } = uploadRecorder();
		const second = await publishIssue(harness.client({ uploadTransport: transport }), {
			pdf: bytesSource(bytes),
			fields: { titre: 'Second of two', publication: 'gazette' },
		});
		expect(puts).toHaveLength(0);
		expect(second).toMatchObject({
			replayed: false,
			pdf: { deja_present: true },
			numero: { titre: 'Second of two' },
		});
	});

	it("replaces an issue's PDF through remplace: same id, new file", async () => {
		const original = await publishIssue(harness.client(), {
			pdf: bytesSource(encode('%PDF-1.4 v1')),
			fields: { titre: 'Replaceable', publication: 'gazette' },
		});
		const v2 = encode('%PDF-1.4 v2, corrected');
		const replaced = await publishIssue(harness.client(), {
			pdf: bytesSource(v2),
			fields: { titre: 'Replaceable', remplace: original.numero.id },
		});
		expect(replaced.numero.id).toBe(original.numero.id);
		expect(replaced.replayed).toBe(false);
		const issues = (await state()).issues.filter((i) => i.titre === 'Replaceable');
		expect(issues).toHaveLength(1);
		expect(issues[0]!.sha256).toBe(sha(v2));
	});

	it('schedules an issue with publier_le (checked against the client clock)', async () => {
		const now = await harness.sandboxNow();
		const publierLe = new Date(now + 2 * 86_400_000).toISOString();
		const published = await publishIssue(harness.client({ now: () => now }), {
			pdf: bytesSource(encode('%PDF-1.4 later')),
			fields: { titre: 'Later', publication: 'gazette', publier_le: publierLe },
		});
		expect(published.numero.statut).toBe('programme');
	});

	it('uses a given idempotency key', async () => {
		const pdf = bytesSource(encode('%PDF-1.4 own key'));
		const first = await publishIssue(harness.client(), {
			pdf,
			fields: { titre: 'Own key', publication: 'gazette' },
			idempotencyKey: 'batch-7-issue-3',
		});
		expect(first.idempotencyKey).toBe('batch-7-issue-3');
		const again = await publishIssue(harness.client(), {
			pdf,
			fields: { titre: 'Own key', publication: 'gazette' },
			idempotencyKey: 'batch-7-issue-3',
		});
		expect(again).toMatchObject({
			replayed: true,
			numero: { id: first.numero.id, titre: 'Own key' },
		});
		const other = await publishIssue(harness.client(), {
			pdf,
			fields: { titre: 'Own key, renamed', publication: 'gazette' },
			idempotencyKey: 'batch-7-issue-3',
		}).then(
			() => undefined,
			(e: unknown) => e,
		);
		expect(other).toMatchObject({ status: 409, code: 'idempotency_key_reused' });
		expect((other as Error).message).toContain(
			'"batch-7-issue-3" was already used in the last 24 hours for a different request',
		);
	});

	it('a re-run with the same PDF and identity but other settings is refused by the service, with what to do', async () => {
		const pdf = bytesSource(encode('%PDF-1.4 settings changed'));
		await publishIssue(harness.client(), {
			pdf,
			fields: { titre: 'Settings', publication: 'gazette', acces: 'abonnes' },
		});
		const error = await publishIssue(harness.client(), {
			pdf,
			fields: { titre: 'Settings', publication: 'gazette', acces: 'libre' },
		}).then(
			() => undefined,
			(e: unknown) => e,
		);
		expect(error).toMatchObject({ status: 409, code: 'idempotency_key_reused' });
		expect((error as Error).message).toContain('that issue exists, change it with an update');
	});

	describe('refuses bad input before reading the file or sending anything', () => {
		const cases: Array<[string, () => Parameters<typeof publishIssue>[1], string, string]> = [
			[
				'a bad field',
				() => ({ pdf: bytesSource(encode('x')), fields: { titre: '', publication: 'gazette' } }),
				'titre',
				'length',
			],
			[
				'a file field given by hand',
				() => ({
					pdf: bytesSource(encode('x')),
					fields: { titre: 'T', sha256: 'a'.repeat(64) } as never,
				}),
				'sha256',
				'unknown_field',
			],
			[
				'both publication fields',
				() => ({
					pdf: bytesSource(encode('x')),
					fields: { titre: 'T', publication: 'a', nouvelle_publication: 'b' },
				}),
				'nouvelle_publication',
				'exclusive',
			],
			[
				'an empty file',
				() => ({ pdf: bytesSource(new Uint8Array(0)), fields: { titre: 'T' } }),
				'pdf.size',
				'range',
			],
			['no pdf', () => ({ fields: { titre: 'T' } }) as never, 'pdf', 'type'],
			[
				'a cover without open()',
				() => ({
					pdf: bytesSource(encode('x')),
					cover: { size: 3 } as never,
					fields: { titre: 'T' },
				}),
				'cover',
				'type',
			],
			[
				'a sha256 that is not one',
				() => ({
					pdf: { ...bytesSource(encode('x')), sha256: 'ABC' },
					fields: { titre: 'T' },
				}),
				'pdf.sha256',
				'pattern',
			],
			[
				'a bad idempotency key',
				() => ({
					pdf: bytesSource(encode('x')),
					fields: { titre: 'T' },
					idempotencyKey: 'x'.repeat(200),
				}),
				'Idempotency-Key',
				'length',
			],
		];
		it.each(cases)('%s', async (_name, input, field, rule) => {
			const before = await harness.requestCount();
			let opened = 0;
			const given = input();
			if (given.pdf && typeof given.pdf.open === 'function') {
				const open = given.pdf.open.bind(given.pdf);
				given.pdf = {
					...given.pdf,
					open: () => {
						opened++;
						return open();
					},
				};
			}
			const error = await publishIssue(harness.client(), given).then(
				() => undefined,
				(e: unknown) => e,
			);
			expect(error).toBeInstanceOf(NumeroValidationError);
			expect(error).toMatchObject({ field, rule });
			expect(opened).toBe(0);
			expect(await harness.requestCount()).toBe(before);
		});

		it('a source that yields other than its declared size, before any request', async () => {
			const before = await harness.requestCount();
			const short: ByteSource = { size: 100, open: () => bytesSource(encode('short')).open() };
			const long: ByteSource = {
				size: 3,
				open: () => bytesSource(encode('longer than three')).open(),
			};
			for (const pdf of [short, long]) {
				await expect(
					publishIssue(harness.client(), { pdf, fields: { titre: 'T', publication: 'gazette' } }),
				).rejects.toMatchObject({ field: 'pdf', rule: 'size' });
			}
			expect(await harness.requestCount()).toBe(before);
		});
	});
});

describe('hashing and sources', () => {
	it('sha256OfSource gives the standard digest, streamed', async () => {
		expect(await sha256OfSource(bytesSource(encode('abc')))).toBe(
			'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
		);
		const big = new Uint8Array(3 * 1024 * 1024 + 5).map((_, i) => i % 251);
		const counts: number[] = [];
		expect(await sha256OfSource(bytesSource(big), (n) => counts.push(n))).toBe(sha(big));
		expect(counts).toEqual([1048576, 2097152, 3145728, 3145733]);
	});

	it('sha256OfSource refuses chunks that are not bytes', async () => {
		const strings: ByteSource = {
			size: 3,
			async *open() {
				yield 'abc' as never;
			},
		};
		await expect(sha256OfSource(strings)).rejects.toMatchObject({ field: 'pdf', rule: 'type' });
	});

	it('bytesSource yields 1 MiB views of the bytes, as often as opened', async () => {
		const bytes = new Uint8Array(2 * 1024 * 1024 + 1);
		const source = bytesSource(bytes, 'x.pdf');
		expect(source).toMatchObject({ size: bytes.byteLength, name: 'x.pdf' });
		for (let round = 0; round < 2; round++) {
			const sizes: number[] = [];
			for await (const chunk of source.open()) sizes.push(chunk.byteLength);
			expect(sizes).toEqual([1048576, 1048576, 1]);
		}
	});
});

describe('idempotencyKeyForIssue', () => {
	const base = { sha256: 'a'.repeat(64), taille: 10, titre: 'T', publication: 'p' };
	it('is stable, fits the header rule, and changes with each identifying field', () => {
		const key = idempotencyKeyForIssue(base);
		expect(key).toMatch(/^pub_[0-9a-f]{64}$/);
		expect(idempotencyKeyForIssue({ ...base })).toBe(key);
		const changes = [
			{ sha256: 'b'.repeat(64) },
			{ couverture_sha256: 'c'.repeat(64), couverture_taille: 1 },
			{ titre: 'T2' },
			{ publication: 'q' },
			{ publication: undefined, nouvelle_publication: 'p' },
			{ parution: '2026-01' },
			{ adresse: 'x' },
			{ domaine: 'kiosque.press' as const },
			{ remplace: 'numero.press:x' },
			{ publier_le: '2027-01-01T00:00:00Z' },
		];
		const keys = changes.map((change) => idempotencyKeyForIssue({ ...base, ...change }));
		expect(new Set([key, ...keys]).size).toBe(changes.length + 1);
	});

	it('does not change with fields that do not identify the issue', () => {
		expect(
			idempotencyKeyForIssue({
				...base,
				acces: 'libre',
				pages: 3,
				nom_fichier: 'f.pdf',
				telechargement: true,
			}),
		).toBe(idempotencyKeyForIssue(base));
	});
});
