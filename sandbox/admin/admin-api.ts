/** The admin API (own token): webhook endpoints, clock, faults, counters, state, plans, rate limit. */
import { timingSafeEqual } from 'node:crypto';
import { numeroView } from '../issue-view';
import type { SandboxRuntime } from '../runtime';
import { ApiError } from '../server/api-error';
import type { FaultAction, FaultMatch } from '../server/faults';
import { parseJsonObject, readBody } from '../server/http-io';
import { type Exchange, sendJson } from '../server/respond';
import type { AccountName, Formule, StatutCompte } from '../store';
import {
	checkEventTypes,
	checkTargetUrl,
	EndpointError,
	type WebhookEndpoint,
} from '../webhooks/endpoints';

type Handler = (
	rt: SandboxRuntime,
	body: Record<string, unknown>,
	params: string[],
	query: URLSearchParams,
) => Promise<[number, unknown]> | [number, unknown];

const MAX_ADVANCE_SECONDS = 10 * 366 * 86400;

const bad = (message: string): ApiError => new ApiError(400, 'invalid_field', message);

function accountParam(value: unknown): AccountName {
	if (value === undefined) return 'main';
	if (value !== 'main' && value !== 'other') throw bad('account: main or other');
	return value;
}

function endpointView(endpoint: WebhookEndpoint) {
	return {
		id: endpoint.id,
		account: endpoint.account,
		url: endpoint.url,
		events: endpoint.events,
		createdAt: endpoint.createdAt,
	};
}

function endpointOr404(rt: SandboxRuntime, id: string): WebhookEndpoint {
	const endpoint = rt.webhooks.endpoints.get(id);
	if (!endpoint) throw new ApiError(404, 'not_found', `No webhook endpoint ${id}`);
	return endpoint;
}

function optionalInteger(
	body: Record<string, unknown>,
	field: string,
	min: number,
	nullable = false,
): number | null | undefined {
	const value = body[field];
	if (value === undefined) return undefined;
	if (value === null && nullable) return null;
	if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
		throw bad(`${field}: an integer >= ${min}${nullable ? ' or null' : ''}`);
	return value;
}

function parseFault(body: Record<string, unknown>): {
	match: FaultMatch;
	count: number;
	action: FaultAction;
} {
	const match = (body.match ?? {}) as Record<string, unknown>;
	if (typeof match !== 'object' || match === null) throw bad('match: an object');
	if (match.origin !== undefined && match.origin !== 'api' && match.origin !== 'upload')
		throw bad('match.origin: api or upload');
	for (const field of ['method', 'path'] as const) {
		if (match[field] !== undefined && typeof match[field] !== 'string')
			throw bad(`match.${field}: a string`);
	}
	const count = optionalInteger(body, 'count', 1) ?? 1;
	const faultMatch: FaultMatch = {
		method: match.method as string | undefined,
		path: match.path as string | undefined,
		origin: match.origin as FaultMatch['origin'],
	};
	switch (body.action) {
		case 'status': {
			const status = optionalInteger(body, 'status', 100);
			if (status === undefined || status === null || status > 599)
				throw bad('status: an HTTP status');
			const retryAfter = optionalInteger(body, 'retryAfter', 0) ?? undefined;
			return { match: faultMatch, count, action: { action: 'status', status, retryAfter } };
		}
		case 'delay': {
			const delayMs = optionalInteger(body, 'delayMs', 0);
			if (delayMs === undefined || delayMs === null)
				throw bad('delayMs: required for action delay');
			return { match: faultMatch, count, action: { action: 'delay', delayMs } };
		}
		case 'drop':
		case 'commit_then_drop':
			return { match: faultMatch, count, action: { action: body.action } };
		default:
			throw bad('action: status, delay, drop or commit_then_drop');
	}
}

function stateOf(rt: SandboxRuntime, account: AccountName) {
	const { app } = rt;
	const store = app.store;
	const acc = store.account(account);
	const links = [...store.links.values()].filter((link) => link.account === account);
	return {
		account,
		plan: acc.plan,
		periodicals: acc.periodicals.map(({ code, nom, telechargement, impression }) => ({
			code,
			nom,
			telechargement,
			impression,
		})),
		issues: store.issuesOf(account).map((issue) => ({
			...numeroView(app, issue),
			sha256: issue.sha256,
			taille: issue.taille,
			couverture_sha256: issue.coverSha256,
			lien_achat: issue.lienAchat,
			telechargement: issue.telechargement,
			impression: issue.impression,
			nom_fichier: issue.nomFichier,
			former_reader: issue.formerReader,
		})),
		links: links.map((link) => ({
			id: link.id,
			issueId: link.issueId,
			page: link.page,
			fingerprint: link.fingerprint,
			createdAt: new Date(link.createdAt).toISOString(),
			expiresAt: new Date(link.expiresAt).toISOString(),
			revoked: store.linkIsRevoked(link),
		})),
		revocations: store.revocations
			.filter((rev) => rev.account === account)
			.map((rev) => ({
				fingerprint: rev.fingerprint,
				revokedAt: new Date(rev.revokedAt).toISOString(),
			})),
		uploads: [...acc.files.values()].map((file) => ({
			sha256: file.sha256,
			taille: file.taille,
			type: file.type,
			storedAt: new Date(file.storedAt).toISOString(),
		})),
		uploadRequests: [...store.uploads.values()]
			.filter((upload) => upload.account === account)
			.map((upload) => ({
				id: upload.id,
				type: upload.type,
				sha256: upload.sha256,
				taille: upload.taille,
				expiresAt: new Date(upload.expiresAt).toISOString(),
			})),
		reads: store.reads
			.filter((read) => store.issues.get(read.issueId)?.account === account)
			.map((read) => ({ ...read, at: new Date(read.at).toISOString() })),
	};
}

const ROUTES: Array<[string, RegExp, Handler]> = [
	[
		'GET',
		/^\/clock$/,
		(rt) => [200, { now: rt.app.clock.iso(), timeScale: rt.app.clock.timeScale }],
	],
	[
		'POST',
		/^\/clock$/,
		async (rt, body) => {
			const seconds = body.advanceSeconds;
			if (
				typeof seconds !== 'number' ||
				!Number.isFinite(seconds) ||
				seconds < 0 ||
				seconds > MAX_ADVANCE_SECONDS
			) {
				throw bad(`advanceSeconds: a number from 0 to ${MAX_ADVANCE_SECONDS} (ten years)`);
			}
			rt.app.clock.advance(seconds);
			await rt.tick();
			return [200, { now: rt.app.clock.iso() }];
		},
	],
	[
		'POST',
		/^\/webhooks$/,
		(rt, body) => {
			const secret = body.secret;
			if (
				secret !== undefined &&
				(typeof secret !== 'string' || !/^whsec_[A-Za-z0-9_-]{16,100}$/.test(secret))
			) {
				throw bad('secret: a signing secret whsec_ followed by 16 to 100 letters, digits, _ or -');
			}
			const endpoint = rt.webhooks.endpoints.add(
				accountParam(body.account),
				checkTargetUrl(body.url),
				checkEventTypes(body.events),
				rt.app.clock.iso(),
				secret,
			);
			return [201, { ...endpointView(endpoint), secret: endpoint.secret }];
		},
	],
	[
		'GET',
		/^\/webhooks$/,
		(rt) => [200, { webhooks: rt.webhooks.endpoints.all().map(endpointView) }],
	],
	[
		'DELETE',
		/^\/webhooks\/([^/]+)$/,
		(rt, _body, [id]) => {
			endpointOr404(rt, id);
			rt.webhooks.endpoints.remove(id);
			return [200, { deleted: id }];
		},
	],
	[
		'GET',
		/^\/webhooks\/([^/]+)\/deliveries$/,
		(rt, _body, [id]) => [200, { deliveries: endpointOr404(rt, id).deliveries }],
	],
	[
		'POST',
		/^\/webhooks\/([^/]+)\/deliveries\/([^/]+)\/resend$/,
		async (rt, _body, [id, deliveryId]) => {
			const pending = rt.webhooks.resend(endpointOr404(rt, id), deliveryId);
			if (!pending)
				throw new ApiError(404, 'not_found', `No delivery ${deliveryId} in the log of ${id}`);
			return [200, { delivery: await pending }];
		},
	],
	[
		'POST',
		/^\/webhooks\/([^/]+)\/test$/,
		async (rt, _body, [id]) => [
			200,
			{ delivery: await rt.webhooks.sendTest(endpointOr404(rt, id)) },
		],
	],
	[
		'GET',
		/^\/webhooks\/retries$/,
		(rt) => [
			200,
			{
				retries: rt.webhooks
					.pendingRetries()
					.map((r) => ({ ...r, dueAt: new Date(r.dueAt).toISOString() })),
			},
		],
	],
	[
		'POST',
		/^\/faults$/,
		(rt, body) => {
			const { match, count, action } = parseFault(body);
			return [201, { id: rt.faults.add(match, count, action).id }];
		},
	],
	['GET', /^\/faults$/, (rt) => [200, { faults: rt.faults.list() }]],
	[
		'DELETE',
		/^\/faults$/,
		(rt) => {
			rt.faults.clear();
			return [200, { cleared: true }];
		},
	],
	['GET', /^\/requests$/, (rt) => [200, rt.requests.snapshot()]],
	[
		'POST',
		/^\/requests\/reset$/,
		(rt) => {
			rt.requests.reset();
			return [200, rt.requests.snapshot()];
		},
	],
	['GET', /^\/uploads\/requests$/, (rt) => [200, { requests: rt.uploadRequests.list() }]],
	[
		'POST',
		/^\/uploads\/requests\/reset$/,
		(rt) => {
			rt.uploadRequests.reset();
			return [200, { requests: [] }];
		},
	],
	[
		'GET',
		/^\/state$/,
		(rt, _body, _params, query) => [
			200,
			stateOf(rt, accountParam(query.get('account') ?? undefined)),
		],
	],
	[
		'GET',
		/^\/events$/,
		(rt, _body, _params, query) => [
			200,
			{ events: rt.webhooks.eventLog(accountParam(query.get('account') ?? undefined)) },
		],
	],
	[
		'POST',
		/^\/plans$/,
		(rt, body) => {
			const plan = rt.app.store.account(accountParam(body.account)).plan;
			if (body.formule !== undefined) {
				if (!['essentiel', 'pro', 'entreprise'].includes(body.formule as string))
					throw bad('formule: essentiel, pro or entreprise');
				plan.formule = body.formule as Formule;
			}
			if (body.statut !== undefined) {
				if (!['actif', 'suspendu', 'resilie'].includes(body.statut as string))
					throw bad('statut: actif, suspendu or resilie');
				plan.statut = body.statut as StatutCompte;
			}
			const maxIssues = optionalInteger(body, 'maxIssues', 0, true);
			if (maxIssues !== undefined) plan.maxIssues = maxIssues;
			const maxFileBytes = optionalInteger(body, 'maxFileBytes', 1);
			if (maxFileBytes !== undefined && maxFileBytes !== null) plan.maxFileBytes = maxFileBytes;
			return [200, { plan }];
		},
	],
	[
		'POST',
		/^\/rate-limit$/,
		(rt, body) => {
			const perMinute = optionalInteger(body, 'perMinute', 0);
			if (perMinute === undefined || perMinute === null)
				throw bad('perMinute: an integer >= 0 (0 = off)');
			rt.rateLimiter.setLimit(perMinute);
			return [200, { perMinute }];
		},
	],
	[
		'GET',
		/^\/contract\/violations$/,
		(rt) => [200, { enforced: rt.contract !== null, violations: rt.contract?.violations ?? [] }],
	],
];

function authorized(rt: SandboxRuntime, header: string | undefined): boolean {
	const given = Buffer.from(header ?? '', 'utf8');
	const expected = Buffer.from(`Bearer ${rt.adminToken}`, 'utf8');
	return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function handleAdmin(rt: SandboxRuntime, exchange: Exchange, url: URL): Promise<void> {
	try {
		if (!authorized(rt, exchange.req.headers.authorization))
			throw new ApiError(401, 'unauthorized', 'Send Authorization: Bearer <adminToken>');
		const path = url.pathname.slice('/admin'.length) || '/';
		const method = exchange.req.method ?? 'GET';
		const matching = ROUTES.filter(([, pattern]) => pattern.test(path));
		const found = matching.find(([routeMethod]) => routeMethod === method);
		if (!found) {
			if (matching.length > 0)
				throw new ApiError(405, 'method_not_allowed', `${method} is not allowed on /admin${path}`);
			throw new ApiError(404, 'not_found', `No admin endpoint ${method} /admin${path}`);
		}
		const body =
			method === 'GET' || method === 'DELETE' ? {} : parseJsonObject(await readBody(exchange.req));
		const params = (found[1].exec(path) as RegExpExecArray).slice(1);
		const [status, result] = await found[2](rt, body, params, url.searchParams);
		sendJson(exchange, status, result);
	} catch (error) {
		if (error instanceof ApiError)
			return sendJson(exchange, error.status, error.body(), error.headers);
		if (error instanceof EndpointError)
			return sendJson(exchange, error.status, {
				error: { code: error.code, message: error.message },
			});
		throw error;
	}
}
