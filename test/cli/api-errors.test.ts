import { createServer } from 'node:net';
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { compileCli, removeCompiled } from './support/compile-cli';
import { runNumero, STACK_LINE } from './support/run-numero';
import { admin, apiCalls } from './support/sandbox-admin';

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
afterEach(async () => {
	await fetch(`${sandbox.adminUrl}/faults`, {
		method: 'DELETE',
		headers: { Authorization: `Bearer ${sandbox.adminToken}` },
	});
});

async function numero(args: string[], env: Record<string, string> = {}) {
	const key = env.NUMERO_API_KEY ?? sandbox.keys.full;
	const run = await runNumero(compiled.main, args, {
		env: { NUMERO_BASE_URL: sandbox.baseUrl, NUMERO_API_KEY: key, ...env },
	});
	expect(run.stdout + run.stderr).not.toContain(key);
	expect(run.stderr).not.toMatch(STACK_LINE);
	return run;
}

function jsonError(stdout: string): Record<string, unknown> {
	return (JSON.parse(stdout) as { error: Record<string, unknown> }).error;
}

describe('API errors: exit 1 with the core message', () => {
	test('a revoked key (401); the key is never printed, not even given as a flag', async () => {
		const run = await numero(['account', '--api-key', sandbox.keys.revoked, '--json'], {
			NUMERO_API_KEY: sandbox.keys.revoked,
		});
		expect(run.code).toBe(1);
		expect(jsonError(run.stdout)).toMatchObject({
			kind: 'api',
			status: 401,
			code: 'unauthorized',
			requestId: expect.stringMatching(/^req_/),
		});
		expect(run.stderr).toMatch(/^numero account: .*API key was refused/);
	});

	test('an issue of another account is not found (404)', async () => {
		const run = await numero(['issue', 'numero.press:bulletin-quartier-2026-10']);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain('was not found for this API key');
		expect(run.stderr.match(/request id/g)).toHaveLength(1);
	});

	test('an issue of the former reader cannot be changed (409 not_editable)', async () => {
		const run = await numero([
			'update',
			'numero.press:gazette-2019-03',
			'--title',
			'New title',
			'--json',
		]);
		expect(run.code).toBe(1);
		expect(jsonError(run.stdout)).toMatchObject({ status: 409, code: 'not_editable' });
	});

	test('a key without the liens permission (403 forbidden_scope names it)', async () => {
		const run = await numero(['link', 'numero.press:gazette-2026-10'], {
			NUMERO_API_KEY: sandbox.keys.lecture,
		});
		expect(run.code).toBe(1);
		expect(run.stderr).toContain('liens');
	});

	test('429 with a long Retry-After: not waited for, exit 1 with retryAfter', async () => {
		await admin(sandbox, '/faults', {
			match: { path: '/v1/compte' },
			action: 'status',
			status: 429,
			retryAfter: 3600,
			count: 1,
		});
		const run = await numero(['account', '--json']);
		expect(run.code).toBe(1);
		expect(jsonError(run.stdout)).toMatchObject({ status: 429, retryAfter: 3600 });
	});

	test('a 503 on a GET is retried by the core, and the command succeeds', async () => {
		await admin(sandbox, '/faults', {
			match: { path: '/v1/compte' },
			action: 'status',
			status: 503,
			count: 1,
		});
		const run = await numero(['account']);
		expect(run.code).toBe(0);
		expect(run.stdout).toMatch(/^Plan +pro$/m);
	});
});

describe('refused before any request: exit 2', () => {
	test.each([
		[
			'--days out of range',
			['link', 'numero.press:gazette-2026-10', '--days', '0'],
			'numero link: --days must be a whole number from 1 to 365; got 0.',
		],
		[
			'--page below 1',
			['link', 'numero.press:gazette-2026-10', '--page', '0'],
			'numero link: --page must be a whole number of at least 1; got 0.',
		],
		[
			'--reference with a space',
			['link', 'numero.press:gazette-2026-10', '--reference', 'jean dupont'],
			'numero link: --reference must be 1 to 80 letters',
		],
		[
			'an issue id without domain',
			['issue', 'gazette-2026-10'],
			'numero issue: <id> must be an issue id',
		],
		[
			'a revoke reference with a slash',
			['revoke', 'a/b'],
			'numero revoke: <reference> must be 1 to 80',
		],
		[
			'--limit above 200',
			['issues', '--limit', '500'],
			'numero issues: --limit must be a whole number from 1 to 200; got 500.',
		],
		[
			'--since not a date',
			['stats', 'numero.press:gazette-2026-10', '--since', 'yesterday'],
			'numero stats: --since must be a date written YYYY-MM-DD',
		],
		[
			'--online and --offline',
			['update', 'numero.press:gazette-2026-10', '--online', '--offline'],
			'--online and --offline cannot go together',
		],
		[
			'--download maybe',
			['update', 'numero.press:gazette-2026-10', '--download', 'maybe'],
			'--download must be one of periodical, yes, no',
		],
		['a missing <issue>', ['link'], 'Missing <issue>'],
	])('%s', async (_label, args, message) => {
		const before = await apiCalls(sandbox);
		const run = await numero(args);
		expect(run.code).toBe(2);
		expect(run.stderr).toContain(message);
		expect(await apiCalls(sandbox)).toBe(before);
	});

	test('no base URL, no key: say which setting is missing', async () => {
		const noUrl = await runNumero(compiled.main, ['account'], {
			env: { NUMERO_API_KEY: sandbox.keys.full },
		});
		expect(noUrl.code).toBe(2);
		expect(noUrl.stderr).toContain(
			'No API address: pass --base-url https://…/v1 or set NUMERO_BASE_URL.',
		);
		const noKey = await runNumero(compiled.main, ['account', '--base-url', sandbox.baseUrl]);
		expect(noKey.code).toBe(2);
		expect(noKey.stderr).toContain('No API key: set NUMERO_API_KEY');
	});

	test('a plain-http base URL off this machine is refused, naming --base-url', async () => {
		const run = await numero(['account', '--base-url', 'http://numero.example/v1']);
		expect(run.code).toBe(2);
		expect(run.stderr).toMatch(/^numero account: --base-url or NUMERO_BASE_URL must use https/);
	});
});

describe('network failures: exit 3', () => {
	test('nothing listening at the base URL', async () => {
		const port = await closedPort();
		const run = await numero(['issues', '--json'], {
			NUMERO_BASE_URL: `http://127.0.0.1:${port}/v1`,
		});
		expect(run.code).toBe(3);
		expect(jsonError(run.stdout)).toMatchObject({ kind: 'network', reason: 'refused' });
		expect(run.stderr).toContain('refused');
	});
});

async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}
