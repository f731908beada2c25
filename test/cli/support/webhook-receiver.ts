import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
	body: Buffer;
	/** What this receiver's own check concluded. */
	verdict: 'valid' | 'bad_signature' | 'stale' | 'future' | 'no_signature';
}

/**
 * A webhook receiver written like a careful integrator would, independently of the core: it checks
 * Service-Signature with its own HMAC-SHA256 over `<t>.<raw body>` and a 5-minute tolerance, answers
 * 200 or 400 (or `respondWith`), and records every request.
 */
export class WebhookReceiver {
	readonly requests: ReceivedRequest[] = [];
	/** Replaces the answer: status and body. */
	respondWith: { status: number; body: string; headers?: Record<string, string> } | undefined;
	private server: Server | undefined;
	url = '';

	/** The secret it checks with; may be set once the endpoint exists. */
	constructor(public secret: string) {}

	async start(): Promise<this> {
		this.server = createServer((request, response) => {
			const chunks: Buffer[] = [];
			request.on('data', (chunk: Buffer) => chunks.push(chunk));
			request.on('end', () => {
				const body = Buffer.concat(chunks);
				const verdict = this.check(request.headers['service-signature'], body);
				this.requests.push({
					method: request.method ?? '',
					url: request.url ?? '',
					headers: request.headers,
					body,
					verdict,
				});
				const answer =
					this.respondWith ??
					(verdict === 'valid'
						? { status: 200, body: '{"received":true}' }
						: { status: 400, body: `{"error":"${verdict}"}` });
				response.writeHead(answer.status, {
					'Content-Type': 'application/json',
					...('headers' in answer ? answer.headers : {}),
				});
				response.end(answer.body);
			});
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhook/numero`;
		return this;
	}

	async stop(): Promise<void> {
		this.server?.closeAllConnections();
		await new Promise<void>((resolve) =>
			this.server ? this.server.close(() => resolve()) : resolve(),
		);
	}

	last(): ReceivedRequest {
		const request = this.requests[this.requests.length - 1];
		if (!request) throw new Error('the receiver got no request');
		return request;
	}

	private check(header: string | string[] | undefined, body: Buffer): ReceivedRequest['verdict'] {
		if (typeof header !== 'string') return 'no_signature';
		const parts = header.split(',').map((part) => part.split('='));
		const t = parts.find(([key]) => key === 't')?.[1] ?? '';
		const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
		const expected = createHmac('sha256', this.secret).update(`${t}.`).update(body).digest();
		const matches = signatures.some(
			(hex) => /^[0-9a-f]{64}$/.test(hex) && timingSafeEqual(Buffer.from(hex, 'hex'), expected),
		);
		if (!/^\d+$/.test(t) || !matches) return 'bad_signature';
		const age = Date.now() / 1000 - Number(t);
		if (age > 300) return 'stale';
		if (age < -300) return 'future';
		return 'valid';
	}
}

/** The header value as the service makes it, computed independently of the core. */
export function independentSignature(
	secret: string,
	timestamp: number,
	body: string | Buffer,
): string {
	const hmac = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
	return `t=${timestamp},v1=${hmac}`;
}
