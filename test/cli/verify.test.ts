import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileCli, removeCompiled } from './support/compile-cli';
import { runNumero, STACK_LINE } from './support/run-numero';
import { independentSignature, WebhookReceiver } from './support/webhook-receiver';

const SECRET = 'whsec_R4nd0mS1gn1ngS3cr3tF0rV3r1fy00';
const OLD_SECRET = 'whsec_Pr3v10usS3cr3tB3f0reR0tat10n0';
const BODY = JSON.stringify({
	id: 'evt_7d1Kq2VbXn9LmP3rT8sW4yZa',
	type: 'numero.publie',
	cree_le: '2026-03-01T07:30:12.345Z',
	donnees: {
		id: 'numero.press:gazette-2026-03',
		titre: 'Mars 2026',
		publication: { code: 'gazette', nom: 'La Gazette' },
		date: '2026-03-01',
		pages: 68,
		page_publique: 'https://numero.press/gazette-2026-03',
		statut: 'en_ligne',
	},
});

let compiled: { outDir: string; main: string };
let folder: string;
let bodyFile: string;

beforeAll(() => {
	compiled = compileCli();
	folder = mkdtempSync(join(tmpdir(), 'numero-verify-'));
	bodyFile = join(folder, 'body.json');
	writeFileSync(bodyFile, BODY);
});
afterAll(() => {
	removeCompiled(compiled.outDir);
	rmSync(folder, { recursive: true, force: true });
});

const now = () => Math.floor(Date.now() / 1000);

function verify(args: string[], input?: string) {
	return runNumero(compiled.main, ['verify', ...args], input === undefined ? {} : { input });
}

describe('numero verify', () => {
	test('a valid delivery: exit 0, with the event type and id', async () => {
		const run = await verify([
			'--secret',
			SECRET,
			'--header',
			independentSignature(SECRET, now(), BODY),
			'--body-file',
			bodyFile,
		]);
		expect(run.code).toBe(0);
		expect(run.stdout).toContain('Valid signature.');
		expect(run.stdout).toMatch(/^Type +numero\.publie$/m);
		expect(run.stdout).toMatch(/^Id +evt_7d1Kq2VbXn9LmP3rT8sW4yZa$/m);
	});

	test('the body can come on stdin, and a pasted "Service-Signature:" prefix is accepted', async () => {
		const run = await verify(
			[
				'--secret',
				SECRET,
				'--header',
				`Service-Signature: ${independentSignature(SECRET, now(), BODY)}`,
			],
			BODY,
		);
		expect(run.code).toBe(0);
	});

	test('several --secret (rotation): any one that matches is enough', async () => {
		const run = await verify([
			'--secret',
			SECRET,
			'--secret',
			OLD_SECRET,
			'--header',
			independentSignature(OLD_SECRET, now(), BODY),
			'--body-file',
			bodyFile,
		]);
		expect(run.code).toBe(0);
	});

	test.each([
		['no_matching_signature', () => independentSignature('whsec_someoneElse', now(), BODY)],
		['timestamp_too_old', () => independentSignature(SECRET, now() - 900, BODY)],
		['timestamp_in_future', () => independentSignature(SECRET, now() + 900, BODY)],
		['malformed_header', () => 'sha256=0123abcd'],
		['missing_header', () => ''],
	])("%s: exit 4, the reason code and the core's sentence", async (reason, header) => {
		const run = await verify(['--secret', SECRET, '--header', header(), '--body-file', bodyFile]);
		expect(run.code).toBe(4);
		expect(run.stdout).toMatch(new RegExp(`^Invalid: ${reason}\\n.{10,}`));
		expect(run.stdout + run.stderr).not.toContain(SECRET);
		expect(run.stderr).not.toMatch(STACK_LINE);
	});

	test('a correctly signed body that is not an event: invalid_payload', async () => {
		const body = 'not json';
		const run = await verify(
			['--secret', SECRET, '--header', independentSignature(SECRET, now(), body)],
			body,
		);
		expect(run.code).toBe(4);
		expect(run.stdout).toMatch(/^Invalid: invalid_payload/);
	});

	test('--tolerance and --now verify a delivery logged earlier', async () => {
		const then = now() - 3600;
		const header = independentSignature(SECRET, then, BODY);
		expect(
			(await verify(['--secret', SECRET, '--header', header, '--body-file', bodyFile])).code,
		).toBe(4);
		expect(
			(
				await verify([
					'--secret',
					SECRET,
					'--header',
					header,
					'--body-file',
					bodyFile,
					'--tolerance',
					'7200',
				])
			).code,
		).toBe(0);
		expect(
			(
				await verify([
					'--secret',
					SECRET,
					'--header',
					header,
					'--body-file',
					bodyFile,
					'--now',
					String(then + 10),
				])
			).code,
		).toBe(0);
	});

	test('a final newline added by echo is pointed out', async () => {
		const run = await verify(
			['--secret', SECRET, '--header', independentSignature(SECRET, now(), BODY)],
			`${BODY}\n`,
		);
		expect(run.code).toBe(4);
		expect(run.stdout).toContain('Invalid: no_matching_signature');
		expect(run.stdout).toContain('matches the body without its final newline');
	});

	test('--json: {valid, event} or {valid: false, reason, message}', async () => {
		const good = await verify([
			'--json',
			'--secret',
			SECRET,
			'--header',
			independentSignature(SECRET, now(), BODY),
			'--body-file',
			bodyFile,
		]);
		expect(JSON.parse(good.stdout)).toEqual({
			valid: true,
			event: {
				id: 'evt_7d1Kq2VbXn9LmP3rT8sW4yZa',
				type: 'numero.publie',
				cree_le: '2026-03-01T07:30:12.345Z',
			},
		});
		const bad = await verify([
			'--json',
			'--secret',
			SECRET,
			'--header',
			independentSignature(SECRET, now() - 900, BODY),
			'--body-file',
			bodyFile,
		]);
		expect(bad.code).toBe(4);
		expect(JSON.parse(bad.stdout)).toEqual({
			valid: false,
			reason: 'timestamp_too_old',
			message: expect.any(String),
		});
	});

	test('the secret from NUMERO_WEBHOOK_SECRET', async () => {
		const run = await runNumero(
			compiled.main,
			['verify', '--header', independentSignature(SECRET, now(), BODY), '--body-file', bodyFile],
			{
				env: { NUMERO_WEBHOOK_SECRET: SECRET },
			},
		);
		expect(run.code).toBe(0);
	});

	test.each([
		['no secret', ['--header', 't=1,v1=00'], '--secret is required'],
		['no header', ['--secret', SECRET], '--header is required'],
		[
			'bad tolerance',
			['--secret', SECRET, '--header', 't=1,v1=00', '--tolerance', 'long'],
			'--tolerance must be a whole number',
		],
		[
			'missing body file',
			['--secret', SECRET, '--header', 't=1,v1=00', '--body-file', '/nonexistent/body.json'],
			'Cannot read /nonexistent/body.json: no such file',
		],
	])('usage error (exit 2): %s', async (_label, args, message) => {
		const run = await verify(args);
		expect(run.code).toBe(2);
		expect(run.stderr).toContain(message);
		expect(run.stderr).not.toContain(SECRET);
	});

	test('what trigger sends, verify accepts (round trip through a receiver)', async () => {
		const receiver = await new WebhookReceiver(SECRET).start();
		const cache = mkdtempSync(join(tmpdir(), 'numero-roundtrip-'));
		try {
			const sent = await runNumero(
				compiled.main,
				['trigger', 'numero.remplace', '--to', receiver.url, '--secret', SECRET],
				{ env: { NUMERO_CACHE: cache } },
			);
			expect(sent.code).toBe(0);
			const { headers, body } = receiver.last();
			const run = await verify(
				['--secret', SECRET, '--header', String(headers['service-signature'])],
				body.toString('utf8'),
			);
			expect(run.code).toBe(0);
			expect(run.stdout).toMatch(/^Type +numero\.remplace$/m);
		} finally {
			await receiver.stop();
			rmSync(cache, { recursive: true, force: true });
		}
	});
});
