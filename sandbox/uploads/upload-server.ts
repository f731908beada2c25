/** The upload origin: a second HTTP server where files are PUT to signed addresses. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxRuntime } from '../runtime';
import { applyFault } from '../server/apply-fault';
import { headerRecord } from '../server/http-io';
import { type Exchange, newExchange, sendJson } from '../server/respond';
import { checkUploadAddress, uploadHeaders } from './upload-address';
import { SizeExceededError } from './file-store';

const UPLOAD_OPERATION = 'PUT /fichiers/{televersement}';

/** Every answer of the upload origin, checked against openapi.json when the contract is enforced. */
function answer(rt: SandboxRuntime, exchange: Exchange, status: number, body: unknown): void {
	const violation = rt.contract?.check(UPLOAD_OPERATION, status, body, exchange.headers);
	if (violation)
		return sendJson(exchange, 500, { error: { code: 'contract_violation', message: violation } });
	sendJson(exchange, status, body);
}

function refuseWith(
	rt: SandboxRuntime,
	exchange: Exchange,
	status: number,
	code: string,
	message: string,
): void {
	// Node discards the unread rest of a refused body once the answer is sent.
	answer(rt, exchange, status, { error: { code, message } });
}

async function handleUpload(rt: SandboxRuntime, exchange: Exchange, url: URL): Promise<void> {
	const { req } = exchange;
	const refuse = (status: number, code: string, message: string): void =>
		refuseWith(rt, exchange, status, code, message);
	const { app } = rt;
	rt.uploadRequests.record({
		method: req.method ?? '',
		path: url.pathname,
		headers: headerRecord(req),
		at: app.clock.iso(),
	});
	const fault = rt.faults.take('upload', req.method ?? '', [url.pathname]);
	if (fault && (await applyFault(fault, exchange))) return;

	if (req.method !== 'PUT') {
		exchange.headers.Allow = 'PUT';
		return refuse(405, 'method_not_allowed', 'Files are sent with PUT');
	}
	const address = checkUploadAddress(app, url);
	if (!address.ok) {
		return address.code === 'upload_expired'
			? refuse(
					403,
					'upload_expired',
					'This upload address has expired (valid 1 hour); request a new one with POST /televersements',
				)
			: refuse(
					403,
					'bad_upload_signature',
					'This upload address is not valid (wrong or altered signature)',
				);
	}
	const { upload } = address;
	if (req.headers.authorization !== undefined) {
		return refuse(
			400,
			'unexpected_authorization',
			'The upload address carries its own signature: send no Authorization header (never send the API key here)',
		);
	}
	for (const [name, expected] of Object.entries(uploadHeaders(upload))) {
		const given = req.headers[name.toLowerCase()];
		if (given !== expected) {
			return refuse(
				400,
				'header_mismatch',
				`${name}: must be exactly ${JSON.stringify(expected)} as given in en_tetes (got ${given === undefined ? 'none' : JSON.stringify(given)})`,
			);
		}
	}
	const lengthHeader = req.headers['content-length'];
	if (lengthHeader === undefined)
		return refuse(411, 'length_required', 'Content-Length is required');
	if (Number(lengthHeader) !== upload.taille) {
		return refuse(
			400,
			'size_mismatch',
			`Content-Length ${lengthHeader} is not the announced size ${upload.taille}`,
		);
	}
	const account = app.store.account(upload.account);
	if (upload.taille > account.plan.maxFileBytes) {
		return refuse(
			413,
			'file_too_large',
			`${upload.taille} bytes is over the plan's maximum file size of ${account.plan.maxFileBytes} bytes`,
		);
	}
	let received;
	try {
		received = await app.files.receive(upload.account, req, upload.taille);
	} catch (error) {
		if (error instanceof SizeExceededError)
			return refuse(
				400,
				'size_mismatch',
				`The body is longer than the announced ${upload.taille} bytes`,
			);
		throw error;
	}
	if (received.size !== upload.taille) {
		await received.discard();
		return refuse(
			400,
			'size_mismatch',
			`Received ${received.size} bytes, announced ${upload.taille}`,
		);
	}
	if (received.sha256 !== upload.sha256) {
		await received.discard();
		return refuse(
			400,
			'sha256_mismatch',
			'The SHA-256 of the bytes received is not the announced one; nothing was stored',
		);
	}
	if (account.files.has(upload.sha256)) {
		await received.discard();
	} else {
		const path = await received.commit(upload.sha256);
		account.files.set(upload.sha256, {
			sha256: upload.sha256,
			taille: upload.taille,
			type: upload.type,
			path,
			storedAt: app.clock.now(),
		});
	}
	answer(rt, exchange, 200, { sha256: upload.sha256, taille: upload.taille });
}

export function uploadRequestHandler(rt: SandboxRuntime) {
	return (req: IncomingMessage, res: ServerResponse): void => {
		const exchange = newExchange(req, res);
		const url = new URL(req.url ?? '/', 'http://uploads.invalid');
		handleUpload(rt, exchange, url).catch((error: unknown) => {
			rt.app.log(
				`sandbox uploads: internal error: ${error instanceof Error ? error.stack : String(error)}`,
			);
			sendJson(exchange, 500, {
				error: { code: 'internal_error', message: 'The upload origin failed; see the sandbox log' },
			});
		});
	};
}
