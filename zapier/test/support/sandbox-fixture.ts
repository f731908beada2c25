/** A sandbox per test file, with the connection Zapier would hold and the sandbox's admin API. */
import { startSandbox, type RunningSandbox } from '../../../sandbox';

export interface SandboxFixture {
	sandbox: RunningSandbox;
	/** The connection's fields (bundle.authData) with the full-permission key. */
	authData: { apiKey: string; baseUrl: string; signingSecrets?: string };
	admin<T = any>(method: string, path: string, body?: unknown): Promise<T>;
	close(): Promise<void>;
}

export async function startSandboxFixture(
	options: Parameters<typeof startSandbox>[0] = {},
): Promise<SandboxFixture> {
	const sandbox = await startSandbox(options);
	const admin = async (method: string, path: string, body?: unknown) => {
		const response = await fetch(`${sandbox.adminUrl}${path}`, {
			method,
			headers: {
				Authorization: `Bearer ${sandbox.adminToken}`,
				'Content-Type': 'application/json',
			},
			...(body === undefined ? {} : { body: JSON.stringify(body) }),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`admin ${method} ${path}: HTTP ${response.status} ${text}`);
		return JSON.parse(text);
	};
	return {
		sandbox,
		authData: { apiKey: sandbox.keys.full, baseUrl: sandbox.baseUrl },
		admin,
		close: () => sandbox.close(),
	};
}
