/**
 * What sits in front of n8n's webhook processes in a queue-mode deployment: a loopback HTTP load
 * balancer that hands each request to the next webhook process in turn (round robin), streaming the
 * request and the answer through unchanged. Its address is n8n's N8N_WEBHOOK_URL, so the production
 * URLs n8n shows and numero calls go through it.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WebhookBalancer {
	url: string;
	/** The webhook processes' origins, e.g. http://127.0.0.1:5679; requests go to each in turn. */
	setTargets(origins: string[]): void;
	/** Requests handed to each target so far, by origin. */
	forwarded: Record<string, number>;
	close(): Promise<void>;
}

function forward(target: string, req: IncomingMessage, res: ServerResponse): void {
	const upstream = request(
		`${target}${req.url ?? '/'}`,
		{ method: req.method, headers: req.headers },
		(answer) => {
			res.writeHead(answer.statusCode ?? 502, answer.headers);
			answer.pipe(res);
		},
	);
	upstream.on('error', () => {
		if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
		res.end('Bad gateway');
	});
	req.pipe(upstream);
}

export async function startWebhookBalancer(): Promise<WebhookBalancer> {
	let targets: string[] = [];
	let next = 0;
	const forwarded: Record<string, number> = {};
	const server = createServer((req, res) => {
		if (targets.length === 0) {
			res.writeHead(503, { 'content-type': 'text/plain' }).end('No webhook process yet');
			return;
		}
		const target = targets[next++ % targets.length]!;
		forwarded[target] = (forwarded[target] ?? 0) + 1;
		forward(target, req, res);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		setTargets: (origins) => {
			targets = [...origins];
		},
		forwarded,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
