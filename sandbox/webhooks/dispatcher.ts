/**
 * Delivers events to webhook endpoints: signed POSTs, a time limit per attempt, retries after
 * 1 min, 5 min, 30 min and 2 h on the sandbox clock (same id and body, new signature), and a log
 * of the last 50 deliveries per endpoint.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { WEBHOOK_LOGGED_DELIVERIES, WEBHOOK_RETRY_DELAYS_SECONDS } from '../../shared/api-limits';
import { SIGNATURE_HEADER } from '../../shared/api-types';
import { type EventType, TEST_EVENT_TYPE } from '../../shared/issue-events';
import type { SandboxApp } from '../app';
import { eventData } from '../issue-view';
import type { AccountName, Issue } from '../store';
import type { Delivery, EndpointRegistry, WebhookEndpoint } from './endpoints';
import { signWebhook } from '../../shared/webhook-signature';

const EXCERPT_CHARS = 500;

export interface StoredEvent {
	id: string;
	type: string;
	account: AccountName;
	/** The exact body sent on every attempt. */
	body: string;
}

interface PendingRetry {
	endpointId: string;
	eventId: string;
	attempt: number;
	dueAt: number;
}

interface AttemptOutcome {
	status: number | null;
	body: string | null;
	error: string | null;
}

export class WebhookDispatcher {
	private readonly events = new Map<string, StoredEvent>();
	private retries: PendingRetry[] = [];
	private readonly inFlight = new Set<Promise<unknown>>();
	private readonly sockets = new Set<{ destroy(): void }>();
	private closed = false;

	constructor(
		private readonly app: SandboxApp,
		readonly endpoints: EndpointRegistry,
		private readonly timeoutMs: number,
	) {}

	emit(account: AccountName, type: EventType, issue: Issue): void {
		const event = this.record(account, type, eventData(this.app, issue));
		for (const endpoint of this.endpoints.of(account)) {
			if (endpoint.events.includes(type)) this.track(this.attempt(endpoint, event, 1, 'event'));
		}
	}

	/** The test button: one numero.test event to one endpoint, whatever types it chose. */
	sendTest(endpoint: WebhookEndpoint): Promise<Delivery> {
		const event = this.record(endpoint.account, TEST_EVENT_TYPE, {
			message: 'Événement de test envoyé depuis le bac à sable numero',
		});
		return this.track(this.attempt(endpoint, event, 1, 'test'));
	}

	/** Sends a logged delivery's event again (same id and body, new signature); no automatic retries. */
	resend(endpoint: WebhookEndpoint, deliveryId: string): Promise<Delivery> | undefined {
		const delivery = endpoint.deliveries.find((candidate) => candidate.id === deliveryId);
		const event = delivery && this.events.get(delivery.eventId);
		if (!delivery || !event) return undefined;
		return this.track(this.attempt(endpoint, event, delivery.attempt + 1, 'resend'));
	}

	/** Starts the retries the sandbox clock has made due. */
	runDueRetries(): void {
		const now = this.app.clock.now();
		const due = this.retries.filter((retry) => retry.dueAt <= now);
		this.retries = this.retries.filter((retry) => retry.dueAt > now);
		for (const retry of due) {
			const endpoint = this.endpoints.get(retry.endpointId);
			const event = this.events.get(retry.eventId);
			if (endpoint && event) this.track(this.attempt(endpoint, event, retry.attempt, 'retry'));
		}
	}

	/** Every event emitted for an account, oldest first, as sent. */
	eventLog(account: AccountName): Array<{ id: string; type: string; body: unknown }> {
		return [...this.events.values()]
			.filter((event) => event.account === account)
			.map((event) => ({
				id: event.id,
				type: event.type,
				body: JSON.parse(event.body) as unknown,
			}));
	}

	pendingRetries(): PendingRetry[] {
		return this.retries.map((retry) => ({ ...retry }));
	}

	/** Waits until no delivery is in progress. */
	async settle(): Promise<void> {
		while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
	}

	close(): void {
		this.closed = true;
		this.retries = [];
		for (const socket of this.sockets) socket.destroy();
	}

	private record(account: AccountName, type: string, donnees: unknown): StoredEvent {
		const id = `evt_${randomBytes(12).toString('hex')}`;
		const body = JSON.stringify({ id, type, cree_le: this.app.clock.iso(), donnees });
		const event = { id, type, account, body };
		this.events.set(id, event);
		return event;
	}

	private track<T>(promise: Promise<T>): Promise<T> {
		this.inFlight.add(promise);
		void promise.finally(() => this.inFlight.delete(promise)).catch(() => undefined);
		return promise;
	}

	private async attempt(
		endpoint: WebhookEndpoint,
		event: StoredEvent,
		attempt: number,
		trigger: Delivery['trigger'],
	): Promise<Delivery> {
		const delivery: Delivery = {
			id: `dlv_${randomBytes(10).toString('hex')}`,
			endpointId: endpoint.id,
			eventId: event.id,
			eventType: event.type,
			attempt,
			trigger,
			status: 'pending',
			responseStatus: null,
			responseBody: null,
			error: null,
			startedAt: this.app.clock.iso(),
			finishedAt: null,
			nextRetryAt: null,
		};
		endpoint.deliveries.unshift(delivery);
		endpoint.deliveries.splice(WEBHOOK_LOGGED_DELIVERIES);
		const timestamp = Math.floor(this.app.clock.now() / 1000);
		const outcome = this.closed
			? { status: null, body: null, error: 'sandbox closed' }
			: await this.post(
					endpoint.url,
					event.body,
					signWebhook({ payload: event.body, secret: endpoint.secret, timestamp }),
				);
		delivery.responseStatus = outcome.status;
		delivery.responseBody = outcome.body;
		delivery.error = outcome.error;
		delivery.finishedAt = this.app.clock.iso();
		const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
		delivery.status = ok ? 'succeeded' : 'failed';
		const retriable = outcome.status === null || outcome.status >= 500;
		const automatic = trigger === 'event' || trigger === 'retry';
		if (
			!ok &&
			retriable &&
			automatic &&
			attempt <= WEBHOOK_RETRY_DELAYS_SECONDS.length &&
			!this.closed
		) {
			const dueAt = this.app.clock.now() + WEBHOOK_RETRY_DELAYS_SECONDS[attempt - 1] * 1000;
			this.retries.push({
				endpointId: endpoint.id,
				eventId: event.id,
				attempt: attempt + 1,
				dueAt,
			});
			delivery.nextRetryAt = new Date(dueAt).toISOString();
		}
		this.app.log(
			`sandbox: webhook ${event.type} ${event.id} attempt ${attempt} -> ${outcome.status ?? outcome.error}`,
		);
		return delivery;
	}

	private post(target: string, body: string, signature: string): Promise<AttemptOutcome> {
		return new Promise((resolve) => {
			const url = new URL(target);
			const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
			let settled = false;
			const finish = (outcome: AttemptOutcome): void => {
				if (settled) return;
				settled = true;
				clearTimeout(timer);
				resolve(outcome);
			};
			const req = send(url, {
				method: 'POST',
				headers: {
					'Content-Type': 'application/json',
					'Content-Length': String(Buffer.byteLength(body)),
					'User-Agent': 'numero-webhooks/1.0 (sandbox)',
					[SIGNATURE_HEADER]: signature,
				},
			});
			this.sockets.add(req);
			const timer = setTimeout(() => {
				finish({
					status: null,
					body: null,
					error: `timeout: no answer within ${this.timeoutMs} ms`,
				});
				req.destroy();
			}, this.timeoutMs);
			req.on('response', (res) => {
				let text = '';
				res.setEncoding('utf8');
				res.on('data', (chunk: string) => {
					if (text.length < EXCERPT_CHARS) text += chunk;
				});
				res.on('end', () =>
					finish({
						status: res.statusCode ?? null,
						body: text.slice(0, EXCERPT_CHARS),
						error: null,
					}),
				);
				res.on('error', () =>
					finish({
						status: res.statusCode ?? null,
						body: text.slice(0, EXCERPT_CHARS),
						error: 'response interrupted',
					}),
				);
			});
			req.on('error', (error) =>
				finish({
					status: null,
					body: null,
					error: `${(error as NodeJS.ErrnoException).code ?? 'error'}: ${error.message}`,
				}),
			);
			req.on('close', () => this.sockets.delete(req));
			req.end(body);
		});
	}
}
