import type { BeforeRequestMiddleware } from 'zapier-platform-core';
import { USER_AGENT } from './user-agent';

function originOf(address: string | undefined): string | undefined {
	if (!address) return undefined;
	try {
		return new URL(address).origin;
	} catch {
		return undefined;
	}
}

/** Our descriptive User-Agent on every request (API calls, file downloads, upload PUTs), in place of Zapier's bare default. */
export const addUserAgent: BeforeRequestMiddleware = (request) => {
	const headers = Object.fromEntries(
		Object.entries(request.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'user-agent'),
	);
	headers['User-Agent'] = USER_AGENT;
	request.headers = headers;
	return request;
};

/**
 * The bearer key goes only to the API's own origin: never to the upload address (another origin),
 * nor to the address of a file the Zap downloads.
 */
export const addApiKeyForApiOrigin: BeforeRequestMiddleware = (request, _z, bundle) => {
	const { apiKey, baseUrl } = bundle.authData ?? {};
	const apiOrigin = originOf(baseUrl);
	if (!apiKey || !apiOrigin || originOf(request.url) !== apiOrigin) return request;
	request.headers = { ...request.headers, Authorization: `Bearer ${apiKey}` };
	return request;
};
