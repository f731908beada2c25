/** Small helpers for the sandbox's own tests: start one, call the API and the admin API. */
import { createHash } from 'node:crypto';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox';

export const USER_AGENT = 'numero-sandbox-tests/1.0';

export interface Answer<T = any> {
	status: number;
	headers: Headers;
	body: T;
	text: string;
}

export function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
	return startSandbox({ rateLimit: 0, ...options });
}

async function toAnswer(response: Response): Promise<Answer> {
	const text = await response.text();
	let body: unknown = text;
	try {
		body = JSON.parse(text);
	} catch {
		// Not JSON (HTML pages): keep the text.
	}
	return { status: response.status, headers: response.headers, body, text };
}

export interface CallOptions {
	body?: unknown;
	rawBody?: string;
	headers?: Record<string, string>;
	userAgent?: string | null;
}

export async function call(
	sb: RunningSandbox,
	key: string | null,
	method: string,
	path: string,
	options: CallOptions = {},
): Promise<Answer> {
	const headers: Record<string, string> = { ...options.headers };
	if (options.userAgent !== null) headers['User-Agent'] = options.userAgent ?? USER_AGENT;
	if (key !== null) headers.Authorization = `Bearer ${key}`;
	let body: string | undefined = options.rawBody;
	if (options.body !== undefined) {
		body = JSON.stringify(options.body);
		headers['Content-Type'] = 'application/json';
	}
	return toAnswer(await fetch(`${sb.baseUrl}${path}`, { method, headers, body }));
}

export async function admin(
	sb: RunningSandbox,
	method: string,
	path: string,
	body?: unknown,
): Promise<Answer> {
	const response = await fetch(`${sb.adminUrl}${path}`, {
		method,
		headers: { Authorization: `Bearer ${sb.adminToken}`, 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return toAnswer(response);
}

export async function open(url: string, headers: Record<string, string> = {}): Promise<Answer> {
	return toAnswer(
		await fetch(url, { headers: { 'User-Agent': 'Mozilla/5.0 (test browser)', ...headers } }),
	);
}

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** Requests an upload address and PUTs the bytes with exactly the returned headers. */
export async function upload(
	sb: RunningSandbox,
	bytes: Buffer,
	type: 'pdf' | 'couverture' = 'pdf',
	key = sb.keys.full,
): Promise<{ sha256: string; taille: number }> {
	const hash = sha256(bytes);
	const requested = await call(sb, key, 'POST', '/televersements', {
		body: { type, sha256: hash, taille: bytes.length },
	});
	if (requested.status !== 201 && requested.status !== 200)
		throw new Error(`POST /televersements: ${requested.status} ${requested.text}`);
	if (!requested.body.deja_present) {
		const put = await fetch(requested.body.url, {
			method: 'PUT',
			headers: requested.body.en_tetes,
			body: bytes,
		});
		if (put.status !== 200) throw new Error(`PUT: ${put.status} ${await put.text()}`);
	}
	return { sha256: hash, taille: bytes.length };
}

let counter = 0;
/** A distinct small "PDF" each time. */
export function pdfBytes(label = 'test'): Buffer {
	counter += 1;
	return Buffer.from(`%PDF-1.4\n% ${label} ${counter} ${process.hrtime.bigint()}\n%%EOF\n`);
}

/** Uploads a PDF and creates an issue from it. */
export async function publish(
	sb: RunningSandbox,
	fields: Record<string, unknown> = {},
	key = sb.keys.full,
): Promise<Answer> {
	const file = await upload(sb, pdfBytes(), 'pdf', key);
	return call(sb, key, 'POST', '/numeros', {
		body: { ...file, titre: 'Numéro de test', publication: 'gazette', ...fields },
	});
}

/** A response's JSON body, untyped (tests look at it field by field). */
export const jsonOf = async (response: Response): Promise<any> => response.json();
