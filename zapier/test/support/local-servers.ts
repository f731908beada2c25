/**
 * Two small loopback servers the tests need besides the sandbox: a file host (where Zapier keeps the
 * files a Zap maps into file fields) and a webhook receiver (standing in for the Zap's hook URL,
 * capturing each delivery exactly as Zapier hands it to the trigger: raw body and headers).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

function listen(server: Server): Promise<string> {
	return new Promise((resolve) =>
		server.listen(0, '127.0.0.1', () =>
			resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
		),
	);
}

function close(server: Server): Promise<void> {
	return new Promise((resolve) => {
		server.close(() => resolve());
		server.closeAllConnections();
	});
}

export interface FileHost {
	/** The address of a file with these bytes (served with its name in Content-Disposition). */
	add(name: string, bytes: Buffer, contentType?: string): string;
	/** The headers of every request received. */
	requests: IncomingHttpHeaders[];
	close(): Promise<void>;
}

export async function startFileHost(): Promise<FileHost> {
	const files = new Map<string, { bytes: Buffer; contentType: string; name: string }>();
	const requests: IncomingHttpHeaders[] = [];
	let next = 0;
	const server = createServer((req, res) => {
		requests.push(req.headers);
		const file = files.get(req.url ?? '');
		if (!file) {
			res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
			return;
		}
		res.writeHead(200, {
			'Content-Type': file.contentType,
			'Content-Length': file.bytes.length,
			'Content-Disposition': `attachment; filename="${file.name}"`,
		});
		res.end(file.bytes);
	});
	const origin = await listen(server);
	return {
		add(name, bytes, contentType = 'application/octet-stream') {
			const path = `/files/${++next}`;
			files.set(path, { bytes, contentType, name });
			return `${origin}${path}`;
		},
		requests,
		close: () => close(server),
	};
}

export interface CapturedDelivery {
	/** The body exactly as received. */
	content: string;
	/** As Zapier gives them to a hook's perform: each header name title-cased and prefixed with `Http-`. */
	headers: Record<string, string>;
}

export interface WebhookReceiver {
	url: string;
	deliveries: CapturedDelivery[];
	/** Resolves when `count` deliveries have arrived in all. */
	waitFor(count: number): Promise<CapturedDelivery[]>;
	close(): Promise<void>;
}

function zapierHeaderName(name: string): string {
	return `Http-${name
		.split('-')
		.map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
		.join('-')}`;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
	const deliveries: CapturedDelivery[] = [];
	const waiters: Array<() => void> = [];
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const headers: Record<string, string> = {};
			for (const [name, value] of Object.entries(req.headers)) {
				if (typeof value === 'string') headers[zapierHeaderName(name)] = value;
			}
			deliveries.push({ content: Buffer.concat(chunks).toString('utf8'), headers });
			res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"success"}');
			waiters.splice(0).forEach((wake) => wake());
		});
	});
	const url = `${await listen(server)}/hooks/catch/123456/abcdef/`;
	return {
		url,
		deliveries,
		async waitFor(count) {
			while (deliveries.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
			return deliveries.slice(0, count);
		},
		close: () => close(server),
	};
}
