import type { IExecuteFunctions, IHttpRequestOptions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ByteSource } from '../../../shared/index';
import { storedBinarySource } from './binary-source';

/** Hosts of this machine: the only ones a file may come from over plain http (a local test server). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const DOWNLOAD_TIMEOUT_MS = 10 * 60 * 1000;

/** The URL if it may be downloaded: https, or http on this machine only. */
export function checkedFileUrl(node: INode, what: string, value: string): URL {
	let url: URL;
	try {
		url = new URL(value.trim());
	} catch {
		throw new NodeOperationError(
			node,
			`The ${what} address "${value}" is not a URL: give a full https address, e.g. https://example.com/issue.pdf.`,
		);
	}
	const loopback = LOOPBACK_HOSTS.has(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
	if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
		throw new NodeOperationError(
			node,
			`The ${what} address must start with https:// (plain http is accepted only from this machine): "${value}".`,
		);
	}
	if (url.username || url.password) {
		throw new NodeOperationError(
			node,
			`The ${what} address must not hold a user name or password: give a link that needs none.`,
		);
	}
	return url;
}

interface StreamResponse {
	body: { destroy?: () => void };
	headers: Record<string, string | string[] | undefined>;
	statusCode: number;
}

function header(headers: StreamResponse['headers'], name: string): string | undefined {
	const value = headers[name];
	return Array.isArray(value) ? value[0] : value;
}

/** The file name the server gives (Content-Disposition), else the last segment of the URL path. */
function fileNameOf(url: URL, headers: StreamResponse['headers'], fallback: string): string {
	const disposition = header(headers, 'content-disposition');
	const quoted = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
	if (quoted?.[1]) return decodeURIComponent(quoted[1]);
	const last = url.pathname.split('/').pop();
	return last ? decodeURIComponent(last) : fallback;
}

/**
 * Downloads a file by URL into n8n's binary data storage, streaming it (n8n writes the stream to its
 * file or database store; nothing holds the whole file in memory), and returns it as a ByteSource
 * read back from there as a stream. In n8n's in-memory binary mode n8n itself collects the bytes.
 */
export async function urlSource(
	context: IExecuteFunctions,
	what: string,
	value: string,
	mimeType: string,
): Promise<ByteSource> {
	const node = context.getNode();
	const url = checkedFileUrl(node, what, value);
	const options: IHttpRequestOptions = {
		method: 'GET',
		url: url.href,
		encoding: 'stream',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: DOWNLOAD_TIMEOUT_MS,
	};
	let response: StreamResponse;
	try {
		response = (await context.helpers.httpRequest(options)) as StreamResponse;
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		throw new NodeOperationError(
			node,
			`The ${what} could not be downloaded from ${url.href} (${reason}). Check that the address is right and publicly reachable, then try again.`,
		);
	}
	if (response.statusCode < 200 || response.statusCode >= 300) {
		response.body.destroy?.();
		throw new NodeOperationError(
			node,
			`The ${what} could not be downloaded from ${url.href}: the server answered HTTP ${response.statusCode}. Check the address (it must be a direct link to the file, reachable without signing in).`,
		);
	}
	const binary = await context.helpers.prepareBinaryData(
		response.body as unknown as Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0],
		fileNameOf(url, response.headers, what === 'cover' ? 'cover.jpg' : 'issue.pdf'),
		mimeType,
	);
	return await storedBinarySource(context, binary);
}
