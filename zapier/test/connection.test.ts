import { appTester, App } from './support/app-tester';
import { startFileHost, type FileHost } from './support/local-servers';
import { startSandboxFixture, type SandboxFixture } from './support/sandbox-fixture';
import { USER_AGENT } from '../src/user-agent';
import { failure } from './support/zapier-error';

let fx: SandboxFixture;
let files: FileHost;

beforeAll(async () => {
	fx = await startSandboxFixture();
	files = await startFileHost();
});
afterAll(async () => {
	await files.close();
	await fx.close();
});

describe('connection', () => {
	test('the test reads the account and the label names plan, status and host', async () => {
		const result = (await appTester(App.authentication!.test as any, {
			authData: fx.authData,
		})) as any;
		expect(result.formule).toBe('pro');
		expect(result.statut).toBe('actif');
		const label = await appTester(App.authentication!.connectionLabel as any, {
			authData: fx.authData,
			inputData: result,
		});
		expect(label).toBe(`pro plan (actif), ${new URL(fx.sandbox.baseUrl).host}`);
	});

	test('a revoked key is an expired connection, with the core message and without the key', async () => {
		const authData = { ...fx.authData, apiKey: fx.sandbox.keys.revoked };
		const error = await failure(appTester(App.authentication!.test as any, { authData }));
		expect(error.name).toBe('ExpiredAuthError');
		expect(error.message).toMatch(/API key was refused/);
		expect(error.message).not.toContain(fx.sandbox.keys.revoked);
	});

	test.each([
		['http://api.numero.example/v1', /API Base URL must use https/],
		['https://api.numero.example/v2', /API Base URL must end in \/v1/],
		['not an address', /API Base URL must be an absolute address/],
	])('base URL %s is refused naming the field, before any request', async (baseUrl, message) => {
		const before = await fx.admin('GET', '/requests');
		const error = await failure(
			appTester(App.authentication!.test as any, { authData: { ...fx.authData, baseUrl } }),
		);
		expect(error.message).toMatch(message);
		expect((await fx.admin('GET', '/requests')).total).toBe(before.total);
	});

	test('a missing key is refused naming the field, before any request', async () => {
		const before = await fx.admin('GET', '/requests');
		const error = await failure(
			appTester(App.authentication!.test as any, {
				authData: { baseUrl: fx.sandbox.baseUrl, apiKey: '' },
			}),
		);
		expect(error.message).toMatch(/API Key is required/);
		expect((await fx.admin('GET', '/requests')).total).toBe(before.total);
	});

	test('an API nothing answers at gives the core network message and code', async () => {
		const error = await failure(
			appTester(App.authentication!.test as any, {
				authData: { ...fx.authData, baseUrl: 'http://127.0.0.1:1/v1' },
			}),
		);
		expect(error).toMatchObject({ name: 'AppError', code: 'network_refused' });
		expect(error.message).toMatch(
			/GET \/compte: could not reach http:\/\/127\.0\.0\.1:1: the connection was refused/,
		);
	});

	test('a key without the permission gets the core message naming it', async () => {
		const authData = { ...fx.authData, apiKey: fx.sandbox.keys.liens };
		const error = await failure(
			appTester(App.searches.getAccount.operation.perform as any, { authData }),
		);
		expect(error).toMatchObject({ name: 'AppError', code: 'forbidden_scope', status: 403 });
		expect(error.message).toMatch(/lacks the "lecture" permission/);
	});

	test('the middleware sends the key to the API origin only, and a descriptive User-Agent everywhere', async () => {
		const url = files.add('note.txt', Buffer.from('hello'));
		const seen = (await appTester(
			async (z: any) => {
				const api = await z.request({
					url: `${fx.sandbox.baseUrl}/compte`,
					skipThrowForStatus: true,
				});
				const other = await z.request({ url, skipThrowForStatus: true });
				return { apiStatus: api.status, otherStatus: other.status };
			},
			{ authData: fx.authData },
		)) as any;
		expect(seen).toEqual({ apiStatus: 200, otherStatus: 200 });
		const fileRequest = files.requests[files.requests.length - 1];
		expect(fileRequest.authorization).toBeUndefined();
		expect(fileRequest['user-agent']).toBe(USER_AGENT);
		expect(USER_AGENT).toMatch(
			/^numero-zapier\/\d+\.\d+\.\d+ \(Zapier; zapier-platform-core\/19\.1\.0; numero-core\)$/,
		);
	});
});
