/** Starts a sandbox for a core test and gives a client on it plus the sandbox's admin API. */
import { startSandbox } from '../../../sandbox';
import { NumeroClient, type NumeroClientOptions, type Transport } from '../../../shared';
import { undiciTransport } from '../../../standalone';

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export interface Harness {
	sandbox: Sandbox;
	/** A client on the sandbox with the given key (default: full), undici transport, no real waiting. */
	client(options?: Partial<NumeroClientOptions> & { key?: keyof Sandbox['keys'] }): NumeroClient;
	/** The waits the clients asked for, in order. */
	sleeps: number[];
	admin<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
	/** Requests the API origin has received so far. */
	requestCount(): Promise<number>;
	/** The sandbox clock, in ms. */
	sandboxNow(): Promise<number>;
	close(): Promise<void>;
}

export async function startHarness(
	options: Parameters<typeof startSandbox>[0] = undefined as never,
): Promise<Harness> {
	const sandbox = await startSandbox(options);
	const transport = undiciTransport();
	const sleeps: number[] = [];
	const admin = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
		const response = await transport({
			method: method as 'GET' | 'POST',
			url: `${sandbox.adminUrl}${path}`,
			headers: {
				Authorization: `Bearer ${sandbox.adminToken}`,
				'User-Agent': 'numero-core-tests/1.0',
				...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
			},
			...(body === undefined ? {} : { body: JSON.stringify(body) }),
		});
		if (response.status >= 300)
			throw new Error(`admin ${method} ${path}: HTTP ${response.status} ${response.body}`);
		return (response.body ? JSON.parse(response.body) : undefined) as T;
	};
	return {
		sandbox,
		sleeps,
		client: ({ key = 'full', ...rest } = {}) =>
			new NumeroClient({
				baseUrl: sandbox.baseUrl,
				apiKey: sandbox.keys[key],
				transport: transport as Transport,
				sleep: async (ms) => {
					sleeps.push(ms);
				},
				userAgent: 'numero-core-tests/1.0',
				...rest,
			}),
		admin,
		requestCount: async () => (await admin<{ total: number }>('GET', '/requests')).total,
		sandboxNow: async () => Date.parse((await admin<{ now: string }>('GET', '/clock')).now),
		close: async () => {
			await transport.close();
			await sandbox.close();
		},
	};
}
