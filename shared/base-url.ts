import { fail } from './field-rules';

function isLoopback(hostname: string): boolean {
	if (hostname === 'localhost' || hostname === '[::1]') return true;
	return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** The address shown in messages: no user, password, query or fragment. */
function describeUrl(url: URL): string {
	return JSON.stringify(`${url.protocol}//${url.host}${url.pathname}`);
}

/**
 * Checks the API root: https (http only on loopback), path ending in `/v1`, no credentials, query or
 * fragment. Returns it without a trailing slash.
 */
export function validateBaseUrl(value: unknown): string {
	const field = 'baseUrl';
	if (typeof value !== 'string' || value.length === 0)
		fail(
			field,
			'required',
			'is required, e.g. "https://api.numero.press/v1"',
			'it is missing or empty',
		);
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		return fail(
			field,
			'uri',
			'must be an absolute address such as "https://api.numero.press/v1"',
			'it is not an address',
		);
	}
	if (url.username || url.password) {
		fail(
			field,
			'no_credentials',
			'must not contain a user name or password (the API key goes in its own field)',
			`got ${describeUrl(url)} with credentials`,
		);
	}
	if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
		fail(
			field,
			'https',
			'must use https (http is only allowed on this machine: localhost, 127.x.x.x, [::1])',
			`got ${describeUrl(url)}`,
		);
	}
	if (url.search || url.hash)
		fail(
			field,
			'no_query',
			'must not have a query or fragment',
			`got ${describeUrl(url)} with one`,
		);
	const path = url.pathname.replace(/\/+$/, '');
	if (!path.endsWith('/v1'))
		fail(field, 'v1_path', 'must end in /v1, the versioned API root', `got ${describeUrl(url)}`);
	return `${url.protocol}//${url.host}${path}`;
}
