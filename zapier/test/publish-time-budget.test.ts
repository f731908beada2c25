/**
 * Publish Issue and Replace Issue PDF run within one deadline from the start of the step, and the
 * downloads within their own part of it. The figures are shortened for these tests (the same code
 * runs with 27 s and 15 s in a Zap); the tests check what happens and what the message says, never
 * how long anything took.
 */
import { appTester, App } from './support/app-tester';
import { uniquePdf } from './support/files';
import { startFileHost, type FileHost } from './support/local-servers';
import { startPacedFileHost, type PacedFileHost } from './support/paced-file-host';
import { startSandboxFixture, type SandboxFixture } from './support/sandbox-fixture';
import { failure } from './support/zapier-error';
import { STEP_TIME } from '../src/step-budget';

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
beforeEach(() => {
	jest.replaceProperty(STEP_TIME, 'totalMs', 2_000);
	jest.replaceProperty(STEP_TIME, 'downloadMs', 800);
});
afterEach(async () => {
	jest.restoreAllMocks();
	await fx.admin('DELETE', '/faults');
});

const create = (key: keyof typeof App.creates, inputData: Record<string, unknown>) =>
	appTester(App.creates[key].operation.perform as any, {
		authData: fx.authData,
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

async function issuesTitled(titre: string): Promise<Array<{ id: string }>> {
	const state = await fx.admin('GET', '/state');
	return state.issues.filter((issue: { titre: string }) => issue.titre === titre);
}

test('a file host too slow for the downloads’ time: stopped, named in the message, nothing uploaded', async () => {
	const pdf = uniquePdf('Lent', 4 * 1024 * 1024);
	// The start of a real PDF at once, then 16 KiB every 50 ms: some 13 s in all.
	const served = paced.add({
		bytes: pdf,
		first: 64 * 1024,
		pieceBytes: 16 * 1024,
		pieceEveryMs: 50,
	});
	let error: Awaited<ReturnType<typeof failure>> | undefined;
	const calls = await callsDuring(async () => {
		error = await failure(create('publishIssue', { pdf: served.url, titre: 'Lent' }));
	});
	expect(error!.code).toBe('step_time_exceeded');
	expect(error!.message).toMatch(
		/^Downloading PDF File took more than the 0\.8 s this step allows for downloads \(Zapier stops a step at 30 s; .*\)\. Nothing was uploaded\. Use a smaller file or a host that serves it faster\./,
	);
	await served.settled;
	expect(served.closedByClient).toBe(true);
	expect(served.bodyBytesSent).toBeLessThan(pdf.length);
	// Only the plan's file size limit was read; nothing was uploaded or created.
	expect(calls).toEqual({ 'GET /compte': 1 });
	expect(await issuesTitled('Lent')).toEqual([]);
});

test('the issue created but its answer lost, and the retry too slow for the step: the message says so, and the step run again creates nothing twice', async () => {
	const pdfUrl = files.add('lent.pdf', uniquePdf('Création lente'), 'application/pdf');
	const input = { pdf: pdfUrl, titre: 'Création lente', publication: 'gazette' };
	// The first POST /numeros creates the issue and its answer is lost; the retry waits past the deadline.
	for (const fault of [{ action: 'commit_then_drop' }, { action: 'delay', delayMs: 3_000 }])
		await fx.admin('POST', '/faults', { match: { method: 'POST', path: '/numeros' }, ...fault });
	const error = await failure(create('publishIssue', input));
	expect(error.code).toBe('step_time_exceeded');
	expect(error.message).toMatch(
		/^Creating the issue did not finish within the 2\.0 s this step allows \(Zapier stops a step at 30 s\)\. numero answered slowly: run the step again in a moment \(nothing is created twice\)\./,
	);
	const created = await issuesTitled('Création lente');
	expect(created).toHaveLength(1);

	jest.restoreAllMocks();
	const again = await create('publishIssue', input);
	expect(again).toMatchObject({ id: created[0]!.id, replayed: true });
	expect(await issuesTitled('Création lente')).toHaveLength(1);
});

test('an upload too slow for the step names the file being sent', async () => {
	const original = await create('publishIssue', {
		pdf: files.add('v1.pdf', uniquePdf('Envoi lent v1'), 'application/pdf'),
		titre: 'Envoi lent',
		publication: 'gazette',
	});
	await fx.admin('POST', '/faults', {
		match: { origin: 'upload', method: 'PUT' },
		action: 'delay',
		delayMs: 3_000,
	});
	const error = await failure(
		create('replaceIssuePdf', {
			id: original.id,
			pdf: files.add('v2.pdf', uniquePdf('Envoi lent v2'), 'application/pdf'),
		}),
	);
	expect(error.code).toBe('step_time_exceeded');
	expect(error.message).toMatch(
		/^Sending PDF File to numero did not finish within the 2\.0 s this step allows \(Zapier stops a step at 30 s\)\. Use a smaller file: its download and upload must fit together\./,
	);
	const events = (await fx.admin('GET', '/events')).events.filter(
		(e: any) => e.type === 'numero.remplace' && e.body.donnees.id === original.id,
	);
	expect(events).toEqual([]);
});
