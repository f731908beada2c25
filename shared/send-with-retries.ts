/**
 * The retry loop of every call: sends until a 2xx, waiting through the Sleep port where a retry is
 * allowed, and turns failures into NumeroApiError or NumeroNetworkError.
 */
import type { Clock, HttpRequest, HttpResponse, Sleep, Transport, TransportFailure } from './ports';
import { TransportError } from './ports';
import { NumeroApiError, NumeroNetworkError } from './errors';
import { apiErrorFromResponse, type ErrorContext } from './api-error-messages';
import { backoffDelayMs, type RetryPolicy } from './retry-policy';
import { scrubSecrets } from './scrub-secrets';

/** What came back with a response. */
export interface ResponseInfo {
	status: number;
	requestId?: string;
	/** `Idempotent-Replayed: true`: the service returned the first response of this idempotency key. */
	replayed: boolean;
}

export interface RetryEnvironment {
	policy: RetryPolicy;
	sleep: Sleep | undefined;
	now: Clock;
	random: () => number;
	/** Overall time for the call, retries included: no attempt or wait starts beyond it. */
	deadlineMs: number;
	/**
	 * An instant (by `now`) that ends every call of a run whose whole time is limited (a Zapier step):
	 * no attempt or wait starts beyond it, and every attempt, upload PUTs included, is cut to it.
	 */
	deadlineAt?: number;
	/** Called with every response received, errors included (the client keeps the last one). */
	onResponse: (info: ResponseInfo) => void;
}

export interface AttemptPlan {
	transport: Transport;
	/** A new request for each attempt (a streamed body cannot be sent twice). */
	request: () => HttpRequest;
	/** Whether a 5xx or a lost connection may be retried without doing the thing twice. */
	retrySafe: boolean;
	/** Per attempt; 0 = none (then only `deadlineAt` cuts it). Cut to what is left of the deadline. */
	timeoutMs: number;
	context: ErrorContext;
}

function lowerCaseKeys(headers: Record<string, string> | undefined): Record<string, string> {
	const result: Record<string, string> = {};
	for (const [name, value] of Object.entries(headers ?? {}))
		result[name.toLowerCase()] = String(value);
	return result;
}

function networkMessage(
	endpoint: string,
	url: string,
	kind: TransportFailure,
	attempts: number,
	retrySafe: boolean,
	detail: string,
): string {
	const origin = /^[a-z]+:\/\/[^/?#]+/i.exec(url)?.[0] ?? 'the service';
	const what =
		kind === 'timeout'
			? 'no answer arrived in time'
			: kind === 'refused'
				? 'the connection was refused (check the base URL and that the service is running)'
				: kind === 'reset'
					? 'the connection was dropped before an answer arrived'
					: `the request failed (${detail})`;
	const tries = attempts === 1 ? '' : ` after ${attempts} attempts`;
	const unsure = retrySafe
		? ''
		: ' The request may or may not have been carried out; check before sending it again.';
	return `${endpoint}: could not reach ${origin}: ${what}${tries}.${unsure}`;
}

/** The run's deadline has passed before an attempt could start: it is not sent at all. */
function outOfTime(plan: AttemptPlan, attemptsMade: number): NumeroNetworkError {
	return new NumeroNetworkError(
		'timeout',
		attemptsMade,
		`${plan.context.endpoint}: not sent: the time allowed for this run was used up before it could start.`,
	);
}

export async function sendWithRetries(
	plan: AttemptPlan,
	env: RetryEnvironment,
): Promise<{ response: HttpResponse; info: ResponseInfo }> {
	const { policy, sleep, now, random, deadlineAt } = env;
	const deadline = Math.min(now() + env.deadlineMs, deadlineAt ?? Infinity);
	// Without a per-attempt timeout, only the run's deadline (when there is one) cuts an attempt.
	const attemptLimitMs =
		plan.timeoutMs > 0 ? plan.timeoutMs : deadlineAt === undefined ? 0 : Infinity;
	for (let attempt = 1; ; attempt++) {
		if (deadlineAt !== undefined && now() >= deadlineAt) throw outOfTime(plan, attempt - 1);
		const request = plan.request();
		if (attemptLimitMs > 0)
			request.timeoutMs = Math.max(1, Math.min(attemptLimitMs, deadline - now()));
		let response: HttpResponse | undefined;
		let failure: NumeroApiError | NumeroNetworkError;
		let waitMs: number | undefined;
		try {
			response = await plan.transport(request);
		} catch (error) {
			const kind = error instanceof TransportError ? error.kind : 'other';
			const detail =
				error instanceof Error
					? scrubSecrets(error.message, plan.context.secrets)
					: 'unknown error';
			failure = new NumeroNetworkError(
				kind,
				attempt,
				networkMessage(plan.context.endpoint, request.url, kind, attempt, plan.retrySafe, detail),
			);
			// Anything but a TransportError may be a bug or a refusal of the transport itself: not retried.
			if (!(error instanceof TransportError)) throw failure;
			if (plan.retrySafe) waitMs = backoffDelayMs(policy, attempt, random);
		}
		if (response) {
			const headers = lowerCaseKeys(response.headers);
			response = { ...response, headers };
			const info: ResponseInfo = {
				status: response.status,
				...(headers['x-request-id'] ? { requestId: headers['x-request-id'] } : {}),
				replayed: headers['idempotent-replayed'] === 'true',
			};
			env.onResponse(info);
			if (response.status >= 200 && response.status < 300) return { response, info };
			failure = apiErrorFromResponse(response, plan.context, now());
			const retryAfterMs = failure.retryAfter === undefined ? undefined : failure.retryAfter * 1000;
			const retryAfterAllowed =
				failure.retryAfter === undefined || failure.retryAfter <= policy.maxRetryAfterSeconds;
			if (response.status === 429) {
				// A 429 is refused before any work is done, so even a plain POST may be sent again.
				if (retryAfterAllowed) waitMs = retryAfterMs ?? backoffDelayMs(policy, attempt, random);
			} else if (response.status >= 500 && plan.retrySafe && retryAfterAllowed) {
				waitMs = Math.max(retryAfterMs ?? 0, backoffDelayMs(policy, attempt, random));
			}
		}
		if (
			waitMs === undefined ||
			sleep === undefined ||
			attempt >= policy.maxAttempts ||
			now() + waitMs >= deadline
		)
			throw failure!;
		await sleep(waitMs);
	}
}
