/**
 * Secrets (see RELIABILITY.md): every operation of the core, the n8n node (n8n engine, its logger
 * at debug level) and the Zapier app (createAppTester, with Zapier's detailed HTTP log), succeeding
 * and failing, run with recognisable API keys and signing secrets; every output, error and log line
 * searched for them, and the upload origin's record of every PUT checked for the key.
 * (The Numero Trigger in a real n8n, and n8n's own log file, are searched by webhook-fuzz.test.ts.)
 */
import './support/n8n-debug-logs';

import {
	bytesSource,
	NumeroClient,
	publishIssue,
	signWebhook,
	verifyWebhook,
	type NumeroClientOptions,
} from '../../shared';
import { undiciTransport } from '../../standalone';
import { RENDERED_COVER_JPEG } from '../../sandbox/reader/sample-files';
import { appTester, App } from '../../zapier/test/support/app-tester';
import { uniquePdf } from '../../zapier/test/support/files';
import { startFileHost, type FileHost } from '../../zapier/test/support/local-servers';
import { startHarness, type Harness } from '../core/support/sandbox-harness';
import { runNode, testCredentials, type TestItem } from '../n8n/harness';
import { NUMERO_NODE_TYPE } from '../n8n/support/numero-sandbox';
import { canaryKeys, canarySigningSecret, unknownCanaryKey } from './support/canary-secrets';
import { recordPart, type ResultRow } from './support/results';
import { SecretScan } from './support/secret-scan';
import {
	runOperations,
	SECRETS_PROMISE,
	secretsRow,
	uploadHeaders,
	type Operation,
} from './support/secret-operations';

const ISSUE = 'numero.press:gazette-2026-10';
const FORMER_READER_ISSUE = 'numero.press:gazette-2019-03';
const SETUP =
	'sandbox keys nk_test_SECRET_CANARY_<role>_<random> for every permission set, signing secrets whsec_SECRET_CANARY_…, a URL password carrying the marker; ' +
	'searched: each secret whole, in base64, and the marker SECRET_CANARY (a secret cut short); outputs and errors as JSON and as util.inspect shows them (stack, own properties); ' +
	"console and stdout/stderr lines (n8n logger at debug level, Zapier z.console and its detailed HTTP log); the upload origin's record of every PUT (GET /admin/uploads/requests).";

const keys = canaryKeys();
const signingSecret = canarySigningSecret();
const rows: ResultRow[] = [];
let harness: Harness;
let files: FileHost;

beforeAll(async () => {
	harness = await startHarness({ rateLimit: 0, keys });
	files = await startFileHost();
});
afterAll(async () => {
	recordPart('secrets', {
		order: 7,
		part: 'Secrets',
		promise: SECRETS_PROMISE,
		setup: SETUP,
		rows,
	});
	await files.close();
	await harness.close();
});

function newScan(): SecretScan {
	return new SecretScan([...Object.values(keys), signingSecret, 'pw_SECRET_CANARY_password']);
}

const fault = (body: object) => () => harness.admin('POST', '/faults', body).then(() => undefined);
const clearFaults = () => harness.admin('DELETE', '/faults').then(() => undefined);
const limitPlan = (body: object) => () =>
	harness.admin('POST', '/plans', body).then(() => undefined);
const restorePlan = () =>
	harness
		.admin('POST', '/plans', { maxIssues: 100, maxFileBytes: 500 * 1024 * 1024 })
		.then(() => undefined);
const now = () => Math.floor(Date.now() / 1000);
// The same text for the same id however often it is built: a payload is built once to be signed
// and again to be verified, and the two must match byte for byte (a clock read here once made them
// differ when the millisecond turned between the two, and CI failed).
const event = (id: string) =>
	JSON.stringify({
		id,
		type: 'numero.publie',
		cree_le: '2026-10-01T08:00:00.000Z',
		donnees: { id: ISSUE, titre: 'T' },
	});

/** The failures every integration goes through: the service's answers and the network's. */
function failureSetups(path: string) {
	return {
		dropped: { before: fault({ match: { path }, count: 8, action: 'drop' }), after: clearFaults },
		unavailable: {
			before: fault({ match: { path }, count: 8, action: 'status', status: 503 }),
			after: clearFaults,
		},
		throttled: {
			before: fault({ match: { path }, count: 8, action: 'status', status: 429, retryAfter: 3600 }),
			after: clearFaults,
		},
	};
}

async function finish(through: string, scan: SecretScan, operations: Operation[]): Promise<void> {
	await harness.admin('POST', '/uploads/requests/reset');
	// Lines logged between operations, or after the one that logged them had ended, are caught too.
	const { value: tally, lines } = await scan.capture(
		`${through} (between operations)`,
		async () => {
			const operationsTally = await runOperations(scan, through, operations);
			await new Promise((resolve) => setTimeout(resolve, 200));
			return operationsTally;
		},
	);
	tally.logLines += lines;
	const uploads = await uploadHeaders(harness, scan, through);
	const row = secretsRow(through, scan, tally, uploads);
	rows.push(row);
	expect({ unexpected: tally.unexpected, findings: scan.findings, uploads }).toEqual({
		unexpected: [],
		findings: [],
		uploads: { puts: uploads.puts, withAuthorization: 0 },
	});
	expect(row.held).toBe(true);
}

test('the core: every method, succeeding and failing', async () => {
	const scan = newScan();
	const transport = undiciTransport();
	const client = (
		key: keyof typeof keys | string = 'full',
		options: Partial<NumeroClientOptions> = {},
	) =>
		new NumeroClient({
			baseUrl: harness.sandbox.baseUrl,
			apiKey: key in keys ? keys[key as keyof typeof keys] : key,
			transport,
			sleep: async () => undefined,
			userAgent: 'numero-reliability/1.0',
			...options,
		});
	const failures = failureSetups('/compte');
	let published = '';
	const operations: Operation[] = [
		{ name: 'GET /compte', expect: 'ok', run: () => client().getAccount() },
		{ name: 'GET /publications', expect: 'ok', run: () => client().listIssues({ limite: 5 }) },
		{ name: 'GET /numeros', expect: 'ok', run: () => client().getIssue({ id: ISSUE }) },
		{
			name: 'GET /numeros (404)',
			expect: 'fail',
			run: () => client().getIssue({ id: 'numero.press:absent' }),
		},
		{
			name: 'POST /liens',
			expect: 'ok',
			run: () => client().createLink({ id: ISSUE, reference: 'sub_secret_1' }),
		},
		{
			name: 'POST /liens (403, read-only key)',
			expect: 'fail',
			run: () => client('lecture').createLink({ id: ISSUE }),
		},
		{
			name: 'POST /liens (401, revoked key)',
			expect: 'fail',
			run: () => client('revoked').createLink({ id: ISSUE }),
		},
		{
			name: 'POST /liens (401, unknown key)',
			expect: 'fail',
			run: () => client(unknownCanaryKey()).createLink({ id: ISSUE }),
		},
		{
			name: 'POST /liens (bad reference)',
			expect: 'fail',
			run: () => client().createLink({ id: ISSUE, reference: 'a b' }),
		},
		{
			name: 'POST /liens/revoquer',
			expect: 'ok',
			run: () => client().revokeReference({ reference: 'sub_secret_1' }),
		},
		{
			name: 'publish with a cover',
			expect: 'ok',
			run: async () => {
				const result = await publishIssue(client(), {
					pdf: bytesSource(uniquePdf('Secrets core'), 'a.pdf'),
					cover: bytesSource(RENDERED_COVER_JPEG, 'c.jpg'),
					fields: { titre: 'Secrets core', publication: 'gazette' },
				});
				published = result.numero.id;
				return result;
			},
		},
		{
			name: 'publish (402, plan limit)',
			expect: 'fail',
			before: limitPlan({ maxIssues: 0 }),
			after: restorePlan,
			run: () =>
				publishIssue(client(), {
					pdf: bytesSource(uniquePdf('Over the plan'), 'b.pdf'),
					fields: { titre: 'Over the plan' },
				}),
		},
		{
			name: 'publish (413, file too large)',
			expect: 'fail',
			before: limitPlan({ maxFileBytes: 100 }),
			after: restorePlan,
			run: () =>
				publishIssue(client(), {
					pdf: bytesSource(uniquePdf('Too large'), 'c.pdf'),
					fields: { titre: 'Too large' },
				}),
		},
		{
			name: 'PATCH /numeros',
			expect: 'ok',
			run: () => client().updateIssue(published, { titre: 'Secrets core, renamed' }),
		},
		{
			name: 'PATCH /numeros (409, former reader)',
			expect: 'fail',
			run: () => client().updateIssue(FORMER_READER_ISSUE, { titre: 'x' }),
		},
		{ name: 'GET /statistiques', expect: 'ok', run: () => client().getStatistics({ id: ISSUE }) },
		{
			name: 'GET /compte (connection dropped)',
			expect: 'fail',
			...failures.dropped,
			run: () => client().getAccount(),
		},
		{
			name: 'GET /compte (503)',
			expect: 'fail',
			...failures.unavailable,
			run: () => client().getAccount(),
		},
		{
			name: 'GET /compte (429, an hour)',
			expect: 'fail',
			...failures.throttled,
			run: () => client().getAccount(),
		},
		{
			name: 'a key that cannot be a header',
			expect: 'fail',
			run: async () => client('nk_test_SECRET_CANARY with a space'),
		},
		{
			name: 'a base URL with a password',
			expect: 'fail',
			run: async () =>
				client('full', { baseUrl: 'https://user:pw_SECRET_CANARY_password@api.numero.press/v1' }),
		},
		{
			name: 'verifyWebhook',
			expect: 'ok',
			run: async () =>
				verifyWebhook({
					payload: event('evt_s1'),
					header: signWebhook({
						payload: event('evt_s1'),
						secret: signingSecret,
						timestamp: now(),
					}),
					secrets: signingSecret,
				}),
		},
		{
			name: 'verifyWebhook (forged)',
			expect: 'fail',
			run: async () =>
				verifyWebhook({
					payload: event('evt_s2'),
					header: `t=${now()},v1=${'0'.repeat(64)}`,
					secrets: [signingSecret],
				}),
		},
		{
			name: 'verifyWebhook (stale)',
			expect: 'fail',
			run: async () =>
				verifyWebhook({
					payload: event('evt_s3'),
					header: signWebhook({
						payload: event('evt_s3'),
						secret: signingSecret,
						timestamp: now() - 3600,
					}),
					secrets: signingSecret,
				}),
		},
	];
	try {
		await finish('core', scan, operations);
	} finally {
		await transport.close();
	}
});

test('the n8n node and credentials (n8n engine, debug logs)', async () => {
	const scan = newScan();
	const credential = (apiKey = keys.full) => ({
		numeroApi: { apiKey, baseUrl: harness.sandbox.baseUrl },
	});
	const pdfItem = (title: string): TestItem => ({
		json: {},
		binary: {
			data: { bytes: uniquePdf(title), fileName: 'issue.pdf', mimeType: 'application/pdf' },
			cover: { bytes: RENDERED_COVER_JPEG, fileName: 'cover.jpg', mimeType: 'image/jpeg' },
		},
	});
	/** Runs the node; a node error is thrown (a failing operation), else the output items are returned. */
	const node =
		(
			parameters: Record<string, unknown>,
			options: { apiKey?: string; input?: TestItem[]; continueOnFail?: boolean } = {},
		) =>
		async () => {
			const result = await runNode({
				credentials: credential(options.apiKey),
				input: options.input ?? [{ json: {} }],
				node: {
					type: NUMERO_NODE_TYPE,
					parameters: parameters as never,
					...(options.continueOnFail ? { continueOnFail: true } : {}),
				},
			});
			if (result.nodeError) throw result.nodeError;
			if (result.items.some((item) => item.json.error !== undefined))
				throw Object.assign(new Error('error items'), { items: result.items });
			return result.items;
		};
	const rl = (value: string) => ({ __rl: true, mode: 'id', value });
	const failures = failureSetups('/compte');
	const operations: Operation[] = [
		{
			name: 'credential test',
			expect: 'ok',
			run: async () =>
				assertCredentialOk(await testCredentials('numeroApi', credential().numeroApi)),
		},
		{
			name: 'credential test (unknown key)',
			expect: 'fail',
			run: async () =>
				assertCredentialOk(
					await testCredentials('numeroApi', credential(unknownCanaryKey()).numeroApi),
				),
		},
		{ name: 'Account → Get', expect: 'ok', run: node({ resource: 'account', operation: 'get' }) },
		{
			name: 'Issue → Get Many',
			expect: 'ok',
			run: node({ resource: 'issue', operation: 'getMany', returnAll: false, limit: 5 }),
		},
		{
			name: 'Issue → Get',
			expect: 'ok',
			run: node({ resource: 'issue', operation: 'get', issueId: rl(ISSUE) }),
		},
		{
			name: 'Issue → Get (404)',
			expect: 'fail',
			run: node({ resource: 'issue', operation: 'get', issueId: rl('numero.press:absent') }),
		},
		{
			name: 'Link → Create',
			expect: 'ok',
			run: node({
				resource: 'link',
				operation: 'create',
				issueId: rl(ISSUE),
				reference: 'sub_secret_2',
			}),
		},
		{
			name: 'Link → Create (403, continue on fail)',
			expect: 'fail',
			run: node(
				{ resource: 'link', operation: 'create', issueId: rl(ISSUE), reference: 'x' },
				{ apiKey: keys.lecture, continueOnFail: true },
			),
		},
		{
			name: 'Link → Create (401, revoked key)',
			expect: 'fail',
			run: node(
				{ resource: 'link', operation: 'create', issueId: rl(ISSUE) },
				{ apiKey: keys.revoked },
			),
		},
		{
			name: 'Link → Create (bad reference)',
			expect: 'fail',
			run: node({ resource: 'link', operation: 'create', issueId: rl(ISSUE), reference: 'a b' }),
		},
		{
			name: 'Link → Revoke',
			expect: 'ok',
			run: node({ resource: 'link', operation: 'revoke', reference: 'sub_secret_2' }),
		},
		{
			name: 'Issue → Publish (cover)',
			expect: 'ok',
			run: node(
				{
					resource: 'issue',
					operation: 'publish',
					binaryPropertyName: 'data',
					title: 'Secrets n8n',
					periodicalMode: 'existing',
					periodical: 'gazette',
					additionalFields: { coverBinaryPropertyName: 'cover' },
				},
				{ input: [pdfItem('Secrets n8n')] },
			),
		},
		{
			name: 'Issue → Publish (402)',
			expect: 'fail',
			before: limitPlan({ maxIssues: 0 }),
			after: restorePlan,
			run: node(
				{
					resource: 'issue',
					operation: 'publish',
					binaryPropertyName: 'data',
					title: 'Over',
					periodicalMode: 'existing',
					periodical: 'gazette',
				},
				{ input: [pdfItem('Over')] },
			),
		},
		{
			name: 'Issue → Replace PDF',
			expect: 'ok',
			run: node(
				{
					resource: 'issue',
					operation: 'replacePdf',
					issueId: rl(ISSUE),
					binaryPropertyName: 'data',
				},
				{ input: [pdfItem('Secrets n8n replaced')] },
			),
		},
		{
			name: 'Issue → Update',
			expect: 'ok',
			run: node({
				resource: 'issue',
				operation: 'update',
				issueId: rl(ISSUE),
				updateFields: { title: 'La Gazette du Port, octobre 2026' },
			}),
		},
		{
			name: 'Issue → Update (409)',
			expect: 'fail',
			run: node({
				resource: 'issue',
				operation: 'update',
				issueId: rl(FORMER_READER_ISSUE),
				updateFields: { title: 'x' },
			}),
		},
		{
			name: 'Statistics → Get',
			expect: 'ok',
			run: node({ resource: 'statistics', operation: 'get', issueId: rl(ISSUE) }),
		},
		{
			name: 'Account → Get (dropped)',
			expect: 'fail',
			...failures.dropped,
			run: node({ resource: 'account', operation: 'get' }),
		},
		{
			name: 'Account → Get (503)',
			expect: 'fail',
			...failures.unavailable,
			run: node({ resource: 'account', operation: 'get' }),
		},
		{
			name: 'Account → Get (429, an hour)',
			expect: 'fail',
			...failures.throttled,
			run: node({ resource: 'account', operation: 'get' }),
		},
		{
			name: 'Account → Get (a key with a space)',
			expect: 'fail',
			run: node(
				{ resource: 'account', operation: 'get' },
				{ apiKey: 'nk_test_SECRET_CANARY with a space' },
			),
		},
	];
	await finish('n8n node', scan, operations);
});

test("the Zapier app: connection, creates, searches and hooks (with Zapier's detailed HTTP log)", async () => {
	const scan = newScan();
	const authData = (apiKey = keys.full) => ({
		apiKey,
		baseUrl: harness.sandbox.baseUrl,
		signingSecrets: `whsec_SECRET_CANARY_previous00000000\n${signingSecret}`,
	});
	const perform =
		(
			kind: 'creates' | 'searches' | 'triggers',
			key: string,
			inputData: Record<string, unknown> = {},
			apiKey?: string,
		) =>
		() =>
			appTester(
				(App[kind] as Record<string, { operation: { perform: unknown } }>)[key]!.operation
					.perform as never,
				{ authData: authData(apiKey), inputData },
			);
	const hook = (content: string, header: string) => () =>
		appTester((App.triggers.issuePublished.operation as { perform: unknown }).perform as never, {
			authData: authData(),
			rawRequest: { content, headers: { 'Http-Service-Signature': header } },
		}).then((events) => {
			if ((events as unknown[]).length === 0) throw new Error('no event');
			return events;
		});
	const pdf = (title: string) => files.add('issue.pdf', uniquePdf(title), 'application/pdf');
	const failures = failureSetups('/compte');
	const operations: Operation[] = [
		{
			name: 'connection test',
			expect: 'ok',
			run: () => appTester(App.authentication!.test as never, { authData: authData() }),
		},
		{
			name: 'connection test (unknown key)',
			expect: 'fail',
			run: () =>
				appTester(App.authentication!.test as never, { authData: authData(unknownCanaryKey()) }),
		},
		{
			name: 'Create Reading Link',
			expect: 'ok',
			run: perform('creates', 'createReadingLink', { id: ISSUE, reference: 'sub_secret_3' }),
		},
		{
			name: 'Create Reading Link (403)',
			expect: 'fail',
			run: perform('creates', 'createReadingLink', { id: ISSUE }, keys.lecture),
		},
		{
			name: 'Create Reading Link (bad reference)',
			expect: 'fail',
			run: perform('creates', 'createReadingLink', { id: ISSUE, reference: 'a b' }),
		},
		{
			name: 'Revoke Subscriber Links',
			expect: 'ok',
			run: perform('creates', 'revokeSubscriberLinks', { reference: 'sub_secret_3' }),
		},
		{
			name: 'Publish Issue (cover)',
			expect: 'ok',
			run: perform('creates', 'publishIssue', {
				pdf: pdf('Secrets Zapier'),
				cover: files.add('c.jpg', RENDERED_COVER_JPEG, 'image/jpeg'),
				titre: 'Secrets Zapier',
				publication: 'gazette',
			}),
		},
		{
			name: 'Publish Issue (402)',
			expect: 'fail',
			before: limitPlan({ maxIssues: 0 }),
			after: restorePlan,
			run: perform('creates', 'publishIssue', { pdf: pdf('Over Zapier'), titre: 'Over Zapier' }),
		},
		{
			name: 'Replace Issue PDF',
			expect: 'ok',
			run: perform('creates', 'replaceIssuePdf', {
				id: ISSUE,
				pdf: pdf('Secrets Zapier replaced'),
			}),
		},
		{
			name: 'Update Issue',
			expect: 'ok',
			run: perform('creates', 'updateIssue', {
				id: ISSUE,
				titre: 'La Gazette du Port, octobre 2026',
			}),
		},
		{
			name: 'Update Issue (409)',
			expect: 'fail',
			run: perform('creates', 'updateIssue', { id: FORMER_READER_ISSUE, titre: 'x' }),
		},
		{ name: 'Find Issue', expect: 'ok', run: perform('searches', 'findIssue', { id: ISSUE }) },
		{
			name: 'Find Issue (401, revoked key)',
			expect: 'fail',
			run: perform('searches', 'findIssue', { id: ISSUE }, keys.revoked),
		},
		{
			name: 'Get Issue Statistics',
			expect: 'ok',
			run: perform('searches', 'getIssueStatistics', { id: ISSUE }),
		},
		{
			name: 'Get Account (dropped)',
			expect: 'fail',
			...failures.dropped,
			run: perform('searches', 'getAccount'),
		},
		{
			name: 'Get Account (503)',
			expect: 'fail',
			...failures.unavailable,
			run: perform('searches', 'getAccount'),
		},
		{
			name: 'Get Account (429, an hour)',
			expect: 'fail',
			...failures.throttled,
			run: perform('searches', 'getAccount'),
		},
		{
			name: 'Get Account (a key with a space)',
			expect: 'fail',
			run: perform('searches', 'getAccount', {}, 'nk_test_SECRET_CANARY with a space'),
		},
		{ name: 'New Issue (polling)', expect: 'ok', run: perform('triggers', 'newIssue') },
		{
			name: 'Issue Published hook',
			expect: 'ok',
			run: hook(
				event('evt_zs1'),
				signWebhook({ payload: event('evt_zs1'), secret: signingSecret, timestamp: now() }),
			),
		},
		{
			name: 'Issue Published hook (forged)',
			expect: 'fail',
			run: hook(event('evt_zs2'), `t=${now()},v1=${'1'.repeat(64)}`),
		},
		{
			name: 'Issue Published hook (stale)',
			expect: 'fail',
			run: hook(
				event('evt_zs3'),
				signWebhook({ payload: event('evt_zs3'), secret: signingSecret, timestamp: now() - 3600 }),
			),
		},
	];
	// Zapier's own log of each run (what it keeps for the Zap history): every HTTP call in detail.
	const saved = {
		LOG_TO_STDOUT: process.env.LOG_TO_STDOUT,
		DETAILED_LOG_TO_STDOUT: process.env.DETAILED_LOG_TO_STDOUT,
	};
	process.env.LOG_TO_STDOUT = '1';
	process.env.DETAILED_LOG_TO_STDOUT = '1';
	try {
		await finish('Zapier app', scan, operations);
	} finally {
		for (const [name, value] of Object.entries(saved)) {
			if (value === undefined) delete process.env[name];
			else process.env[name] = value;
		}
	}
});

test('the search finds a secret hidden in an error property, in a log line, in base64 and cut short', async () => {
	const scan = newScan();
	scan.scanValue(
		'control error',
		Object.assign(new Error('request failed'), {
			config: { headers: { Authorization: `Bearer ${keys.full}` } },
		}),
	);
	await scan.capture('control log', async () => {
		console.warn(`retrying with ${Buffer.from(signingSecret).toString('base64')}`);
		process.stdout.write(`key starts with ${keys.lecture.slice(0, 24)}\n`);
	});
	expect(scan.findings).toEqual(
		expect.arrayContaining([
			expect.stringContaining('control error (JSON)'),
			expect.stringContaining('control error (inspect)'),
			expect.stringMatching(/control log \(log line\): …retrying with/),
			expect.stringMatching(/control log \(log line\): …key starts with/),
		]),
	);
});

function assertCredentialOk(result: { status: string; message: string }): typeof result {
	if (result.status !== 'OK')
		throw Object.assign(new Error(`credential test: ${result.message}`), { result });
	return result;
}
