/**
 * What Publish Issue refuses about a file, and when: a size over Zapier's or the plan's limit as soon
 * as its address announces it (nothing of the file is read), a file of another kind on its first bytes
 * (the download stops there); and how it reads the file: hashed as it arrives, read from disk once,
 * to send it. Nothing refused is uploaded or created.
 */
import { createHash } from 'node:crypto';
import { appTester, App } from './support/app-tester';
import { COVER_JPEG, uniquePdf } from './support/files';
import { startFileHost, type FileHost } from './support/local-servers';
import { startPacedFileHost, type PacedFileHost } from './support/paced-file-host';
import { startSandboxFixture, type SandboxFixture } from './support/sandbox-fixture';
import { failure } from './support/zapier-error';

// The module object itself, so that a spy on it sees the app's calls.
const fs: typeof import('node:fs') = require('node:fs');

const MIB = 1024 * 1024;
const PLAN_FILE_BYTES = 500 * MIB;

let fx: SandboxFixture;
let files: FileHost;
let paced: PacedFileHost;

beforeAll(async () => {
	fx = await startSandboxFixture();
	files = await startFileHost();
	paced = await startPacedFileHost();
});
afterAll(async () => {
	await paced.close();
	await files.close();
	await fx.close();
});
afterEach(async () => {
	jest.restoreAllMocks();
	await fx.admin('POST', '/plans', { maxFileBytes: PLAN_FILE_BYTES });
});

const publish = (inputData: Record<string, unknown>, authData = fx.authData) =>
	appTester(App.creates.publishIssue.operation.perform as any, {
		authData,
		inputData,
	}) as Promise<any>;

/** The API calls made during `run`, by route. */
async function callsDuring(run: () => Promise<unknown>): Promise<Record<string, number>> {
	const before = (await fx.admin('GET', '/requests')).byRoute as Record<string, number>;
	await run();
	const after = (await fx.admin('GET', '/requests')).byRoute as Record<string, number>;
	return Object.fromEntries(
		Object.entries(after)
			.map(([route, count]) => [route, count - (before[route] ?? 0)] as const)
			.filter(([, count]) => count > 0),
	);
}

/** Runs a publication that must be refused: its error, and the API calls it made. */
async function refused(inputData: Record<string, unknown>) {
	let error: Awaited<ReturnType<typeof failure>> | undefined;
	const calls = await callsDuring(async () => {
		error = await failure(publish({ titre: 'Refusé', publication: 'gazette', ...inputData }));
	});
	return { error: error!, calls };
}

describe('sizes, before the file is read', () => {
	test("a Content-Length over the plan's limit: refused, only the plan read, the file host never read past its headers", async () => {
		await fx.admin('POST', '/plans', { maxFileBytes: MIB });
		// Headers at once; the body only after 2 s, and only if the client is still there.
		const served = paced.add({ bytes: uniquePdf('Trop gros', 2 * MIB), holdMs: 2_000 });
		const { error, calls } = await refused({ pdf: served.url });
		expect(error).toMatchObject({ code: 'invalid_max_size', status: 400 });
		expect(error.message).toMatch(
			/^PDF File must be at most 1\.0 MB, the most your numero plan allows for a file; its address announces 2\.1 MB, so it was not downloaded: use a smaller file or a plan that allows larger ones\./,
		);
		expect(calls).toEqual({ 'GET /compte': 1 });
		await served.settled;
		expect(served).toMatchObject({ closedByClient: true, bodyBytesSent: 0 });
	});

	test("a Content-Length over Zapier's limit: refused without a single request to numero", async () => {
		// 130 MB announced; nothing of it is ever sent unless the client waits 2 s for it.
		const served = paced.add({
			bytes: uniquePdf('Énorme'),
			contentLength: 130_000_000,
			holdMs: 2_000,
		});
		const { error, calls } = await refused({ pdf: served.url });
		expect(error.message).toMatch(
			/^PDF File must be at most 120 MB, the most a Zapier step can download; its address announces 130 MB, so it was not downloaded: use a smaller file\./,
		);
		expect(calls).toEqual({});
		await served.settled;
		expect(served).toMatchObject({ closedByClient: true, bodyBytesSent: 0 });
	});

	test("no Content-Length: the download stops as soon as more than the plan's limit arrived", async () => {
		await fx.admin('POST', '/plans', { maxFileBytes: MIB });
		const pdf = uniquePdf('Sans taille', 3 * MIB);
		const served = paced.add({
			bytes: pdf,
			contentLength: null,
			first: 1.5 * MIB,
			holdMs: 2_000,
		});
		const { error, calls } = await refused({ pdf: served.url });
		expect(error.message).toMatch(
			/^PDF File must be at most 1\.0 MB, the most your numero plan allows for a file; more arrived, so its download was stopped/,
		);
		expect(calls).toEqual({ 'GET /compte': 1 });
		await served.settled;
		expect(served.closedByClient).toBe(true);
		expect(served.bodyBytesSent).toBeLessThan(pdf.length);
	});

	test("a key that may not read the account (no lecture permission) still publishes: the plan's limit is then left to numero", async () => {
		const authData = { ...fx.authData, apiKey: fx.sandbox.keys.publication };
		const published = await publish(
			{
				pdf: files.add('sans-lecture.pdf', uniquePdf('Sans lecture'), 'application/pdf'),
				titre: 'Sans lecture',
				publication: 'gazette',
			},
			authData,
		);
		expect(published.replayed).toBe(false);
	});
});

describe('kinds, on the first bytes', () => {
	test('a file that is not a PDF is refused on its first bytes: the download stops there, nothing is uploaded', async () => {
		const html = Buffer.concat([Buffer.from('<html>'), Buffer.alloc(8 * MIB, 0x20)]);
		// The first 64 KiB at once; the rest only after 2 s, and only if the client is still there.
		const served = paced.add({ bytes: html, first: 64 * 1024, holdMs: 2_000 });
		const { error, calls } = await refused({ pdf: served.url });
		expect(error).toMatchObject({ code: 'invalid_file_type', status: 400 });
		expect(error.message).toMatch(
			/^PDF File must be a PDF \(starting with %PDF-\); the file downloaded is something else \(it starts with bytes 3c68746d6c\)\./,
		);
		expect(calls).toEqual({ 'GET /compte': 1 });
		await served.settled;
		expect(served.closedByClient).toBe(true);
		expect(served.bodyBytesSent).toBeLessThan(html.length);
	});

	test('a cover that is not a JPEG is refused on its first bytes, after the PDF, before anything is uploaded', async () => {
		const png = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(4 * MIB)]);
		const served = paced.add({ bytes: png, first: 64 * 1024, holdMs: 2_000 });
		const { error, calls } = await refused({
			pdf: files.add('x.pdf', uniquePdf('x'), 'application/pdf'),
			cover: served.url,
		});
		expect(error.message).toMatch(/^Cover Image \(JPEG\) must be a JPEG image; .*89504e/);
		expect(calls).toEqual({ 'GET /compte': 1 });
		await served.settled;
		expect(served.closedByClient).toBe(true);
	});
});

describe('hashing while downloading', () => {
	/** The temporary files of a step that are opened for reading. */
	function stepFileReads(): string[] {
		const reads: string[] = [];
		const original = fs.createReadStream;
		jest.spyOn(fs, 'createReadStream').mockImplementation(((path: any, options: any) => {
			if (String(path).includes('numero-zapier-')) reads.push(String(path));
			return original(path, options);
		}) as typeof fs.createReadStream);
		return reads;
	}

	test('each file is hashed as it arrives and read from disk once, to send it; not at all when numero holds it already', async () => {
		const pdf = uniquePdf('Une lecture', 3 * MIB);
		const input = {
			pdf: files.add('une-lecture.pdf', pdf, 'application/pdf'),
			cover: files.add('couverture.jpg', COVER_JPEG, 'image/jpeg'),
			titre: 'Une lecture',
			publication: 'gazette',
		};
		const reads = stepFileReads();
		const published = await publish(input);
		expect(published.pdf_sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
		expect(published.pdf_already_stored).toBe(false);
		expect(reads.map((path) => path.split('/').pop()).sort()).toEqual(['cover', 'pdf']);

		reads.length = 0;
		const again = await publish(input);
		expect(again).toMatchObject({ replayed: true, pdf_already_stored: true });
		expect(reads).toEqual([]);
	});
});
