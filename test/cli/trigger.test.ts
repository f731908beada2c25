import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileCli, removeCompiled } from './support/compile-cli';
import { runNumero, STACK_LINE, type RunOptions } from './support/run-numero';
import { WebhookReceiver } from './support/webhook-receiver';

const SECRET = 'whsec_Jq8ZrT2mVx4Lp0Nc7Yb1Hd5Kf3Sg9Wa6';
const EVENT_ID = /^evt_[A-Za-z0-9]{24}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let compiled: { outDir: string; main: string };
let receiver: WebhookReceiver;
let cache: string;

beforeAll(async () => {
	compiled = compileCli();
	receiver = await new WebhookReceiver(SECRET).start();
});
afterAll(async () => {
	await receiver.stop();
	removeCompiled(compiled.outDir);
});
beforeEach(() => {
	cache = mkdtempSync(join(tmpdir(), 'numero-trigger-'));
	receiver.respondWith = undefined;
});
afterEach(() => rmSync(cache, { recursive: true, force: true }));

function trigger(args: string[], options: RunOptions = {}) {
	return runNumero(compiled.main, ['trigger', ...args], {
		...options,
		env: { NUMERO_CACHE: cache, ...options.env },
	});
}

function lastEvent(): {
	id: string;
	type: string;
	cree_le: string;
	donnees: Record<string, unknown>;
} {
	return JSON.parse(receiver.last().body.toString('utf8'));
}

describe('numero trigger', () => {
	test('sends a realistic numero.publie, signed so that an independent receiver accepts it', async () => {
		const run = await trigger(['numero.publie', '--to', receiver.url, '--secret', SECRET]);
		expect(run.stderr).toBe('');
		expect(run.code).toBe(0);
		const request = receiver.last();
		expect(request.verdict).toBe('valid');
		expect(request.method).toBe('POST');
		expect(request.url).toBe('/webhook/numero');
		expect(request.headers['content-type']).toBe('application/json');
		expect(request.headers['user-agent']).toMatch(/^numero-cli\/\d+\.\d+\.\d+ \(numero trigger/);
		expect(request.headers['service-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
		const event = lastEvent();
		expect(Object.keys(event).sort()).toEqual(['cree_le', 'donnees', 'id', 'type']);
		expect(event.id).toMatch(EVENT_ID);
		expect(event.type).toBe('numero.publie');
		expect(event.cree_le).toMatch(ISO_MS);
		expect(event.donnees).toEqual({
			id: expect.stringMatching(/^numero\.press:[a-z0-9-]+$/),
			titre: expect.any(String),
			publication: { code: expect.any(String), nom: expect.any(String) },
			date: expect.stringMatching(/^\d{4}-\d{2}-01$/),
			pages: expect.any(Number),
			page_publique: expect.stringMatching(/^https:\/\//),
			statut: 'en_ligne',
		});
		expect(run.stdout).toContain(`numero.publie ${event.id}`);
		expect(run.stdout).toMatch(/^Status +200 \(accepted\)/m);
		expect(run.stdout).toContain('{"received":true}');
	});

	test.each([
		['numero.remplace', 'en_ligne'],
		['numero.retire', 'retire'],
		['numero.remis_en_ligne', 'en_ligne'],
	])('%s carries the issue with its statut after the change (%s)', async (type, statut) => {
		const run = await trigger([type, '--to', receiver.url, '--secret', SECRET]);
		expect(run.code).toBe(0);
		expect(receiver.last().verdict).toBe('valid');
		expect(lastEvent()).toMatchObject({
			type,
			donnees: { statut, publication: { code: expect.any(String) } },
		});
	});

	test('numero.test carries a message, like the test button', async () => {
		const run = await trigger(['numero.test', '--to', receiver.url, '--secret', SECRET]);
		expect(run.code).toBe(0);
		expect(lastEvent()).toMatchObject({
			type: 'numero.test',
			donnees: { message: expect.any(String) },
		});
	});

	test('--stale signs 10 minutes back: the receiver rejects it, exit code 5', async () => {
		const before = Math.floor(Date.now() / 1000);
		const run = await trigger([
			'numero.publie',
			'--stale',
			'--to',
			receiver.url,
			'--secret',
			SECRET,
		]);
		expect(run.code).toBe(5);
		expect(receiver.last().verdict).toBe('stale');
		const t = Number(/t=(\d+)/.exec(String(receiver.last().headers['service-signature']))?.[1]);
		expect(before - t).toBeGreaterThanOrEqual(599);
		expect(run.stdout).toMatch(/^Status +400 \(rejected\)/m);
		expect(run.stdout).toContain('10 minutes old');
		expect(run.stdout).toContain('{"error":"stale"}');
	});

	test('--future signs 10 minutes ahead: rejected', async () => {
		const run = await trigger([
			'numero.publie',
			'--future',
			'--to',
			receiver.url,
			'--secret',
			SECRET,
		]);
		expect(run.code).toBe(5);
		expect(receiver.last().verdict).toBe('future');
	});

	test('a receiver that accepts a stale signature gets a warning', async () => {
		receiver.respondWith = { status: 204, body: '' };
		const run = await trigger([
			'numero.publie',
			'--stale',
			'--to',
			receiver.url,
			'--secret',
			SECRET,
		]);
		expect(run.code).toBe(0);
		expect(run.stderr).toContain('Warning: the receiver accepted a signature 10 minutes old');
	});

	test('--timestamp within the 5 minutes: accepted without a warning', async () => {
		const t = Math.floor(Date.now() / 1000) - 60;
		const run = await trigger([
			'numero.publie',
			'--timestamp',
			String(t),
			'--to',
			receiver.url,
			'--secret',
			SECRET,
		]);
		expect(run.code).toBe(0);
		expect(receiver.last().headers['service-signature']).toMatch(new RegExp(`^t=${t},v1=`));
		expect(run.stdout).toMatch(/^Signed +t=\d+ \(1 minute old\)$/m);
		expect(run.stderr).toBe('');
	});

	test('a redirect is rejected (exit 5) with a note to use the final address', async () => {
		receiver.respondWith = {
			status: 308,
			body: '',
			headers: { Location: 'https://n8n.example.com/webhook/final' },
		};
		const run = await trigger(['numero.publie', '--to', receiver.url, '--secret', SECRET]);
		expect(run.code).toBe(5);
		expect(run.stderr).toContain('redirects to https://n8n.example.com/webhook/final');
		expect(run.stdout).toContain('(empty response body)');
	});

	test('a wrong secret is rejected by the receiver (exit 5)', async () => {
		const run = await trigger([
			'numero.publie',
			'--to',
			receiver.url,
			'--secret',
			'whsec_notTheRightOne000000000000000',
		]);
		expect(run.code).toBe(5);
		expect(receiver.last().verdict).toBe('bad_signature');
	});

	test('--resend last sends the same body and id again, with a valid signature', async () => {
		const first = await trigger(['numero.retire', '--to', receiver.url, '--secret', SECRET]);
		expect(first.code).toBe(0);
		const firstBody = receiver.last().body.toString('utf8');
		const again = await trigger(['--resend', 'last', '--to', receiver.url, '--secret', SECRET]);
		expect(again.code).toBe(0);
		expect(receiver.last().verdict).toBe('valid');
		expect(receiver.last().body.toString('utf8')).toBe(firstBody);
		expect(again.stdout).toContain('resent: same id and body, new signature');
	});

	test('--resend <id> finds an event sent before, and keeps no secret in the state file', async () => {
		await trigger(['numero.publie', '--to', receiver.url, '--secret', SECRET]);
		const publie = lastEvent();
		await trigger(['numero.test', '--to', receiver.url, '--secret', SECRET]);
		const run = await trigger(['--resend', publie.id, '--to', receiver.url, '--secret', SECRET]);
		expect(run.code).toBe(0);
		expect(lastEvent()).toEqual(publie);
		const state = readFileSync(join(cache, 'trigger-events.json'), 'utf8');
		expect(state).toContain(publie.id);
		expect(state).not.toContain(SECRET);
	});

	test('--resend of an id not sent from here needs the type, and then uses that id', async () => {
		const missing = await trigger([
			'--resend',
			'evt_fromTheDeliveryLog42',
			'--to',
			receiver.url,
			'--secret',
			SECRET,
		]);
		expect(missing.code).toBe(2);
		expect(missing.stderr).toContain('Give its type');
		const run = await trigger([
			'numero.publie',
			'--resend',
			'evt_fromTheDeliveryLog42',
			'--to',
			receiver.url,
			'--secret',
			SECRET,
		]);
		expect(run.code).toBe(0);
		expect(lastEvent()).toMatchObject({ id: 'evt_fromTheDeliveryLog42', type: 'numero.publie' });
	});

	test('--state-file chooses where events are kept', async () => {
		const file = join(cache, 'elsewhere', 'events.json');
		await trigger(['numero.test', '--state-file', file, '--to', receiver.url, '--secret', SECRET]);
		expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([
			expect.objectContaining({ id: lastEvent().id, type: 'numero.test' }),
		]);
	});

	test('--json prints the event, the request and the response; the secret is read from the environment', async () => {
		const run = await trigger(['numero.publie', '--to', receiver.url, '--json'], {
			env: { NUMERO_WEBHOOK_SECRET: SECRET },
		});
		expect(run.code).toBe(0);
		const result = JSON.parse(run.stdout);
		expect(result).toMatchObject({
			accepted: true,
			resent: false,
			event: lastEvent(),
			request: {
				url: receiver.url,
				timing: 'now',
				signatureHeader: receiver.last().headers['service-signature'],
			},
			response: {
				status: 200,
				body: '{"received":true}',
				headers: expect.objectContaining({ 'content-type': 'application/json' }),
			},
		});
		expect(run.stdout).not.toContain(SECRET);
	});

	test('a receiver echoing the secret does not get it printed', async () => {
		receiver.respondWith = { status: 500, body: `{"debug":"expected secret ${SECRET}"}` };
		const run = await trigger(['numero.publie', '--to', receiver.url, '--secret', SECRET]);
		const jsonRun = await trigger([
			'numero.publie',
			'--to',
			receiver.url,
			'--secret',
			SECRET,
			'--json',
		]);
		for (const result of [run, jsonRun]) {
			expect(result.code).toBe(5);
			expect(result.stdout + result.stderr).not.toContain(SECRET);
			expect(result.stdout).toContain('[redacted]');
		}
	});

	test('no receiver listening: exit code 3 and a clear message', async () => {
		const port = await closedPort();
		const run = await trigger([
			'numero.publie',
			'--to',
			`http://127.0.0.1:${port}/hook`,
			'--secret',
			SECRET,
		]);
		expect(run.code).toBe(3);
		expect(run.stderr).toContain(
			`No answer from http://127.0.0.1:${port}/hook: connection refused`,
		);
		expect(run.stderr).not.toMatch(STACK_LINE);
	});

	test.each([
		['no --to', ['numero.publie', '--secret', SECRET], '--to is required'],
		['no --secret', ['numero.publie', '--to', 'http://127.0.0.1:9/'], '--secret is required'],
		[
			'unknown type',
			['numero.publier', '--to', 'http://127.0.0.1:9/', '--secret', SECRET],
			'Unknown event type "numero.publier"',
		],
		['no type', ['--to', 'http://127.0.0.1:9/', '--secret', SECRET], 'Missing <event>'],
		[
			'ftp URL',
			['numero.publie', '--to', 'ftp://example.com/x', '--secret', SECRET],
			'--to must be an http or https URL',
		],
		[
			'not a URL',
			['numero.publie', '--to', 'example.com', '--secret', SECRET],
			'--to must be a full http(s) URL',
		],
		[
			'--stale and --future',
			['numero.publie', '--stale', '--future', '--to', 'http://127.0.0.1:9/', '--secret', SECRET],
			'at most one of --stale',
		],
		[
			'--resend last with no history',
			['--resend', 'last', '--to', 'http://127.0.0.1:9/', '--secret', SECRET],
			'No event was sent yet',
		],
	])('usage error before anything is sent: %s', async (_label, args, message) => {
		const count = receiver.requests.length;
		const run = await trigger(args);
		expect(run.code).toBe(2);
		expect(run.stderr).toContain(message);
		expect(run.stderr).not.toContain(SECRET);
		expect(receiver.requests.length).toBe(count);
	});
});

/** A loopback port with nothing listening (taken, then released). */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}
