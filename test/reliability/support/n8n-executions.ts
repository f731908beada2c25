/**
 * A workflow's executions as n8n itself reports them, signed in as the environment's owner: their
 * count (GET /rest/executions answers a `count` with its first page), which the webhook fuzz
 * compares with the deliveries the trigger accepted, and their stored data, which the secrets part
 * searches.
 */
import type { OwnerAccount } from '../../../scripts/e2e/n8n-rest';

export interface ExecutionCounts {
  /** Finished executions, whatever their status. */
  finished: number;
  success: number;
  /** Still new or running. */
  running: number;
}

export class N8nExecutionCounter {
  private cookie = '';

  constructor(private readonly url: string) {}

  async login(owner: Pick<OwnerAccount, 'email' | 'password'>): Promise<void> {
    const response = await fetch(`${this.url}/rest/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrLdapLoginId: owner.email, password: owner.password }),
    });
    if (!response.ok) throw new Error(`n8n login answered ${response.status}`);
    const auth = response.headers.getSetCookie().find((cookie) => cookie.startsWith('n8n-auth='));
    if (!auth) throw new Error('n8n login gave no session cookie');
    this.cookie = auth.split(';')[0]!;
  }

  private async page(filter: Record<string, unknown>): Promise<{ count: number; results: Array<{ id: string; status: string }> }> {
    const query = new URLSearchParams({ filter: JSON.stringify(filter), limit: '100' });
    const response = await fetch(`${this.url}/rest/executions?${query}`, { headers: { cookie: this.cookie, accept: 'application/json' } });
    if (!response.ok) throw new Error(`n8n GET /rest/executions answered ${response.status}`);
    return ((await response.json()) as { data: { count: number; results: Array<{ id: string; status: string }> } }).data;
  }

  /** The stored data (as n8n's REST API gives it, unparsed) of the workflow's latest executions, at most 100. */
  async latestExecutionData(workflowId: string): Promise<string[]> {
    const { results } = await this.page({ workflowId });
    return Promise.all(
      results.map(async (execution) => {
        const response = await fetch(`${this.url}/rest/executions/${encodeURIComponent(execution.id)}`, { headers: { cookie: this.cookie, accept: 'application/json' } });
        return response.text();
      }),
    );
  }

  async counts(workflowId: string): Promise<ExecutionCounts> {
    const all = await this.page({ workflowId });
    const success = await this.page({ workflowId, status: ['success'] });
    return {
      finished: all.count,
      success: success.count,
      running: all.results.filter((execution) => execution.status === 'new' || execution.status === 'running').length,
    };
  }
}
