/**
 * Faults injected through the sandbox's admin API: the call succeeds and exactly one link or issue
 * exists. Waits go through a sleep port that records them and returns at once.
 */
import {
	bytesSource,
	NumeroClient,
	NumeroNetworkError,
	publishIssue,
	TransportError,
	type HttpRequest,
	type Transport,
} from '../../shared';
import { undiciTransport } from '../../standalone';
import { startHarness, type Harness } from './support/sandbox-harness';

const ISSUE = 'numero.press:gazette-2026-09';

interface State {
	links: Array<{ issueId: string; page: number | null }>;
	issues: Array<{ id: string; titre: string }>;
	uploads: Array<{ sha256: string }>;
}

describe('retries against injected faults', () => {
	let harness: Harness;
	const sent: HttpRequest[] = [];
	const transports: Array<ReturnType<typeof undiciTransport>> = [];
	const transport = (): ReturnType<typeof undiciTransport> => {
		const made = undiciTransport();
		transports.push(made);
		return made;
	};

	beforeAll(async () => {
		harness = await startHarness();
	});
	afterEach(async () => {
		await harness.admin('DELETE', '/faults');
	});
	afterAll(async () => {
		await Promise.all(transports.map((t) => t.close()));
		await harness.close();
	});

	/** A client whose transport records what it sends (the requests, not the answers, are observed). */
	function recordingClient(options: Parameters<Harness['client']>[0] = {}): {
		client: NumeroClient;
		sleeps: number[];
	} {
		const base = transport();
		const sleeps: number[] = [];
		const recording: Transport = (request) => {
			sent.push(request);
			return base(request);
		};
		const client = harness.client({
			transport: recording,
			uploadTransport: recording,
			sleep: async (ms) => void sleeps.push(ms),
			...options,
		});
		return { client, sleeps };
	}

	async function linkCount(): Promise<number> {
		return (await harness.admin<State>('GET', '/state')).links.length;
	}

	async function fault(body: object): Promise<void> {
		await harness.admin('POST', '/faults', { count: 1, ...body });
	}

	it.each([
		['503', { action: 'status', status: 503 }],
		['500', { action: 'status', status: 500 }],
		['429 with Retry-After', { action: 'status', status: 429, retryAfter: 2 }],
		['a dropped connection', { action: 'drop' }],
		['"commit then drop the response"', { action: 'commit_then_drop' }],
	])(
		'createLink through %s: one link, same Idempotency-Key on every attempt',
		async (_name, action) => {
			await fault({ match: { method: 'POST', path: '/liens' }, ...action });
			const before = await linkCount();
			sent.length = 0;
			const { client, sleeps } = recordingClient();
			const lien = await client.createLink({ id: ISSUE, page: 7 });
			expect(lien.url).toContain('page=7');
			expect(await linkCount()).toBe(before + 1);
			const keys = sent
				.filter((r) => r.url.endsWith('/liens'))
				.map((r) => r.headers['Idempotency-Key']);
			expect(keys).toHaveLength(2);
			expect(keys[0]).toMatch(/^lnk_/);
			expect(keys[1]).toBe(keys[0]);
			expect(sleeps).toHaveLength(1);
			if ((action as { retryAfter?: number }).retryAfter) expect(sleeps[0]).toBe(2000);
			if ((action as { action: string }).action === 'commit_then_drop')
				expect(client.lastResponse?.replayed).toBe(true);
		},
	);

	it('createLink through several faults in a row, within maxAttempts', async () => {
		await fault({ match: { method: 'POST', path: '/liens' }, action: 'commit_then_drop' });
		await fault({ match: { method: 'POST', path: '/liens' }, action: 'status', status: 503 });
		await fault({ match: { method: 'POST', path: '/liens' }, action: 'drop' });
		const before = await linkCount();
		const { client, sleeps } = recordingClient();
		await client.createLink({ id: ISSUE });
		expect(await linkCount()).toBe(before + 1);
		expect(sleeps).toHaveLength(3);
	});

	it('gives up after maxAttempts with the last error, and nothing more is created', async () => {
		await harness.admin('POST', '/faults', {
			count: 3,
			match: { method: 'POST', path: '/liens' },
			action: 'status',
			status: 503,
		});
		const before = await linkCount();
		const { client } = recordingClient({ retry: { maxAttempts: 3 } });
		await expect(client.createLink({ id: ISSUE })).rejects.toMatchObject({ status: 503 });
		expect(await linkCount()).toBe(before);
	});

	it('a dropped connection on every attempt gives NumeroNetworkError("reset") with the attempts', async () => {
		await harness.admin('POST', '/faults', {
			count: 4,
			match: { method: 'GET', path: '/compte' },
			action: 'drop',
		});
		const { client, sleeps } = recordingClient();
		const error = await client.getAccount().then(
			() => undefined,
			(e: unknown) => e,
		);
		expect(error).toBeInstanceOf(NumeroNetworkError);
		expect(error).toMatchObject({ kind: 'reset', attempts: 4 });
		expect((error as Error).message).toContain('after 4 attempts');
		expect(sleeps).toHaveLength(3);
	});

	it('a per-attempt timeout (request.timeoutMs) is retried', async () => {
		await fault({ match: { method: 'GET', path: '/compte' }, action: 'delay', delayMs: 1000 });
		const { client } = recordingClient({ timeoutMs: 150 });
		sent.length = 0;
		await expect(client.getAccount()).resolves.toHaveProperty('compte');
		expect(sent.map((r) => r.timeoutMs)).toEqual([150, 150]);
	});

	it.each([
		[
			'503 on the issue creation',
			{ match: { method: 'POST', path: '/numeros' }, action: 'status', status: 503 },
		],
		['a dropped issue creation', { match: { method: 'POST', path: '/numeros' }, action: 'drop' }],
		[
			'"commit then drop" on the issue creation',
			{ match: { method: 'POST', path: '/numeros' }, action: 'commit_then_drop' },
		],
		[
			'429 on the issue creation',
			{ match: { method: 'POST', path: '/numeros' }, action: 'status', status: 429, retryAfter: 1 },
		],
		[
			'503 on the upload request',
			{ match: { method: 'POST', path: '/televersements' }, action: 'status', status: 503 },
		],
		[
			'"commit then drop" on the upload request',
			{ match: { method: 'POST', path: '/televersements' }, action: 'commit_then_drop' },
		],
		['a dropped upload PUT', { match: { origin: 'upload', method: 'PUT' }, action: 'drop' }],
		[
			'503 on the upload PUT',
			{ match: { origin: 'upload', method: 'PUT' }, action: 'status', status: 503 },
		],
		[
			'"commit then drop" on the upload PUT',
			{ match: { origin: 'upload', method: 'PUT' }, action: 'commit_then_drop' },
		],
	])('publishIssue through %s: exactly one issue', async (name, faultBody) => {
		await fault(faultBody);
		const titre = `Fault: ${name}`;
		const pdf = bytesSource(
			new TextEncoder().encode(`%PDF-1.4 ${name} ${'x'.repeat(3 * 1024 * 1024)}`),
			'fault.pdf',
		);
		const { client, sleeps } = recordingClient();
		const published = await publishIssue(client, {
			pdf,
			fields: { titre, publication: 'gazette' },
		});
		const state = await harness.admin<State>('GET', '/state');
		expect(state.issues.filter((i) => i.titre === titre)).toHaveLength(1);
		expect(state.issues.find((i) => i.titre === titre)?.id).toBe(published.numero.id);
		expect(sleeps).toHaveLength(1);
		expect((await harness.admin<{ faults: unknown[] }>('GET', '/faults')).faults).toEqual([]);
	});

	it('a re-run of the same publication returns the first issue, replayed', async () => {
		const pdf = bytesSource(new TextEncoder().encode('%PDF-1.4 re-run'), 'rerun.pdf');
		const fields = { titre: 'Re-run', publication: 'gazette' };
		const first = await publishIssue(harness.client(), { pdf, fields });
		const second = await publishIssue(harness.client(), { pdf, fields });
		expect(first.replayed).toBe(false);
		expect(second).toMatchObject({
			replayed: true,
			idempotencyKey: first.idempotencyKey,
			numero: { id: first.numero.id },
		});
		expect(second.pdf.deja_present).toBe(true);
		const state = await harness.admin<State>('GET', '/state');
		expect(state.issues.filter((i) => i.titre === 'Re-run')).toHaveLength(1);
	});

	it('backoff is exponential with full jitter, capped by maxDelayMs', async () => {
		await harness.admin('POST', '/faults', {
			count: 5,
			match: { method: 'GET', path: '/compte' },
			action: 'status',
			status: 503,
		});
		const { client, sleeps } = recordingClient({
			random: () => 0.5,
			retry: { maxAttempts: 6, baseDelayMs: 100, maxDelayMs: 500 },
		});
		await expect(client.getAccount()).resolves.toHaveProperty('compte');
		expect(sleeps).toEqual([50, 100, 200, 250, 250]);
	});

	it('the overall deadline (by the now port) stops retrying before maxAttempts', async () => {
		await harness.admin('POST', '/faults', {
			count: 10,
			match: { method: 'GET', path: '/compte' },
			action: 'status',
			status: 503,
		});
		let clock = 1_000_000;
		const { client } = recordingClient({
			now: () => clock,
			sleep: async (ms) => void (clock += ms),
			random: () => 0.99,
			deadlineMs: 1000,
			retry: { maxAttempts: 10, baseDelayMs: 400, maxDelayMs: 10_000 },
		});
		sent.length = 0;
		await expect(client.getAccount()).rejects.toMatchObject({ status: 503 });
		// 396 ms then 792 ms would pass the deadline: only the first wait happens.
		expect(sent).toHaveLength(2);
		expect(clock).toBe(1_000_396);
	});

	it("deadlineAt (a run's deadline) cuts every attempt, PUTs included, and no wait or attempt starts beyond it", async () => {
		await harness.admin('POST', '/faults', {
			count: 10,
			match: { method: 'GET', path: '/compte' },
			action: 'status',
			status: 503,
		});
		let clock = 1_000_000;
		const { client } = recordingClient({
			now: () => clock,
			sleep: async (ms) => void (clock += ms),
			random: () => 0.99,
			timeoutMs: 20_000,
			uploadTimeoutMs: 0,
			deadlineMs: 60_000,
			deadlineAt: 1_000_700,
			retry: { maxAttempts: 10, baseDelayMs: 400, maxDelayMs: 10_000 },
		});
		sent.length = 0;
		await expect(client.getAccount()).rejects.toMatchObject({ status: 503 });
		// The per-call deadline (60 s) would allow more; the run's ends at +700 ms: one wait of 396 ms.
		expect(clock).toBe(1_000_396);
		expect(sent.map((r) => r.timeoutMs)).toEqual([700, 304]);

		sent.length = 0;
		clock = 1_000_650;
		const upload = { url: `${harness.sandbox.baseUrl}/x`, en_tetes: {} } as never;
		await client.putUpload(upload, new Uint8Array(1), 1).catch(() => undefined);
		// Without uploadTimeoutMs a PUT has no timeout of its own: the run's deadline still cuts it.
		expect(sent[0]!.timeoutMs).toBe(50);

		sent.length = 0;
		clock = 1_000_700;
		const late = await client.getAccount().then(
			() => undefined,
			(e: unknown) => e,
		);
		expect(late).toBeInstanceOf(NumeroNetworkError);
		expect(late).toMatchObject({ kind: 'timeout', attempts: 0 });
		expect((late as Error).message).toMatch(/^GET \/compte: not sent: the time allowed/);
		expect(sent).toHaveLength(0);
	});

	it('without a sleep port nothing that needs a wait is retried', async () => {
		await fault({ match: { method: 'GET', path: '/compte' }, action: 'status', status: 503 });
		const client = new NumeroClient({
			baseUrl: harness.sandbox.baseUrl,
			apiKey: harness.sandbox.keys.full,
			transport: transport(),
		});
		await expect(client.getAccount()).rejects.toMatchObject({ status: 503 });
	});

	it('a refused connection is NumeroNetworkError("refused")', async () => {
		const closed = await startHarness();
		const baseUrl = closed.sandbox.baseUrl;
		await closed.close();
		const client = new NumeroClient({
			baseUrl,
			apiKey: 'nmr_x_123456',
			transport: transport(),
			sleep: async () => {},
			retry: { maxAttempts: 2 },
		});
		const error = await client.getAccount().then(
			() => undefined,
			(e: unknown) => e,
		);
		expect(error).toMatchObject({ kind: 'refused', attempts: 2 });
		expect((error as Error).message).toContain('connection was refused');
		expect((error as Error).message).not.toContain('nmr_x_123456');
	});

	it('a transport failing with something else than TransportError is not retried, and its message is scrubbed', async () => {
		const key = harness.sandbox.keys.full;
		let calls = 0;
		const failing: Transport = async () => {
			calls++;
			throw new Error(`request to x failed with header Authorization: Bearer ${key}`);
		};
		const client = new NumeroClient({
			baseUrl: harness.sandbox.baseUrl,
			apiKey: key,
			transport: failing,
			sleep: async () => {},
		});
		const error = await client.getAccount().then(
			() => undefined,
			(e: unknown) => e,
		);
		expect(error).toMatchObject({ kind: 'other', attempts: 1 });
		expect((error as Error).message).not.toContain(key);
		expect(calls).toBe(1);
	});

	it('a TransportError from a custom transport is retried like the undici ones', async () => {
		let calls = 0;
		const base = transport();
		const flaky: Transport = async (request) => {
			calls++;
			if (calls === 1) throw new TransportError('timeout', 'simulated timeout');
			return base(request);
		};
		const client = harness.client({ transport: flaky });
		await expect(client.getAccount()).resolves.toHaveProperty('compte');
		expect(calls).toBe(2);
	});
});
