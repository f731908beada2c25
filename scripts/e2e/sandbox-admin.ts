/** The sandbox's admin API (sandbox/admin/admin-api.ts), typed for what the e2e suite reads. */
import type { RunningSandbox } from '../../sandbox';
import type { Delivery } from '../../sandbox/webhooks/endpoints';

export type { Delivery };

export interface SandboxIssue {
	id: string;
	titre: string;
	publication: { code: string; nom: string };
	statut: string;
	sha256: string;
	taille: number;
	nom_fichier: string | null;
}

export interface SandboxLink {
	id: string;
	issueId: string;
	fingerprint: string | null;
	revoked: boolean;
}

export interface WebhookEndpoint {
	id: string;
	url: string;
	events: string[];
	/** The endpoint's signing secret (whsec_…). */
	secret: string;
}

export interface SandboxEvent {
	id: string;
	type: string;
	/** The envelope as delivered. */
	body: {
		id: string;
		type: string;
		cree_le: string;
		donnees: { id?: string } & Record<string, unknown>;
	};
}

export class SandboxAdmin {
	constructor(private readonly sandbox: RunningSandbox) {}

	/** What a publisher does in the integrations area: an endpoint, its events, its signing secret. */
	async addWebhookEndpoint(
		url: string,
		events: string[],
		secret?: string,
	): Promise<WebhookEndpoint> {
		return (await this.call('POST', '/webhooks', {
			url,
			events,
			...(secret ? { secret } : {}),
		})) as WebhookEndpoint;
	}

	async state(): Promise<{ issues: SandboxIssue[]; links: SandboxLink[] }> {
		return (await this.call('GET', '/state')) as { issues: SandboxIssue[]; links: SandboxLink[] };
	}

	/** The endpoint's delivery log, newest first. */
	async deliveries(endpointId: string): Promise<Delivery[]> {
		return (
			(await this.call('GET', `/webhooks/${endpointId}/deliveries`)) as { deliveries: Delivery[] }
		).deliveries;
	}

	/** Every event the main account emitted (what its deliveries carry). */
	async events(): Promise<SandboxEvent[]> {
		return ((await this.call('GET', '/events')) as { events: SandboxEvent[] }).events;
	}

	/** Moves the sandbox clock forward and runs what became due (webhook retries), waiting for them. */
	async advanceClock(seconds: number): Promise<void> {
		await this.call('POST', '/clock', { advanceSeconds: seconds });
	}

	async resend(endpointId: string, deliveryId: string): Promise<Delivery> {
		return (
			(await this.call('POST', `/webhooks/${endpointId}/deliveries/${deliveryId}/resend`, {})) as {
				delivery: Delivery;
			}
		).delivery;
	}

	/** The main account's plan limits (maxIssues null: no limit). */
	async setPlan(plan: { maxIssues?: number | null; maxFileBytes?: number }): Promise<void> {
		await this.call('POST', '/plans', plan);
	}

	/** The integrations area's test button. */
	async sendTest(endpointId: string): Promise<Delivery> {
		return ((await this.call('POST', `/webhooks/${endpointId}/test`, {})) as { delivery: Delivery })
			.delivery;
	}

	/** How many API requests the sandbox received, by `METHOD /path`, refused ones included. */
	async requestCounts(): Promise<{ total: number; byRoute: Record<string, number> }> {
		return (await this.call('GET', '/requests')) as {
			total: number;
			byRoute: Record<string, number>;
		};
	}

	private async call(method: string, route: string, body?: unknown): Promise<unknown> {
		const response = await fetch(`${this.sandbox.adminUrl}${route}`, {
			method,
			headers: {
				authorization: `Bearer ${this.sandbox.adminToken}`,
				'content-type': 'application/json',
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok)
			throw new Error(`sandbox admin ${method} ${route} answered ${response.status}: ${text}`);
		return JSON.parse(text) as unknown;
	}
}
