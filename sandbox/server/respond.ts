import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** One request being answered; every answer of both origins goes through `send`. */
export interface Exchange {
	req: IncomingMessage;
	res: ServerResponse;
	requestId: string;
	/** Headers every answer to this request carries (X-Request-Id, rate headers, …). */
	headers: Record<string, string>;
	/** commit_then_drop: do the work, then destroy the socket instead of answering. */
	dropResponse: boolean;
}

/** A new exchange: its request id is on every answer, as X-Request-Id. */
export function newExchange(req: IncomingMessage, res: ServerResponse): Exchange {
	const requestId = `req_${randomBytes(12).toString('hex')}`;
	return { req, res, requestId, headers: { 'X-Request-Id': requestId }, dropResponse: false };
}

export function send(
	exchange: Exchange,
	status: number,
	body: string | Buffer,
	contentType: string,
	headers: Record<string, string> = {},
): void {
	const { res } = exchange;
	if (exchange.dropResponse) {
		res.socket?.destroy();
		return;
	}
	if (res.headersSent || res.destroyed) return;
	const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
	res.writeHead(status, {
		...exchange.headers,
		...headers,
		'Content-Type': contentType,
		'Content-Length': String(payload.length),
	});
	res.end(payload);
}

export function sendJson(
	exchange: Exchange,
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): void {
	send(exchange, status, JSON.stringify(body), 'application/json; charset=utf-8', headers);
}

export function sendHtml(exchange: Exchange, status: number, html: string): void {
	send(exchange, status, html, 'text/html; charset=utf-8');
}
