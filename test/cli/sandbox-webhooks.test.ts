import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { compileCli, removeCompiled } from './support/compile-cli';
import { runNumero } from './support/run-numero';
import { admin } from './support/sandbox-admin';
import { WebhookReceiver } from './support/webhook-receiver';

let compiled: { outDir: string; main: string };

beforeAll(() => {
	compiled = compileCli();
});
afterAll(() => removeCompiled(compiled.outDir));

describe('numero trigger and verify agree with the sandbox, which plays the real service', () => {
	let sandbox: RunningSandbox;
	let receiver: WebhookReceiver;
	let endpoint: { id: string; secret: string };
	let cache: string;

	beforeAll(async () => {
		sandbox = await startSandbox({ rateLimit: 0 });
		cache = mkdtempSync(join(tmpdir(), 'numero-sandbox-webhooks-'));
		receiver = await new WebhookReceiver('').start();
		endpoint = await admin<{ id: string; secret: string }>(sandbox, '/webhooks', {
			url: receiver.url,
			events: ['numero.retire', 'numero.remis_en_ligne'],
		});
		receiver.secret = endpoint.secret; // the sandbox makes the secret, as the service does
	});
	afterAll(async () => {
		await sandbox.close();
		await receiver.stop();
		rmSync(cache, { recursive: true, force: true });
	});

	test("the sandbox's delivery verifies with numero verify, and numero trigger sends the same shape", async () => {
		const env = { NUMERO_BASE_URL: sandbox.baseUrl, NUMERO_API_KEY: sandbox.keys.full };
		const offline = await runNumero(
			compiled.main,
			['update', 'numero.press:gazette-2026-10', '--offline'],
			{ env },
		);
		expect(offline.code).toBe(0);
		const delivered = await waitFor(() =>
			receiver.requests.find(
				(request) => JSON.parse(request.body.toString('utf8')).type === 'numero.retire',
			),
		);
		expect(delivered.verdict).toBe('valid');

		const verified = await runNumero(
			compiled.main,
			[
				'verify',
				'--secret',
				endpoint.secret,
				'--header',
				String(delivered.headers['service-signature']),
			],
			{
				input: delivered.body,
			},
		);
		expect(verified.code).toBe(0);
		expect(verified.stdout).toMatch(/^Type +numero\.retire$/m);

		const sent = await runNumero(
			compiled.main,
			['trigger', 'numero.retire', '--to', receiver.url, '--secret', endpoint.secret],
			{ env: { NUMERO_CACHE: cache } },
		);
		expect(sent.code).toBe(0);
		const fromService = JSON.parse(delivered.body.toString('utf8'));
		const fromTrigger = JSON.parse(receiver.last().body.toString('utf8'));
		expect(Object.keys(fromTrigger).sort()).toEqual(Object.keys(fromService).sort());
		expect(Object.keys(fromTrigger.donnees).sort()).toEqual(
			Object.keys(fromService.donnees).sort(),
		);
		expect(Object.keys(fromTrigger.donnees.publication).sort()).toEqual(
			Object.keys(fromService.donnees.publication).sort(),
		);
		expect(fromTrigger.donnees.statut).toBe(fromService.donnees.statut);
		expect(String(receiver.last().headers['service-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
		expect(String(delivered.headers['service-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64}/);
	});

	test("the sandbox's test button event has the shape numero trigger numero.test sends", async () => {
		const { delivery } = await admin<{ delivery: unknown }>(
			sandbox,
			`/webhooks/${endpoint.id}/test`,
			{},
		);
		expect(delivery).toBeDefined();
		const fromService = JSON.parse(
			receiver.requests
				.filter((r) => JSON.parse(r.body.toString('utf8')).type === 'numero.test')
				.pop()!
				.body.toString('utf8'),
		);
		await runNumero(
			compiled.main,
			['trigger', 'numero.test', '--to', receiver.url, '--secret', endpoint.secret],
			{ env: { NUMERO_CACHE: cache } },
		);
		const fromTrigger = JSON.parse(receiver.last().body.toString('utf8'));
		expect(Object.keys(fromTrigger.donnees)).toEqual(Object.keys(fromService.donnees));
	});
});

describe('numero sandbox', () => {
	test('starts the sandbox, which the other commands can use, and stops on SIGTERM', async () => {
		const child = spawn(
			process.execPath,
			[compiled.main, 'sandbox', '--json', '--rate-limit', '0'],
			{
				env: { PATH: process.env.PATH ?? '' },
				stdio: ['ignore', 'pipe', 'pipe'],
			},
		);
		try {
			const firstLine = await new Promise<string>((resolve, reject) => {
				createInterface({ input: child.stdout }).once('line', resolve);
				child.once('exit', (code) => reject(new Error(`numero sandbox exited with ${code}`)));
			});
			const info = JSON.parse(firstLine) as { baseUrl: string; keys: { full: string } };
			expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
			const account = await runNumero(compiled.main, ['account', '--json'], {
				env: { NUMERO_BASE_URL: info.baseUrl, NUMERO_API_KEY: info.keys.full },
			});
			expect(account.code).toBe(0);
			expect(JSON.parse(account.stdout)).toMatchObject({ compte: { formule: 'pro' } });
		} finally {
			const exited = new Promise<number | null>((resolve) =>
				child.once('exit', (code) => resolve(code)),
			);
			child.kill('SIGTERM');
			expect(await exited).toBe(0);
		}
	});

	test('numero sandbox --help, and its own errors with exit 2', async () => {
		const help = await runNumero(compiled.main, ['sandbox', '--help']);
		expect(help.code).toBe(0);
		expect(help.stdout).toContain('--time-scale <x>');
		const bad = await runNumero(compiled.main, ['sandbox', '--port', 'abc']);
		expect(bad.code).toBe(2);
		expect(bad.stderr).toContain('--port');
	});
});

async function waitFor<T>(find: () => T | undefined): Promise<T> {
	for (;;) {
		const found = find();
		if (found !== undefined) return found;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}
