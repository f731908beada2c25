import { randomInt } from 'crypto';
import type {
	AccountEnvelope,
	CreatedIssue,
	CreateIssueInput,
	CreateLinkInput,
	IssueEnvelope,
	IssueList,
	Lien,
	ListIssuesInput,
	RequestUploadInput,
	Revocation,
	RevokeInput,
	Statistiques,
	StatisticsInput,
	Televersement,
	UpdateIssueInput,
} from './api-types';
import type { Clock, HttpBody, HttpMethod, HttpResponse, Sleep, Transport } from './ports';
import { NumeroApiError, NumeroValidationError } from './errors';
import type { Permission } from './api-error-messages';
import { retryPolicy, type RetryOptions, type RetryPolicy } from './retry-policy';
import { scrubSecrets } from './scrub-secrets';
import { sendWithRetries, type AttemptPlan, type ResponseInfo } from './send-with-retries';
import { validateBaseUrl } from './base-url';
import { checkInteger } from './field-rules';
import { idempotencyKeyForIssue, newLinkIdempotencyKey } from './idempotency-keys';
import { DEFAULT_USER_AGENT } from './version';
import {
	validateCreateIssue,
	validateCreateLink,
	validateGetIssue,
	validateHeaderSecret,
	validateIdempotencyKey,
	validateListIssues,
	validateRequestUpload,
	validateRevoke,
	validateStatistics,
	validateUpdateIssue,
	validateUserAgent,
} from './validate-inputs';

export interface NumeroClientOptions {
	/** `https://…/v1`, or http on loopback only. */
	baseUrl: string;
	/** When given, sent as `Authorization: Bearer …`. Leave it out when the transport authenticates (n8n). */
	apiKey?: string;
	transport: Transport;
	/**
	 * Transport for the upload PUT; the client adds no Authorization to it. Defaults to `transport` only
	 * when `apiKey` is given (then `transport` adds no key of its own); without `apiKey` the transport
	 * authenticates, so it may not carry uploads, and putUpload requires this.
	 */
	uploadTransport?: Transport;
	/** Waits for 429 and backoff. Without it, nothing that needs a wait is retried. */
	sleep?: Sleep;
	/** Default Date.now. */
	now?: Clock;
	/** Default `n8n-nodes-numero/<version> (numero-core)`. */
	userAgent?: string;
	/** In [0, 1), for backoff jitter. Default crypto-based. */
	random?: () => number;
	retry?: RetryOptions;
	/** Per API attempt. Default 30000; 0 = none. */
	timeoutMs?: number;
	/** Per upload PUT attempt. Default 0 = none. */
	uploadTimeoutMs?: number;
	/** Overall per call, retries included: no attempt or wait starts beyond it. Default 120000. */
	deadlineMs?: number;
	/**
	 * An instant (ms, by `now`) that ends every call of this client, whatever is left of `deadlineMs`:
	 * for a host that limits a whole run (a Zapier step). No attempt or wait starts beyond it, and each
	 * attempt, upload PUTs included, is cut to it. Default: none.
	 */
	deadlineAt?: number;
}

export interface IdempotentCallOptions {
	idempotencyKey?: string;
	/** Called with the response's details (also kept in `client.lastResponse`). */
	onResponse?: (info: ResponseInfo) => void;
}

/** Body of the upload PUT's 200 answer (docs/api-choices.md). */
export interface UploadReceipt {
	sha256: string;
	taille: number;
}

interface Operation {
	method: HttpMethod;
	path: string;
	query?: Record<string, string>;
	body?: object;
	idempotencyKey?: string;
	permission: Permission;
	issueId?: string;
	address?: string;
	/** A POST that does nothing more when repeated (revocation, upload request). */
	repeatable?: boolean;
}

export type { ResponseInfo };

const defaultRandom = (): number => randomInt(0, 2 ** 47) / 2 ** 47;

function retryableBody(body: HttpBody): boolean {
	return typeof body === 'string' || body instanceof Uint8Array;
}

export class NumeroClient {
	readonly baseUrl: string;
	readonly userAgent: string;
	/** Status, request id and replay flag of the last response received (for outputs). */
	lastResponse: ResponseInfo | undefined;

	private readonly apiKey: string | undefined;
	private readonly transport: Transport;
	private readonly uploadTransport: Transport | undefined;
	private readonly sleep: Sleep | undefined;
	/** The clock the client validates `publier_le` and deadlines by. */
	readonly now: Clock;
	private readonly random: () => number;
	private readonly policy: RetryPolicy;
	private readonly timeoutMs: number;
	private readonly uploadTimeoutMs: number;
	private readonly deadlineMs: number;
	private readonly deadlineAt: number | undefined;

	constructor(options: NumeroClientOptions) {
		if (!options || typeof options.transport !== 'function') {
			throw new NumeroValidationError(
				'transport',
				'required',
				'Field "transport" is required (rule: required): the client needs a function that sends HTTP requests.',
			);
		}
		this.baseUrl = validateBaseUrl(options.baseUrl);
		this.apiKey =
			options.apiKey === undefined ? undefined : validateHeaderSecret('apiKey', options.apiKey);
		this.userAgent = validateUserAgent(options.userAgent ?? DEFAULT_USER_AGENT);
		this.transport = options.transport;
		this.uploadTransport =
			options.uploadTransport ?? (options.apiKey !== undefined ? options.transport : undefined);
		this.sleep = options.sleep;
		this.now = options.now ?? Date.now;
		this.random = options.random ?? defaultRandom;
		this.policy = retryPolicy(options.retry);
		this.timeoutMs = options.timeoutMs ?? 30_000;
		this.uploadTimeoutMs = options.uploadTimeoutMs ?? 0;
		this.deadlineMs = options.deadlineMs ?? 120_000;
		this.deadlineAt = options.deadlineAt;
	}

	/** POST /liens. One random idempotency key per call unless given, reused by its retries. */
	async createLink(input: CreateLinkInput, options: IdempotentCallOptions = {}): Promise<Lien> {
		const body = validateCreateLink(input);
		const idempotencyKey = validateIdempotencyKey(
			options.idempotencyKey ?? newLinkIdempotencyKey(),
		);
		return this.execute<Lien>(
			{
				method: 'POST',
				path: '/liens',
				body,
				idempotencyKey,
				permission: 'liens',
				issueId: body.id,
			},
			options.onResponse,
		);
	}

	/** POST /liens/revoquer: every link created with this reference stops working. */
	async revokeReference(input: RevokeInput): Promise<Revocation> {
		const body = validateRevoke(input);
		return this.execute<Revocation>({
			method: 'POST',
			path: '/liens/revoquer',
			body,
			permission: 'liens',
			repeatable: true,
		});
	}

	/** GET /publications */
	async listIssues(input: ListIssuesInput = {}): Promise<IssueList> {
		const query = validateListIssues(input);
		return this.execute<IssueList>({
			method: 'GET',
			path: '/publications',
			query: stringify(query),
			permission: 'lecture',
		});
	}

	/** GET /numeros?id= */
	async getIssue(input: { id: string }): Promise<IssueEnvelope> {
		const { id } = validateGetIssue(input);
		return this.execute<IssueEnvelope>({
			method: 'GET',
			path: '/numeros',
			query: { id },
			permission: 'lecture',
			issueId: id,
		});
	}

	/** POST /televersements: an address to send a file to (or `deja_present`). */
	async requestUpload(input: RequestUploadInput): Promise<Televersement> {
		const body = validateRequestUpload(input);
		return this.execute<Televersement>({
			method: 'POST',
			path: '/televersements',
			body,
			permission: 'publication',
			repeatable: true,
		});
	}

	/**
	 * PUT of a file to the address from requestUpload, with exactly its `en_tetes` plus Content-Length,
	 * through the upload transport and without the API key. Give a function returning a new body to let
	 * a failed attempt be retried (a stream can be sent only once).
	 */
	async putUpload(
		televersement: Televersement,
		body: HttpBody | (() => HttpBody),
		size: number,
	): Promise<UploadReceipt> {
		checkInteger('size', size, 1);
		const url = validateUploadUrl(televersement?.url);
		const uploadTransport = this.uploadTransport;
		if (!uploadTransport) {
			throw new NumeroValidationError(
				'uploadTransport',
				'required',
				'Field "uploadTransport" is required to upload (rule: required): this client\'s transport adds the API key, which must never reach the upload address.',
			);
		}
		const headers: Record<string, string> = {};
		for (const [name, value] of Object.entries(televersement.en_tetes ?? {})) {
			if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
		}
		headers['Content-Length'] = String(size);
		const replayable = typeof body === 'function' || retryableBody(body);
		const { response } = await this.send({
			transport: uploadTransport,
			request: () => ({
				method: 'PUT',
				url,
				headers: { ...headers },
				body: typeof body === 'function' ? body() : body,
			}),
			retrySafe: replayable,
			timeoutMs: this.uploadTimeoutMs,
			context: { endpoint: 'PUT upload', upload: true, secrets: [this.apiKey] },
		});
		// The answer of the storage behind the upload address is not part of the API: any 2xx is success.
		const receipt = tryParseJson(response.body) as Partial<UploadReceipt> | undefined;
		return {
			sha256: typeof receipt?.sha256 === 'string' ? receipt.sha256 : televersement.sha256,
			taille: typeof receipt?.taille === 'number' ? receipt.taille : size,
		};
	}

	/**
	 * POST /numeros. Without an idempotency key, the one of idempotencyKeyForIssue(fields) is used, so
	 * retries and re-runs within 24 hours never create a second issue.
	 */
	async createIssue(
		fields: CreateIssueInput,
		options: IdempotentCallOptions = {},
	): Promise<CreatedIssue> {
		const body = validateCreateIssue(fields, this.now());
		const idempotencyKey = validateIdempotencyKey(
			options.idempotencyKey ?? idempotencyKeyForIssue(body),
		);
		return this.execute<CreatedIssue>(
			{
				method: 'POST',
				path: '/numeros',
				body,
				idempotencyKey,
				permission: 'publication',
				issueId: body.remplace,
				address:
					body.adresse === undefined
						? undefined
						: `${body.domaine ?? 'numero.press'}/${body.adresse}`,
			},
			options.onResponse,
		);
	}

	/** PATCH /numeros?id= */
	async updateIssue(id: string, patch: UpdateIssueInput): Promise<IssueEnvelope> {
		const body = validateUpdateIssue(id, patch, this.now());
		return this.execute<IssueEnvelope>({
			method: 'PATCH',
			path: '/numeros',
			query: { id },
			body,
			permission: 'publication',
			issueId: id,
		});
	}

	/** GET /statistiques */
	async getStatistics(input: StatisticsInput): Promise<Statistiques> {
		const query = validateStatistics(input);
		return this.execute<Statistiques>({
			method: 'GET',
			path: '/statistiques',
			query: stringify(query),
			permission: 'lecture',
			issueId: query.id,
		});
	}

	/** GET /compte */
	async getAccount(): Promise<AccountEnvelope> {
		return this.execute<AccountEnvelope>({ method: 'GET', path: '/compte', permission: 'lecture' });
	}

	private send(plan: AttemptPlan): Promise<{ response: HttpResponse; info: ResponseInfo }> {
		return sendWithRetries(plan, {
			policy: this.policy,
			sleep: this.sleep,
			now: this.now,
			random: this.random,
			deadlineMs: this.deadlineMs,
			deadlineAt: this.deadlineAt,
			onResponse: (info) => (this.lastResponse = info),
		});
	}

	private async execute<T>(
		operation: Operation,
		onResponse?: (info: ResponseInfo) => void,
	): Promise<T> {
		const endpoint = `${operation.method} /${operation.path.replace(/^\//, '')}`;
		const query =
			operation.query && Object.keys(operation.query).length > 0
				? `?${new URLSearchParams(operation.query).toString()}`
				: '';
		const url = `${this.baseUrl}${operation.path}${query}`;
		const headers: Record<string, string> = {
			Accept: 'application/json',
			'User-Agent': this.userAgent,
		};
		if (this.apiKey !== undefined) headers.Authorization = `Bearer ${this.apiKey}`;
		if (operation.body !== undefined) headers['Content-Type'] = 'application/json';
		if (operation.idempotencyKey !== undefined)
			headers['Idempotency-Key'] = operation.idempotencyKey;
		const body = operation.body === undefined ? undefined : JSON.stringify(operation.body);
		const { response, info } = await this.send({
			transport: this.transport,
			request: () => ({
				method: operation.method,
				url,
				headers: { ...headers },
				...(body === undefined ? {} : { body }),
			}),
			retrySafe:
				operation.method !== 'POST' ||
				operation.idempotencyKey !== undefined ||
				operation.repeatable === true,
			timeoutMs: this.timeoutMs,
			context: {
				endpoint,
				permission: operation.permission,
				issueId: operation.issueId,
				address: operation.address,
				idempotencyKey: operation.idempotencyKey,
				userAgent: this.userAgent,
				secrets: [this.apiKey],
			},
		});
		onResponse?.(info);
		return parseJson<T>(response, endpoint, [this.apiKey]);
	}
}

function stringify(query: object): Record<string, string> {
	return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
}

function validateUploadUrl(value: unknown): string {
	if (typeof value !== 'string' || !/^https?:\/\/[^\s]+$/i.test(value)) {
		throw new NumeroValidationError(
			'url',
			'uri',
			'Field "url" of the upload must be an http(s) address (rule: uri); pass the answer of requestUpload unchanged.',
		);
	}
	return value;
}

function tryParseJson(body: string): unknown {
	try {
		return JSON.parse(body);
	} catch {
		return undefined;
	}
}

function parseJson<T>(
	response: HttpResponse,
	endpoint: string,
	secrets: ReadonlyArray<string | undefined>,
): T {
	// JSON.parse never returns undefined, so undefined means "not JSON". The error is thrown outside
	// the catch, where n8n's lint (require-node-api-error) expects hosts' own error types.
	const parsed = tryParseJson(response.body);
	if (parsed !== undefined) return parsed as T;
	const requestId = response.headers['x-request-id'];
	throw new NumeroApiError({
		status: response.status,
		code: 'invalid_response',
		message: scrubSecrets(
			`The service answered HTTP ${response.status} to ${endpoint} with a body that is not JSON; check that the base URL points at the numero API.`,
			secrets,
		),
		requestId,
	});
}
