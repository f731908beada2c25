/**
 * The n8n transport adapter under network trouble (the sandbox's fault injection): a request that got
 * no response reaches the core as a TransportError, so the core retries what is safe to retry, and
 * reports what it could not do.
 */
import { Readable } from 'node:stream';

import type { IExecuteFunctions } from 'n8n-workflow';

import { apiTransport } from '../../nodes/Numero/transport/api-transport';
import { BinaryStreamBody } from '../../nodes/Numero/transport/binary-stream-body';
import { uploadTransport } from '../../nodes/Numero/transport/upload-transport';
import { startNumeroSandbox, type NumeroTestContext } from './support/numero-sandbox';

let t: NumeroTestContext;
beforeAll(async () => {
	t = await startNumeroSandbox();
});
afterAll(async () => t.close());
afterEach(async () => {
	await t.admin('DELETE', '/faults');
});

const fault = (body: object) => t.admin('POST', '/faults', body);

test('a dropped connection on a GET is retried and the item succeeds', async () => {
	await fault({ match: { method: 'GET', path: '/compte' }, count: 1, action: 'drop' });
	const result = await t.run({ resource: 'account', operation: 'get' });
	expect(result.nodeError).toBeUndefined();
	expect(result.items[0]!.json.formule).toBe('pro');
	expect((await t.admin<{ faults: unknown[] }>('GET', '/faults')).faults).toEqual([]);
});

test('a link whose response was lost is retried with the same idempotency key: one link, not two', async () => {
	const linksBefore = (await t.admin<{ links: unknown[] }>('GET', '/state')).links.length;
	await fault({ match: { method: 'POST', path: '/liens' }, count: 1, action: 'commit_then_drop' });
	const result = await t.run({
		resource: 'link',
		operation: 'create',
		issueId: { __rl: true, mode: 'id', value: 'numero.press:gazette-2026-09' },
	});
	expect(result.nodeError).toBeUndefined();
	expect((await t.admin<{ links: unknown[] }>('GET', '/state')).links.length).toBe(linksBefore + 1);
});

test('when every attempt fails, the item fails with a network code and the number of attempts', async () => {
	await fault({ match: { method: 'GET', path: '/compte' }, count: 10, action: 'drop' });
	const result = await t.run({ resource: 'account', operation: 'get' }, { continueOnFail: true });
	expect(result.items[0]!.json).toEqual({
		error: expect.stringMatching(/^GET \/compte: could not reach .*after 4 attempts/),
		details: { code: 'network_reset', attempts: 4 },
	});
});

test('an upload PUT that was dropped is sent again from a new stream of the file', async () => {
	await fault({ match: { origin: 'upload', method: 'PUT' }, count: 1, action: 'drop' });
	const pdf = t.pdfFile('Hors-série, printemps 2027');
	const result = await t.run(
		{
			resource: 'issue',
			operation: 'publish',
			binaryPropertyName: 'data',
			title: 'Hors-série, printemps 2027',
			periodicalMode: 'existing',
			periodical: 'gazette',
		},
		{
			input: [
				{
					json: {},
					binary: {
						data: { filePath: pdf.filePath, fileName: 'hs.pdf', mimeType: 'application/pdf' },
					},
				},
			],
		},
	);
	expect(result.nodeError).toBeUndefined();
	expect(result.items[0]!.json).toMatchObject({
		pdf: { deja_present: false },
		numero: { titre: 'Hors-série, printemps 2027' },
	});
	const puts = (
		await t.admin<{ requests: Array<{ method: string }> }>('GET', '/uploads/requests')
	).requests.filter((r) => r.method === 'PUT');
	expect(puts.length).toBeGreaterThanOrEqual(2);
});

test("the upload transport hands n8n's HTTP helper the binary's own Node stream, untouched", async () => {
	const stream = Readable.from([Buffer.from('%PDF-1.4 not really')]);
	const sent: unknown[] = [];
	const context = {
		helpers: {
			httpRequest: async (options: { body: unknown; disableFollowRedirect?: boolean }) => {
				// Following redirects would make n8n's HTTP client keep every byte sent, to replay it.
				expect(options.disableFollowRedirect).toBe(true);
				sent.push(options.body);
				return {
					statusCode: 200,
					headers: { 'Content-Type': 'application/json' },
					body: '{"ok":true}',
				};
			},
		},
	} as unknown as IExecuteFunctions;
	const response = await uploadTransport(context)({
		method: 'PUT',
		url: `${t.sandbox.uploadOrigin}/unused`,
		headers: { 'Content-Length': '19' },
		body: new BinaryStreamBody(async () => stream as never),
	});
	expect(sent).toEqual([stream]);
	expect(response).toEqual({
		status: 200,
		headers: { 'content-type': 'application/json' },
		body: '{"ok":true}',
	});
});

test('API calls go through the credential, follow no redirect, and return every status to the core', async () => {
	const calls: Array<{ credential: string; options: Record<string, unknown> }> = [];
	const context = {
		helpers: {
			httpRequestWithAuthentication: async (
				credential: string,
				options: Record<string, unknown>,
			) => {
				calls.push({ credential, options });
				return { statusCode: 302, headers: { Location: 'https://elsewhere.example/' }, body: '' };
			},
		},
	} as unknown as IExecuteFunctions;
	const response = await apiTransport(context)({
		method: 'GET',
		url: `${t.sandbox.baseUrl}/compte`,
		headers: { Accept: 'application/json' },
		timeoutMs: 5000,
	});
	expect(calls).toEqual([
		{
			credential: 'numeroApi',
			options: expect.objectContaining({
				disableFollowRedirect: true,
				ignoreHttpStatusErrors: true,
				returnFullResponse: true,
				timeout: 5000,
			}),
		},
	]);
	expect(calls[0]!.options.headers).not.toHaveProperty('Authorization');
	expect(response).toEqual({
		status: 302,
		headers: { location: 'https://elsewhere.example/' },
		body: '',
	});
});
