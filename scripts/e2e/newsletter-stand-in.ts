/**
 * Stands in for a newsletter tool: a loopback HTTP endpoint that records every call it receives.
 * The "published → newsletter" workflow posts to it.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface NewsletterCall {
	method: string;
	path: string;
	headers: IncomingHttpHeaders;
	/** The JSON body, or the text when it is not JSON. */
	body: unknown;
}

export interface NewsletterStandIn {
	/** Where the workflow posts: `http://127.0.0.1:<port>/campaigns`. */
	url: string;
	calls: NewsletterCall[];
	close(): Promise<void>;
}

export async function startNewsletterStandIn(
	onCall?: (call: NewsletterCall) => void,
): Promise<NewsletterStandIn> {
	const calls: NewsletterCall[] = [];
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const text = Buffer.concat(chunks).toString('utf8');
			let body: unknown = text;
			try {
				body = JSON.parse(text);
			} catch {
				// not JSON: kept as text
			}
			const call = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
			calls.push(call);
			onCall?.(call);
			res.writeHead(202, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ queued: true, campaign: `cmp_${calls.length}` }));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/campaigns`,
		calls,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
