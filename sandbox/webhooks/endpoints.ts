import { randomBytes } from 'node:crypto';
import { EVENT_TYPES } from '../../shared/issue-events';
import type { AccountName } from '../store';
import { WEBHOOK_ENDPOINTS_MAX } from '../../shared/api-limits';

export interface Delivery {
	id: string;
	endpointId: string;
	eventId: string;
	eventType: string;
	attempt: number;
	trigger: 'event' | 'retry' | 'resend' | 'test';
	status: 'pending' | 'succeeded' | 'failed';
	responseStatus: number | null;
	/** The first 500 characters of the receiver's answer. */
	responseBody: string | null;
	error: string | null;
	startedAt: string;
	finishedAt: string | null;
	/** When the next automatic attempt is due, if one is scheduled. */
	nextRetryAt: string | null;
}

export interface WebhookEndpoint {
	id: string;
	account: AccountName;
	url: string;
	events: string[];
	secret: string;
	createdAt: string;
	/** Newest first, at most 50. */
	deliveries: Delivery[];
}

export class EndpointError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
	) {
		super(message);
	}
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

export function checkTargetUrl(value: unknown): string {
	if (typeof value !== 'string')
		throw new EndpointError(400, 'invalid_field', 'url: must be a string');
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		throw new EndpointError(400, 'invalid_field', 'url: must be an absolute URL');
	}
	if (url.protocol === 'https:') return value;
	if (url.protocol === 'http:' && LOOPBACK.test(url.hostname)) return value;
	throw new EndpointError(
		400,
		'invalid_field',
		'url: must be https (http is accepted only on loopback)',
	);
}

export function checkEventTypes(value: unknown): string[] {
	if (!Array.isArray(value) || value.length === 0) {
		throw new EndpointError(
			400,
			'invalid_field',
			`events: a non-empty list of ${EVENT_TYPES.join(', ')}`,
		);
	}
	for (const type of value) {
		if (!(EVENT_TYPES as readonly unknown[]).includes(type)) {
			throw new EndpointError(
				400,
				'invalid_field',
				`events: unknown type ${JSON.stringify(type)}; types: ${EVENT_TYPES.join(', ')}`,
			);
		}
	}
	return [...new Set(value as string[])];
}

export class EndpointRegistry {
	private readonly endpoints = new Map<string, WebhookEndpoint>();

	/** `secret`: the signing secret to use (one endpoint's, so that a second address shares it); default a new one. */
	add(
		account: AccountName,
		url: string,
		events: string[],
		createdAt: string,
		secret?: string,
	): WebhookEndpoint {
		if (this.of(account).length >= WEBHOOK_ENDPOINTS_MAX) {
			throw new EndpointError(
				409,
				'webhook_limit',
				`An account has at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints`,
			);
		}
		const endpoint: WebhookEndpoint = {
			id: `we_${randomBytes(8).toString('hex')}`,
			account,
			url,
			events,
			secret: secret ?? `whsec_${randomBytes(24).toString('base64url').slice(0, 32)}`,
			createdAt,
			deliveries: [],
		};
		this.endpoints.set(endpoint.id, endpoint);
		return endpoint;
	}

	get(id: string): WebhookEndpoint | undefined {
		return this.endpoints.get(id);
	}

	remove(id: string): boolean {
		return this.endpoints.delete(id);
	}

	of(account: AccountName): WebhookEndpoint[] {
		return [...this.endpoints.values()].filter((endpoint) => endpoint.account === account);
	}

	all(): WebhookEndpoint[] {
		return [...this.endpoints.values()];
	}
}
