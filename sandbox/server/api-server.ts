/**
 * The API origin: /v1 (the API), /docs/openapi.json, the reader and public pages, and /admin.
 * Every answer of /v1 and /docs goes through `answer`, which checks it against openapi.json when
 * the contract is enforced: an operation's answers against that operation, the others against
 * the document's `x-other-requests`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleAdmin } from '../admin/admin-api';
import { API_BASE, OPENAPI_DOCUMENT_PATH, openApiDocument } from '../openapi';
import { handleReader } from '../reader/reader-pages';
import { ROUTES } from '../routes';
import type { ApiResult, Route } from '../routes/route';
import type { SandboxRuntime } from '../runtime';
import { ApiError } from './api-error';
import { applyFault } from './apply-fault';
import { checkIdempotencyKey, requestFingerprint } from './idempotency';
import { readJsonBody } from './http-io';
import { rateLimitHeaders } from './rate-limit';
import { type Exchange, newExchange, sendJson } from './respond';
import { isBlockedUserAgent } from './user-agent';

function bearer(req: IncomingMessage): string | undefined {
	const header = req.headers.authorization;
	if (!header) return undefined;
	const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
	return match ? match[1] : '';
}

function findRoute(method: string, path: string): { route?: Route; allowed: string[] } {
	const onPath = ROUTES.filter((route) => route.path === path);
	return {
		route: onPath.find((route) => route.method === method),
		allowed: onPath.map((route) => route.method),
	};
}

/**
 * Sends a JSON answer, checked against the OpenAPI contract when enforced. `operation` is
 * `METHOD /path` as in the document, or null for a request that matches no operation.
 */
function answer(
	rt: SandboxRuntime,
	exchange: Exchange,
	operation: string | null,
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): void {
	if (rt.contract) {
		const violation = rt.contract.check(operation, status, body, {
			...exchange.headers,
			...headers,
		});
		if (violation) {
			sendJson(exchange, 500, { error: { code: 'contract_violation', message: violation } });
			return;
		}
	}
	sendJson(exchange, status, body, headers);
}

async function handleApi(rt: SandboxRuntime, exchange: Exchange, url: URL): Promise<void> {
	const { req } = exchange;
	const method = req.method ?? 'GET';
	const path = url.pathname.slice(API_BASE.length) || '/';
	rt.requests.record(method, path);
	const fault = rt.faults.take('api', method, [path, url.pathname]);
	if (fault && (await applyFault(fault, exchange))) return;

	const { route, allowed } = findRoute(method, path);
	const operation = route ? `${route.method} ${route.path}` : null;
	const fail = (error: ApiError): void =>
		answer(rt, exchange, operation, error.status, error.body(), error.headers);

	const token = bearer(req);
	const refusal = gate(rt, exchange, token);
	if (refusal) return fail(refusal);
	try {
		const key = token ? rt.app.store.keys.get(token) : undefined;
		if (!key || key.revoked) {
			const why =
				token === undefined
					? 'Missing API key: send Authorization: Bearer <API key>'
					: token === ''
						? 'The Authorization header must be "Bearer <API key>"'
						: 'Invalid or revoked API key';
			throw new ApiError(401, 'unauthorized', why);
		}
		if (!route) {
			if (allowed.length > 0)
				throw new ApiError(
					405,
					'method_not_allowed',
					`${method} is not allowed on ${path}; use ${allowed.join(' or ')}`,
					{ Allow: allowed.join(', ') },
				);
			throw new ApiError(404, 'not_found', `No endpoint ${method} ${path}`);
		}
		if (!key.permissions.includes(route.permission)) {
			throw new ApiError(
				403,
				'forbidden_scope',
				`This key lacks the permission "${route.permission}" needed for ${route.method} ${route.path}`,
			);
		}
		const account = rt.app.store.account(key.account);
		if (route.needsActiveSubscription && account.plan.statut !== 'actif') {
			throw new ApiError(
				402,
				'subscription_ended',
				`The account's subscription is ${account.plan.statut}; renew it in the publisher's space`,
			);
		}
		const idempotencyKey = route.idempotent
			? checkIdempotencyKey(headerValue(req, 'idempotency-key'))
			: undefined;
		const body = route.method === 'GET' ? {} : await readJsonBody(req);
		const run = async (): Promise<ApiResult> => {
			try {
				return await route.handle({ app: rt.app, key, query: url.searchParams, body });
			} catch (error) {
				if (error instanceof ApiError)
					return { status: error.status, body: error.body(), headers: error.headers };
				throw error;
			}
		};
		if (idempotencyKey === undefined) {
			const result = await run();
			return answer(rt, exchange, operation, result.status, result.body, result.headers);
		}
		const result = await rt.idempotency.run(
			`${key.account}`,
			idempotencyKey,
			requestFingerprint(`${route.method} ${route.path}?${url.searchParams.toString()}`, body),
			run,
		);
		return answer(rt, exchange, operation, result.status, result.body, {
			...result.headers,
			...(result.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
		});
	} catch (error) {
		if (error instanceof ApiError) return fail(error);
		throw error;
	}
}

/**
 * The firewall, then the rate limit, in front of /v1 and /docs alike. Sets the rate headers while
 * the limit is on; returns the refusal, if any.
 */
function gate(rt: SandboxRuntime, exchange: Exchange, token: string | undefined): ApiError | null {
	const { req } = exchange;
	const { rateLimiter } = rt;
	const bucket = token ? `key:${token}` : `ip:${req.socket.remoteAddress ?? ''}`;
	if (isBlockedUserAgent(req.headers['user-agent'])) {
		// A refused call is not counted.
		if (rateLimiter.enabled)
			Object.assign(exchange.headers, rateLimitHeaders(rateLimiter.peek(bucket)));
		return new ApiError(
			403,
			'blocked_user_agent',
			'Blocked by the firewall: send a descriptive User-Agent naming your tool, e.g. "my-tool/1.0"',
		);
	}
	if (!rateLimiter.enabled) return null;
	const decision = rateLimiter.take(bucket);
	Object.assign(exchange.headers, rateLimitHeaders(decision));
	if (decision.allowed) return null;
	return new ApiError(
		429,
		'rate_limited',
		`More than ${decision.limit} calls per minute with this key; retry in ${decision.retryAfterSeconds} seconds`,
		{ 'Retry-After': String(decision.retryAfterSeconds) },
	);
}

/** GET /docs/openapi.json: behind the firewall and the rate limit like the API; no key needed. */
function handleDocument(rt: SandboxRuntime, exchange: Exchange): void {
	const method = exchange.req.method ?? 'GET';
	const operation = method === 'GET' ? `GET ${OPENAPI_DOCUMENT_PATH}` : null;
	const refusal = gate(rt, exchange, bearer(exchange.req));
	if (refusal)
		return answer(rt, exchange, operation, refusal.status, refusal.body(), refusal.headers);
	if (method !== 'GET') {
		const refused = new ApiError(
			405,
			'method_not_allowed',
			`${method} is not allowed on ${OPENAPI_DOCUMENT_PATH}; use GET`,
			{ Allow: 'GET' },
		);
		return answer(rt, exchange, null, 405, refused.body(), refused.headers);
	}
	answer(rt, exchange, operation, 200, openApiDocument(rt.app.urls.origin));
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
	const value = req.headers[name];
	return Array.isArray(value) ? value[0] : value;
}

export function apiRequestHandler(rt: SandboxRuntime) {
	return (req: IncomingMessage, res: ServerResponse): void => {
		const exchange = newExchange(req, res);
		const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
		const work = async (): Promise<void> => {
			if (url.pathname === API_BASE || url.pathname.startsWith(`${API_BASE}/`))
				return handleApi(rt, exchange, url);
			if (url.pathname === '/admin' || url.pathname.startsWith('/admin/'))
				return handleAdmin(rt, exchange, url);
			if (url.pathname === OPENAPI_DOCUMENT_PATH) return handleDocument(rt, exchange);
			return handleReader(rt.app, exchange, url);
		};
		work().catch((error: unknown) => {
			rt.app.log(
				`sandbox: internal error on ${req.method} ${url.pathname}: ${error instanceof Error ? error.stack : String(error)}`,
			);
			sendJson(exchange, 500, {
				error: {
					code: 'internal_error',
					message: 'The sandbox failed on this request; see its log',
				},
			});
		});
	};
}
