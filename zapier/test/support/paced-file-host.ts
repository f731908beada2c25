/**
 * A file host whose every file is served at a chosen pace, recording how much of it was sent and
 * whether the client hung up first: to see that a download was stopped, or never read past its
 * headers. The headers go out at once; then `first` bytes; then, after `holdMs` (cut short if the
 * client hangs up), the rest in pieces of `pieceBytes` every `pieceEveryMs`, while the client is there.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PacedFile {
	bytes: Buffer;
	/** The Content-Length header: default the file's length; null sends none (chunked). */
	contentLength?: number | null;
	/** Bytes sent right after the headers. Default 0. */
	first?: number;
	/** Wait before the rest. Default 0. */
	holdMs?: number;
	/** Default: the rest at once. */
	pieceBytes?: number;
	pieceEveryMs?: number;
}

export interface ServedFile {
	url: string;
	/** Bytes of the body handed to the connection so far. */
	bodyBytesSent: number;
	/** The client closed the connection before the whole body was sent. */
	closedByClient: boolean;
	/** Resolves when the response ended or the client hung up. */
	settled: Promise<void>;
}

export interface PacedFileHost {
	add(file: PacedFile): ServedFile;
	close(): Promise<void>;
}

async function serve(res: ServerResponse, file: PacedFile, served: ServedFile): Promise<void> {
	let gone = false;
	let wake: () => void = () => {};
	res.on('close', () => {
		gone = !res.writableFinished;
		served.closedByClient = gone;
		wake();
	});
	const wait = (ms: number) =>
		new Promise<void>((resolve) => {
			if (gone) return resolve();
			const timer = setTimeout(resolve, ms);
			wake = () => {
				clearTimeout(timer);
				resolve();
			};
		});
	const send = (piece: Buffer) => {
		served.bodyBytesSent += piece.length;
		res.write(piece);
	};
	const length = file.contentLength === undefined ? file.bytes.length : file.contentLength;
	res.writeHead(200, {
		'Content-Type': 'application/octet-stream',
		'Content-Disposition': 'attachment; filename="paced.pdf"',
		...(length === null ? {} : { 'Content-Length': String(length) }),
	});
	res.flushHeaders();
	const first = file.first ?? 0;
	if (first > 0) send(file.bytes.subarray(0, first));
	if (file.holdMs) await wait(file.holdMs);
	const piece = file.pieceBytes ?? file.bytes.length;
	for (let offset = first; offset < file.bytes.length && !gone; offset += piece) {
		send(file.bytes.subarray(offset, offset + piece));
		if (file.pieceEveryMs) await wait(file.pieceEveryMs);
	}
	if (!gone) res.end();
}

export async function startPacedFileHost(): Promise<PacedFileHost> {
	const files = new Map<string, { file: PacedFile; served: ServedFile }>();
	const server = createServer((req, res) => {
		const entry = files.get(req.url ?? '');
		if (!entry) {
			res.writeHead(404).end();
			return;
		}
		let settle: () => void = () => {};
		entry.served.settled = new Promise((resolve) => (settle = resolve));
		void serve(res, entry.file, entry.served).finally(() => settle());
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	let next = 0;
	return {
		add(file) {
			const path = `/paced/${++next}`;
			const served: ServedFile = {
				url: `${origin}${path}`,
				bodyBytesSent: 0,
				closedByClient: false,
				settled: Promise.resolve(),
			};
			files.set(path, { file, served });
			return served;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
