/**
 * The network between numero and n8n, on loopback: forwards every request unchanged to a target and
 * its answer back, except that it can be told to lose n8n's next answers (the request reaches n8n,
 * the connection to numero is cut before the answer): what makes a service retry a delivery the
 * receiver already handled.
 */
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LossyRelay {
	url(targetPath: string): string;
	/** The next `count` answers are lost after the request was delivered to the target. */
	loseNextAnswers(count: number): void;
	close(): Promise<void>;
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		stream.on('data', (chunk: Buffer) => chunks.push(chunk));
		stream.on('end', () => resolve(Buffer.concat(chunks)));
		stream.on('error', reject);
	});
}

export async function startLossyRelay(targetOrigin: () => string): Promise<LossyRelay> {
	let toLose = 0;
	const server = createServer(async (req, res) => {
		const body = await readAll(req);
		const target = new URL(req.url ?? '/', targetOrigin());
		const forwarded = request(
			target,
			{ method: req.method, headers: req.headers },
			async (answer) => {
				const answerBody = await readAll(answer);
				if (toLose > 0) {
					toLose -= 1;
					res.socket?.destroy();
					return;
				}
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				res.end(answerBody);
			},
		);
		forwarded.on('error', () => res.socket?.destroy());
		forwarded.end(body);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: (targetPath) => `http://127.0.0.1:${port}${targetPath}`,
		loseNextAnswers: (count) => {
			toLose = count;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
