/**
 * The firewall in front of the real service blocks requests without a descriptive User-Agent:
 * none at all, or only the default agent of an HTTP library (`node`, `undici`, `axios/1.7.2`,
 * `curl/8.5.0`, `node-fetch/1.0 (+https://github.com/bitinn/node-fetch)`, …).
 * Anything naming a tool of its own (`my-tool/1.0`, `n8n-nodes-numero/0.1.0 (numero-core)`,
 * `Zapier`, a browser) passes.
 */
const LIBRARY_AGENTS = new Set([
	'node',
	'undici',
	'node-fetch',
	'axios',
	'got',
	'superagent',
	'needle',
	'request',
	'ky',
	'python-requests',
	'python-urllib',
	'python-httpx',
	'aiohttp',
	'urllib3',
	'curl',
	'wget',
	'go-http-client',
	'okhttp',
	'java',
	'apache-httpclient',
	'libwww-perl',
	'ruby',
	'faraday',
	'guzzlehttp',
	'dart',
	'postmanruntime',
	'insomnia',
	'httpie',
	'deno',
	'bun',
]);

/** Product tokens (`name/version`) outside of parenthesised comments. */
function productNames(userAgent: string): string[] {
	const withoutComments = userAgent.replace(/\([^)]*\)/g, ' ');
	return withoutComments
		.split(/\s+/)
		.filter((token) => token !== '')
		.map((token) => token.split('/')[0].toLowerCase());
}

export function isBlockedUserAgent(userAgent: string | undefined): boolean {
	if (userAgent === undefined || userAgent.trim() === '') return true;
	const names = productNames(userAgent);
	if (names.length === 0) return true;
	return names.every((name) => LIBRARY_AGENTS.has(name));
}
