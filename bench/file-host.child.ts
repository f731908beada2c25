/**
 * Run as its own process by zapier-publish.bench.ts: serves the file NUMERO_FILE (read from disk at
 * every request, with its Content-Length and name) at the address it prints as one JSON line. In its
 * own process, serving the file takes nothing from the process being measured, as a real file host
 * (Zapier's storage of a Zap's files) would, and curl and the Zapier app download from the same host.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';

const path = process.env.NUMERO_FILE!;

const server = createServer((_req, res) => {
	res.writeHead(200, {
		'Content-Type': 'application/pdf',
		'Content-Length': statSync(path).size,
		'Content-Disposition': `attachment; filename="${basename(path)}"`,
	});
	createReadStream(path, { highWaterMark: 1024 * 1024 }).pipe(res);
});

server.listen(0, '127.0.0.1', () => {
	const { port } = server.address() as AddressInfo;
	process.stdout.write(
		`${JSON.stringify({ url: `http://127.0.0.1:${port}/${basename(path)}` })}\n`,
	);
});
