/**
 * Counts a workflow's executions as n8n itself counts them (GET /rest/executions answers a `count`
 * with its first page), signed in as the environment's owner: the webhook fuzz compares them with
 * the deliveries the trigger accepted.
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

  private async page(filter: Record<string, unknown>): Promise<{ count: number; results: Array<{ status: string }> }> {
    const query = new URLSearchParams({ filter: JSON.stringify(filter), limit: '100' });
    const response = await fetch(`${this.url}/rest/executions?${query}`, { headers: { cookie: this.cookie, accept: 'application/json' } });
    if (!response.ok) throw new Error(`n8n GET /rest/executions answered ${response.status}`);
    return ((await response.json()) as { data: { count: number; results: Array<{ status: string }> } }).data;
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
