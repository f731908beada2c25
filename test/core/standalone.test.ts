/** standalone/: the undici transport, file sources and createClient, against the sandbox. */
import { createHash, randomBytes } from 'crypto';
import { Readable } from 'stream';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { createServer } from 'net';
import { publishIssue, sha256OfSource, TransportError } from '../../shared';
import {
	createClient,
	failureKind,
	fileSource,
	realSleep,
	undiciTransport,
} from '../../standalone';
import { startHarness, type Harness } from './support/sandbox-harness';

describe('failureKind maps undici errors to TransportError kinds', () => {
	const withCode = (code: string, message = 'x', cause?: unknown): Error =>
		Object.assign(new Error(message), { code, ...(cause ? { cause } : {}) });
	it.each<[string, unknown, string]>([
		['UND_ERR_SOCKET', withCode('UND_ERR_SOCKET', 'other side closed'), 'reset'],
		['ECONNRESET', withCode('ECONNRESET', 'read ECONNRESET'), 'reset'],
		['EPIPE', withCode('EPIPE'), 'reset'],
		['"other side closed" without a code', new Error('other side closed'), 'reset'],
		['ECONNREFUSED', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1'), 'refused'],
		[
			'ECONNREFUSED as the cause',
			Object.assign(new TypeError('fetch failed'), { cause: withCode('ECONNREFUSED') }),
			'refused',
		],
		['UND_ERR_HEADERS_TIMEOUT', withCode('UND_ERR_HEADERS_TIMEOUT'), 'timeout'],
		['UND_ERR_BODY_TIMEOUT', withCode('UND_ERR_BODY_TIMEOUT'), 'timeout'],
		['UND_ERR_CONNECT_TIMEOUT', withCode('UND_ERR_CONNECT_TIMEOUT'), 'timeout'],
		['ENOTFOUND', withCode('ENOTFOUND', 'getaddrinfo ENOTFOUND nowhere.invalid'), 'other'],
		['a plain error', new Error('boom'), 'other'],
		['not an error', 'text', 'other'],
	])('%s', (_name, error, kind) => {
		expect(failureKind(error)).toBe(kind);
	});
});

describe('undiciTransport', () => {
	let harness: Harness;
	const transport = undiciTransport();
	beforeAll(async () => {
		harness = await startHarness();
	});
	afterEach(async () => {
		await harness.admin('DELETE', '/faults');
	});
	afterAll(async () => {
		await transport.close();
		await harness.close();
	});

	const accountRequest = () => ({
		method: 'GET' as const,
		url: `${harness.sandbox.baseUrl}/compte`,
		headers: {
			Authorization: `Bearer ${harness.sandbox.keys.full}`,
			'User-Agent': 'numero-core-tests/1.0',
		},
	});

	it('returns status, lower-case headers and the body, never throwing on a status', async () => {
		const ok = await transport(accountRequest());
		expect(ok.status).toBe(200);
		expect(ok.headers['x-request-id']).toEqual(expect.any(String));
		expect(ok.headers['content-type']).toContain('application/json');
		expect(JSON.parse(ok.body)).toHaveProperty('compte');
		const refused = await transport({
			...accountRequest(),
			headers: { 'User-Agent': 'numero-core-tests/1.0' },
		});
		expect(refused.status).toBe(401);
	});

	it('throws TransportError("timeout") when the attempt passes timeoutMs', async () => {
		await harness.admin('POST', '/faults', {
			count: 1,
			match: { method: 'GET', path: '/compte' },
			action: 'delay',
			delayMs: 1000,
		});
		const error = await transport({ ...accountRequest(), timeoutMs: 100 }).then(
			() => undefined,
			(e: unknown) => e,
		);
		expect(error).toBeInstanceOf(TransportError);
		expect(error).toMatchObject({ kind: 'timeout' });
	});

	it('throws TransportError("reset") when the connection is dropped', async () => {
		await harness.admin('POST', '/faults', {
			count: 1,
			match: { method: 'GET', path: '/compte' },
			action: 'drop',
		});
		await expect(transport(accountRequest())).rejects.toMatchObject({
			name: 'TransportError',
			kind: 'reset',
		});
	});

	it('throws TransportError("reset") when the answer is lost after the work is done', async () => {
		await harness.admin('POST', '/faults', {
			count: 1,
			match: { method: 'GET', path: '/compte' },
			action: 'commit_then_drop',
		});
		await expect(transport(accountRequest())).rejects.toMatchObject({ kind: 'reset' });
	});

	it('throws TransportError("refused") on a closed port', async () => {
		const server = createServer();
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const port = (server.address() as { port: number }).port;
		await new Promise<void>((resolve) => server.close(() => resolve()));
		await expect(
			transport({ ...accountRequest(), url: `http://127.0.0.1:${port}/v1/compte` }),
		).rejects.toMatchObject({ kind: 'refused' });
	});

	it('sends a stream body (a Node ReadStream) as is', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'numero-core-transport-'));
		try {
			const path = join(dir, 'f.pdf');
			writeFileSync(path, '%PDF-1.4 streamed by undici');
			const source = fileSource(path);
			const client = harness.client({ transport, uploadTransport: transport });
			const sha256 = await sha256OfSource(source);
			const televersement = await client.requestUpload({ sha256, taille: source.size });
			await expect(
				client.putUpload(televersement, () => source.open(), source.size),
			).resolves.toEqual({ sha256, taille: source.size });
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe('fileSource', () => {
	let dir: string;
	beforeAll(() => {
		dir = mkdtempSync(join(tmpdir(), 'numero-core-file-'));
	});
	afterAll(() => rmSync(dir, { recursive: true, force: true }));

	it("has the file's size and name, and opens a new 1 MiB-chunk read stream each time", async () => {
		const path = join(dir, 'issue-12.pdf');
		const bytes = Buffer.alloc(2 * 1024 * 1024 + 10, 7);
		writeFileSync(path, bytes);
		const source = fileSource(path);
		expect(source).toMatchObject({ size: bytes.length, name: 'issue-12.pdf' });
		const first = source.open();
		expect(first).toBeInstanceOf(Readable);
		expect((first as Readable).readableHighWaterMark).toBe(1024 * 1024);
		const sizes: number[] = [];
		for await (const chunk of first) sizes.push(chunk.byteLength);
		expect(sizes).toEqual([1048576, 1048576, 10]);
		const second = source.open();
		expect(second).not.toBe(first);
		let total = 0;
		for await (const chunk of second) total += chunk.byteLength;
		expect(total).toBe(bytes.length);
		expect(fileSource(path, 'other.pdf').name).toBe('other.pdf');
	});

	it('reads the exact bytes of a file longer than its ring of reused buffers, hashed and sent', async () => {
		const path = join(dir, 'varied.pdf');
		const bytes = randomBytes(9 * 1024 * 1024 + 123);
		writeFileSync(path, bytes);
		const source = fileSource(path);
		expect(await sha256OfSource(source)).toBe(createHash('sha256').update(bytes).digest('hex'));
		const harness = await startHarness();
		try {
			await harness.admin('POST', '/plans', { maxFileBytes: 64 * 1024 * 1024 });
			const client = createClient({
				baseUrl: harness.sandbox.baseUrl,
				apiKey: harness.sandbox.keys.full,
			});
			// The upload origin checks the SHA-256 of what it receives against X-Upload-Sha256.
			const published = await publishIssue(client, {
				pdf: source,
				fields: { titre: 'Varied', publication: 'gazette' },
			});
			expect(published.pdf).toMatchObject({ taille: bytes.length, deja_present: false });
		} finally {
			await harness.close();
		}
	});

	it('fails at once for a missing file', () => {
		expect(() => fileSource(join(dir, 'missing.pdf'))).toThrow(/ENOENT/);
	});
});

describe('createClient', () => {
	let harness: Harness;
	beforeAll(async () => {
		harness = await startHarness();
	});
	afterAll(async () => {
		await harness.close();
	});

	it('is a working client with the default User-Agent, and publishes a file without the key on the PUT', async () => {
		const client = createClient({
			baseUrl: harness.sandbox.baseUrl,
			apiKey: harness.sandbox.keys.full,
		});
		await expect(client.getAccount()).resolves.toHaveProperty('compte');
		const dir = mkdtempSync(join(tmpdir(), 'numero-core-create-'));
		try {
			const path = join(dir, 'standalone.pdf');
			writeFileSync(path, '%PDF-1.4 from createClient');
			await harness.admin('POST', '/uploads/requests/reset', {});
			const published = await publishIssue(client, {
				pdf: fileSource(path),
				fields: { titre: 'Standalone', publication: 'gazette' },
			});
			expect(published.numero.titre).toBe('Standalone');
			const { requests } = await harness.admin<{
				requests: Array<{ headers: Record<string, string> }>;
			}>('GET', '/uploads/requests');
			expect(requests).toHaveLength(1);
			expect(JSON.stringify(requests)).not.toContain(harness.sandbox.keys.full);
			expect(Object.keys(requests[0]!.headers)).not.toContain('authorization');
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it('validates its options like the client', () => {
		expect(() => createClient({ baseUrl: 'http://example.com/v1', apiKey: 'k_123456' })).toThrow(
			/https/,
		);
	});

	it('realSleep resolves', async () => {
		await expect(realSleep(1)).resolves.toBeUndefined();
	});
});
