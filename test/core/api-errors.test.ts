/** Every error status of the reference, produced by the sandbox, becomes a NumeroApiError a person can act on. */
import { createHash } from 'crypto';
import {
	bytesSource,
	NumeroApiError,
	NumeroClient,
	publishIssue,
	scrubSecrets,
} from '../../shared';
import { startHarness, type Harness } from './support/sandbox-harness';

const ISSUE = 'numero.press:gazette-2026-10';
const OTHER_ACCOUNT_ISSUE = 'numero.press:bulletin-quartier-2026-10';
const FORMER_READER_ISSUE = 'numero.press:gazette-2019-03';

async function apiError(promise: Promise<unknown>): Promise<NumeroApiError> {
	const error = await promise.then(
		() => undefined,
		(e: unknown) => e,
	);
	if (!(error instanceof NumeroApiError))
		throw new Error(`expected a NumeroApiError, got ${String(error)}`);
	return error;
}

describe('API errors', () => {
	let harness: Harness;
	const messages: string[] = [];
	const collect = (error: NumeroApiError): NumeroApiError => {
		messages.push(error.message, error.serviceMessage ?? '');
		return error;
	};

	beforeAll(async () => {
		harness = await startHarness();
	});
	afterAll(async () => {
		// No message ever carries a key of the sandbox.
		for (const key of Object.values(harness.sandbox.keys)) {
			for (const message of messages) expect(message).not.toContain(key);
		}
		await harness.close();
	});

	it('401 for a revoked key says to check the key in the credentials, that it may be revoked', async () => {
		const error = collect(await apiError(harness.client({ key: 'revoked' }).getAccount()));
		expect(error).toMatchObject({
			status: 401,
			code: 'unauthorized',
			requestId: expect.any(String),
		});
		expect(error.message).toMatch(/^The API key was refused/);
		expect(error.message).toContain('Check the API key in the credentials');
		expect(error.message).toContain('revoked');
		// The request id is a property (hosts show it once, in their details), not part of the sentence.
		expect(error.message).not.toContain(error.requestId);
	});

	it('401 for an unknown key does not echo it', async () => {
		const wrong = 'nmr_live_thisIsNotAValidKey123456';
		const client = new NumeroClient({
			baseUrl: harness.sandbox.baseUrl,
			apiKey: wrong,
			transport: (harness.client() as never)['transport'],
		});
		const error = collect(await apiError(client.listIssues()));
		expect(error.status).toBe(401);
		expect(`${error.message} ${error.serviceMessage}`).not.toContain(wrong);
	});

	const scopeCases: Array<
		[string, 'lecture' | 'liens' | 'publication', (c: NumeroClient) => Promise<unknown>, string]
	> = [
		['createLink with a lecture key', 'lecture', (c) => c.createLink({ id: ISSUE }), 'liens'],
		[
			'revokeReference with a publication key',
			'publication',
			(c) => c.revokeReference({ reference: 'x' }),
			'liens',
		],
		['getAccount with a liens key', 'liens', (c) => c.getAccount(), 'lecture'],
		['listIssues with a publication key', 'publication', (c) => c.listIssues(), 'lecture'],
		['getStatistics with a liens key', 'liens', (c) => c.getStatistics({ id: ISSUE }), 'lecture'],
		[
			'requestUpload with a lecture key',
			'lecture',
			(c) => c.requestUpload({ sha256: 'a'.repeat(64), taille: 1 }),
			'publication',
		],
		[
			'updateIssue with a liens key',
			'liens',
			(c) => c.updateIssue(ISSUE, { titre: 'x' }),
			'publication',
		],
		[
			'createIssue with a lecture key',
			'lecture',
			(c) => c.createIssue({ sha256: 'a'.repeat(64), taille: 1, titre: 'x' }),
			'publication',
		],
	];
	it.each(scopeCases)(
		'403 forbidden_scope: %s names the missing permission and where to add it',
		async (_name, key, call, permission) => {
			const error = collect(await apiError(call(harness.client({ key }))));
			expect(error).toMatchObject({ status: 403, code: 'forbidden_scope' });
			expect(error.message).toContain(`lacks the "${permission}" permission`);
			expect(error.message).toContain('integrations area');
		},
	);

	it('403 blocked_user_agent names the agent and says to set a descriptive one', async () => {
		const error = collect(await apiError(harness.client({ userAgent: 'undici' }).getAccount()));
		expect(error).toMatchObject({ status: 403, code: 'blocked_user_agent' });
		expect(error.message).toContain('"undici"');
		expect(error.message).toContain('descriptive User-Agent');
	});

	it.each<[string, (c: NumeroClient) => Promise<unknown>]>([
		['getIssue', (c) => c.getIssue({ id: OTHER_ACCOUNT_ISSUE })],
		['getStatistics', (c) => c.getStatistics({ id: OTHER_ACCOUNT_ISSUE })],
		['updateIssue', (c) => c.updateIssue(OTHER_ACCOUNT_ISSUE, { titre: 'x' })],
		['createLink', (c) => c.createLink({ id: OTHER_ACCOUNT_ISSUE })],
	])("404 from %s on another account's issue names the issue", async (_name, call) => {
		const error = collect(await apiError(call(harness.client())));
		expect(error).toMatchObject({ status: 404, code: 'not_found' });
		expect(error.message).toContain(
			`Issue "${OTHER_ACCOUNT_ISSUE}" was not found for this API key`,
		);
	});

	it('404 when replacing an issue that does not exist names it', async () => {
		const error = collect(
			await apiError(
				publishIssue(harness.client(), {
					pdf: bytesSource(new TextEncoder().encode('%PDF replacement')),
					fields: { titre: 'R', remplace: 'numero.press:nothing-here' },
				}),
			),
		);
		expect(error.status).toBe(404);
		expect(error.message).toContain('"numero.press:nothing-here"');
	});

	it('409 address_taken names the address', async () => {
		const error = collect(
			await apiError(
				publishIssue(harness.client(), {
					pdf: bytesSource(new TextEncoder().encode('%PDF taken')),
					fields: { titre: 'Taken', adresse: 'gazette-2026-10', publication: 'gazette' },
				}),
			),
		);
		expect(error).toMatchObject({ status: 409, code: 'address_taken' });
		expect(error.message).toContain('"numero.press/gazette-2026-10" is already taken');
	});

	it('409 not_editable explains the former reader', async () => {
		const error = collect(
			await apiError(harness.client().updateIssue(FORMER_READER_ISSUE, { titre: 'New' })),
		);
		expect(error).toMatchObject({ status: 409, code: 'not_editable' });
		expect(error.message).toContain(
			`Issue "${FORMER_READER_ISSUE}" was published with the former reader`,
		);
		expect(error.message).toContain("publisher's space");
	});

	it('409 not_scheduled when moving the date of an issue that is online', async () => {
		const now = await harness.sandboxNow();
		const error = collect(
			await apiError(
				harness
					.client({ now: () => now })
					.updateIssue(ISSUE, { publier_le: new Date(now + 86_400_000).toISOString() }),
			),
		);
		expect(error).toMatchObject({ status: 409, code: 'not_scheduled' });
		expect(error.message).toContain('is not scheduled');
	});

	it('400 from the service includes its own message', async () => {
		const error = collect(
			await apiError(
				harness.client().createIssue({
					sha256: 'd'.repeat(64),
					taille: 5,
					titre: 'Never uploaded',
					publication: 'gazette',
				}),
			),
		);
		expect(error).toMatchObject({ status: 400, code: 'upload_missing' });
		expect(error.message).toContain('The service said:');
		expect(error.serviceMessage).toBeTruthy();
	});

	describe('plans', () => {
		afterEach(async () => {
			await harness.admin('POST', '/plans', {
				maxIssues: null,
				maxFileBytes: 524_288_000,
				statut: 'actif',
			});
		});

		it("402 plan_limit says the plan's issue limit is reached: upgrade or withdraw", async () => {
			const { compte } = await harness.client().getAccount();
			await harness.admin('POST', '/plans', { maxIssues: compte.utilisation.numeros });
			const error = collect(
				await apiError(
					publishIssue(harness.client(), {
						pdf: bytesSource(new TextEncoder().encode('%PDF over the limit')),
						fields: { titre: 'One too many', publication: 'gazette' },
					}),
				),
			);
			expect(error).toMatchObject({ status: 402, code: 'plan_limit' });
			expect(error.message).toContain("plan's limit on the number of issues is reached");
			expect(error.message).toMatch(/Upgrade the plan, or withdraw/);
		});

		it('402 subscription_ended says to renew', async () => {
			await harness.admin('POST', '/plans', { statut: 'resilie' });
			const error = collect(await apiError(harness.client().createLink({ id: ISSUE })));
			expect(error).toMatchObject({ status: 402, code: 'subscription_ended' });
			expect(error.message).toContain('subscription has ended');
		});

		it('413 says the file is too large for the plan', async () => {
			await harness.admin('POST', '/plans', { maxFileBytes: 10 });
			const bytes = new TextEncoder().encode('%PDF more than ten bytes');
			const sha256 = createHash('sha256').update(bytes).digest('hex');
			const error = collect(
				await apiError(harness.client().requestUpload({ sha256, taille: bytes.byteLength })),
			);
			expect(error).toMatchObject({ status: 413, code: 'file_too_large' });
			expect(error.message).toContain("too large for the account's plan");
			expect(error.message).toContain('The service said:');
		});
	});

	describe('429', () => {
		afterEach(async () => {
			await harness.admin('POST', '/rate-limit', { perMinute: 300 });
		});

		it('waits Retry-After (on the sandbox clock, through the sleep port) and then succeeds', async () => {
			await harness.admin('POST', '/rate-limit', { perMinute: 2 });
			const waits: number[] = [];
			const client = harness.client({
				sleep: async (ms) => {
					waits.push(ms);
					await harness.admin('POST', '/clock', { advanceSeconds: ms / 1000 });
				},
			});
			await client.getAccount();
			await client.getAccount();
			await expect(client.getAccount()).resolves.toHaveProperty('compte');
			expect(waits).toHaveLength(1);
			expect(waits[0]).toBeGreaterThanOrEqual(1000);
			expect(waits[0]! % 1000).toBe(0);
		});

		it('a POST refused by 429 is sent again: nothing was done the first time', async () => {
			await harness.admin('POST', '/rate-limit', { perMinute: 1 });
			const client = harness.client({
				sleep: async (ms) =>
					void (await harness.admin('POST', '/clock', { advanceSeconds: ms / 1000 })),
			});
			await client.getAccount();
			await expect(client.revokeReference({ reference: 'after-429' })).resolves.toHaveProperty(
				'revoque_le',
			);
		});

		it('throws with retryAfter and the wait in the message when the wait is beyond the bound', async () => {
			await harness.admin('POST', '/rate-limit', { perMinute: 1 });
			const client = harness.client({ retry: { maxRetryAfterSeconds: 5 } });
			await client.getAccount();
			const error = collect(await apiError(client.getAccount()));
			expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
			expect(error.retryAfter).toBeGreaterThan(5);
			expect(error.message).toContain(`retry in ${error.retryAfter} seconds`);
			expect(harness.sleeps.filter((ms) => ms > 5000)).toEqual([]);
		});

		it('throws after maxAttempts when the limit keeps refusing', async () => {
			await harness.admin('POST', '/rate-limit', { perMinute: 1 });
			const waits: number[] = [];
			const client = harness.client({
				retry: { maxAttempts: 3 },
				sleep: async (ms) => void waits.push(ms),
			});
			await client.getAccount();
			const before = await harness.requestCount();
			const error = collect(await apiError(client.getAccount()));
			expect(error.status).toBe(429);
			expect(waits).toHaveLength(2);
			expect((await harness.requestCount()) - before).toBe(3);
		});

		it("a sleep that throws (as Zapier's) stops the call with its error", async () => {
			await harness.admin('POST', '/rate-limit', { perMinute: 1 });
			class Throttled extends Error {}
			const client = harness.client({
				sleep: async () => {
					throw new Throttled('throttled');
				},
			});
			await client.getAccount();
			await expect(client.getAccount()).rejects.toBeInstanceOf(Throttled);
		});
	});

	describe('the upload PUT', () => {
		const bytes = new TextEncoder().encode('%PDF-1.4 upload errors');
		const sha256 = createHash('sha256').update(bytes).digest('hex');

		it('400 sha256_mismatch says the file changed while it was published', async () => {
			const client = harness.client();
			const televersement = await client.requestUpload({ sha256, taille: bytes.byteLength });
			const other = new TextEncoder().encode('%PDF-1.4 upload ERRORS');
			const error = collect(
				await apiError(client.putUpload(televersement, other, other.byteLength)),
			);
			expect(error).toMatchObject({ status: 400, code: 'sha256_mismatch' });
			expect(error.message).toMatch(/^The file sent did not match its SHA-256 or size/);
		});

		it('403 upload_expired says to run again for a new address', async () => {
			const client = harness.client();
			const televersement = await client.requestUpload({ sha256, taille: bytes.byteLength });
			await harness.admin('POST', '/clock', { advanceSeconds: 3601 });
			const error = collect(
				await apiError(client.putUpload(televersement, bytes, bytes.byteLength)),
			);
			expect(error).toMatchObject({ status: 403, code: 'upload_expired' });
			expect(error.message).toContain('The upload address expired');
		});

		it('another refusal of the upload origin says the upload address refused the file, without retrying', async () => {
			const client = harness.client();
			const televersement = await client.requestUpload({ sha256, taille: bytes.byteLength });
			await harness.admin('POST', '/faults', {
				count: 1,
				match: { origin: 'upload', method: 'PUT' },
				action: 'status',
				status: 403,
			});
			const error = collect(
				await apiError(client.putUpload(televersement, bytes, bytes.byteLength)),
			);
			expect(error.status).toBe(403);
			expect(error.message).toContain('The upload address refused the file (HTTP 403');
			await expect(client.putUpload(televersement, bytes, bytes.byteLength)).resolves.toEqual({
				sha256,
				taille: bytes.byteLength,
			});
		});
	});

	it('5xx says the service failed, to try again later', async () => {
		await harness.admin('POST', '/faults', {
			match: { method: 'GET', path: '/compte' },
			count: 1,
			action: 'status',
			status: 502,
		});
		const error = collect(
			await apiError(harness.client({ retry: { maxAttempts: 1 } }).getAccount()),
		);
		expect(error.status).toBe(502);
		expect(error.message).toContain('The numero service failed (HTTP 502)');
	});
});

describe('scrubSecrets', () => {
	it('removes the key and any bearer token from echoed text', () => {
		expect(
			scrubSecrets('bad key nmr_abc123456 in Authorization: Bearer nmr_abc123456', [
				'nmr_abc123456',
			]),
		).toBe('bad key [redacted] in Authorization: Bearer [redacted]');
		expect(scrubSecrets('Bearer sometoken, then', [])).toBe('Bearer [redacted], then');
	});
});
