import { createRequire } from 'node:module';
import * as path from 'node:path';

/**
 * The few calls of n8n's REST API (the one its editor uses) the environment needs: the owner
 * account, and reading which workflows are active and what executions they had.
 */
export interface OwnerAccount {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

export interface ExecutionSummary {
	id: string;
	workflowId: string;
	status: string;
	mode: string;
	startedAt: string | null;
	stoppedAt: string | null;
}

/** What an execution did: the nodes that ran, what they output, and the error that stopped it, if any. */
export interface ExecutionDetails {
	id: string;
	status: string;
	nodesRun: string[];
	/** The items (json) each node put on its first output, in its last run. */
	outputs: Record<string, unknown[]>;
	error?: string;
}

export interface ExecutionCounts {
	/** Executions n8n has stored for the workflow, whatever their status. */
	finished: number;
	success: number;
	/** Of the latest 100, those still new or running. */
	running: number;
}

interface StoredTask {
	data?: { main?: Array<Array<{ json: unknown }> | null> };
}

interface StoredRunData {
	resultData?: {
		runData?: Record<string, StoredTask[]>;
		error?: { message?: string; description?: string };
	};
}

export class N8nRest {
	private cookie: string | undefined;
	/** n8n stores run data with `flatted`; the copy n8n itself uses decodes it. */
	private readonly parseStored: (text: string) => unknown;

	constructor(
		readonly url: string,
		installFolder: string,
	) {
		const fromN8n = createRequire(path.join(installFolder, 'node_modules', 'n8n', 'package.json'));
		this.parseStored = (fromN8n('flatted') as { parse(text: string): unknown }).parse;
	}

	/** Creates the owner account (first start only) and keeps its session. */
	async setupOwner(owner: OwnerAccount): Promise<void> {
		await this.call('POST', '/rest/owner/setup', owner);
	}

	async login(owner: Pick<OwnerAccount, 'email' | 'password'>): Promise<void> {
		await this.call('POST', '/rest/login', {
			emailOrLdapLoginId: owner.email,
			password: owner.password,
		});
	}

	async activeWorkflowIds(): Promise<string[]> {
		return (await this.call('GET', '/rest/active-workflows')) as string[];
	}

	/** Why n8n could not activate a workflow, if it tried and failed. */
	async activationError(workflowId: string): Promise<string | undefined> {
		const error = (await this.call(
			'GET',
			`/rest/active-workflows/error/${encodeURIComponent(workflowId)}`,
		)) as { error?: string } | null | undefined;
		return error?.error;
	}

	/** The workflow's executions, newest first (at most 100). */
	async executions(workflowId: string): Promise<ExecutionSummary[]> {
		return (await this.executionPage({ workflowId })).results;
	}

	/** n8n's own counts (a page of GET /rest/executions carries the total, not just its 100 rows). */
	async executionCounts(workflowId: string): Promise<ExecutionCounts> {
		const all = await this.executionPage({ workflowId });
		const success = await this.executionPage({ workflowId, status: ['success'] });
		return {
			finished: all.count,
			success: success.count,
			running: all.results.filter(
				(execution) => execution.status === 'new' || execution.status === 'running',
			).length,
		};
	}

	/** Every execution of the workflow, newest first (paged by id, 100 at a time). */
	async allExecutions(workflowId: string): Promise<ExecutionSummary[]> {
		const all: ExecutionSummary[] = [];
		for (let lastId: string | undefined; ; ) {
			const query = new URLSearchParams({
				filter: JSON.stringify({ workflowId }),
				limit: '100',
				...(lastId ? { lastId } : {}),
			});
			const page = (await this.call('GET', `/rest/executions?${query}`)) as {
				results: ExecutionSummary[];
			};
			all.push(...page.results);
			if (page.results.length < 100) return all;
			lastId = page.results.at(-1)!.id;
		}
	}

	/** What n8n stored of the workflow's latest executions (at most 100), as text, for searching. */
	async storedExecutionTexts(workflowId: string): Promise<string[]> {
		const { results } = await this.executionPage({ workflowId });
		return Promise.all(
			results.map(async (execution) =>
				JSON.stringify(
					await this.call('GET', `/rest/executions/${encodeURIComponent(execution.id)}`),
				),
			),
		);
	}

	private async executionPage(
		filter: Record<string, unknown>,
	): Promise<{ count: number; results: ExecutionSummary[] }> {
		const query = new URLSearchParams({ filter: JSON.stringify(filter), limit: '100' });
		return (await this.call('GET', `/rest/executions?${query}`)) as {
			count: number;
			results: ExecutionSummary[];
		};
	}

	/** The node types n8n's editor gets (name, version, icons, codex…), including community packages'. */
	async nodeTypes(): Promise<
		Array<{
			name: string;
			iconUrl?: { light: string; dark: string } | string;
			codex?: { categories?: string[] };
		}>
	> {
		const response = await fetch(`${this.url}/types/nodes.json`, {
			headers: { cookie: this.cookie ?? '' },
		});
		if (!response.ok) throw new Error(`n8n GET /types/nodes.json answered ${response.status}`);
		return (await response.json()) as Array<{
			name: string;
			iconUrl?: { light: string; dark: string };
		}>;
	}

	async execution(id: string): Promise<ExecutionDetails> {
		const stored = (await this.call('GET', `/rest/executions/${encodeURIComponent(id)}`)) as {
			status: string;
			data: string;
		};
		const data = this.parseStored(stored.data) as StoredRunData;
		const error = data.resultData?.error;
		const runData = data.resultData?.runData ?? {};
		const outputs = Object.fromEntries(
			Object.entries(runData).map(([node, tasks]) => [
				node,
				(tasks.at(-1)?.data?.main?.[0] ?? []).map((item) => item.json),
			]),
		);
		return {
			id,
			status: stored.status,
			nodesRun: Object.keys(runData),
			outputs,
			...(error ? { error: [error.message, error.description].filter(Boolean).join(': ') } : {}),
		};
	}

	private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
		const headers: Record<string, string> = { accept: 'application/json' };
		if (body !== undefined) headers['content-type'] = 'application/json';
		if (this.cookie) headers.cookie = this.cookie;
		const response = await fetch(`${this.url}${path}`, {
			method,
			headers,
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const authCookie = response.headers
			.getSetCookie()
			.find((cookie) => cookie.startsWith('n8n-auth='));
		if (authCookie) this.cookie = authCookie.split(';')[0];
		const text = await response.text();
		if (!response.ok)
			throw new Error(
				`n8n ${method} ${path.split('?')[0]} answered ${response.status}: ${text.slice(0, 500)}`,
			);
		return text === '' ? undefined : (JSON.parse(text) as { data: unknown }).data;
	}
}
