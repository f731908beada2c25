/** A webhook receiver for tests: records what it gets and answers as told. */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
	headers: IncomingMessage['headers'];
	body: string;
}

export interface Receiver {
	url: string;
	received: Received[];
	/** Statuses for the next requests, in order; then 200. A number < 0 means: never answer. */
	answers: number[];
	/** Resolves when `count` requests have arrived. */
	waitFor(count: number): Promise<Received[]>;
	close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
	const received: Received[] = [];
	const waiters: Array<{ count: number; resolve: (r: Received[]) => void }> = [];
	const receiver: Receiver = {
		url: '',
		received,
		answers: [],
		waitFor: (count) =>
			new Promise((resolve) => {
				if (received.length >= count) resolve(received);
				else waiters.push({ count, resolve });
			}),
		close: () =>
			new Promise((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
			for (const waiter of waiters.filter((w) => received.length >= w.count)) {
				waiters.splice(waiters.indexOf(waiter), 1);
				waiter.resolve(received);
			}
			const status = receiver.answers.shift() ?? 200;
			if (status < 0) return;
			res.writeHead(status, { 'Content-Type': 'text/plain' });
			res.end(status >= 300 ? `refused with ${status}` : 'ok');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/numero`;
	return receiver;
}
