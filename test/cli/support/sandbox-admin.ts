import type { RunningSandbox } from '../../../sandbox';

/** The sandbox's admin API (its own token), to look at what the command did. */
export async function admin<T>(sandbox: RunningSandbox, path: string, body?: unknown): Promise<T> {
	const response = await fetch(`${sandbox.adminUrl}${path}`, {
		method: body === undefined ? 'GET' : 'POST',
		headers: { Authorization: `Bearer ${sandbox.adminToken}`, 'Content-Type': 'application/json' },
		...(body === undefined ? {} : { body: JSON.stringify(body) }),
	});
	if (!response.ok) throw new Error(`admin ${path}: ${response.status} ${await response.text()}`);
	return (await response.json()) as T;
}

/** How many API calls the sandbox has answered so far. */
export async function apiCalls(sandbox: RunningSandbox): Promise<number> {
	return (await admin<{ total: number }>(sandbox, '/requests')).total;
}
