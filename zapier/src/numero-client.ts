import type { Bundle, ZObject } from 'zapier-platform-core';
import { NumeroClient, validateBaseUrl, validateHeaderSecret } from '../../shared';
import { STEP_TIME, type StepBudget } from './step-budget';
import { USER_AGENT } from './user-agent';
import { zapierTransport } from './zapier-transport';

/**
 * Zapier stops a step after about 30 seconds: every API call (retries included) must end well before.
 * A 429 asking for a longer wait than this is not waited for: it becomes a ThrottledError and Zapier
 * runs the step again after the Retry-After delay. The publishing steps give their client their
 * step's deadline instead (step-budget.ts).
 */
const TIMEOUT_MS = 20_000;
const DEADLINE_MS = 25_000;
const MAX_RETRY_AFTER_SECONDS = 5;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The core's client on z.request. The bearer key is not given to the client: the app's beforeRequest
 * middleware adds it to requests for the API's origin only (never to the upload address). With a
 * `step`, every call and upload ends by the step's deadline, and each call is noted as what the step
 * is doing.
 */
export function numeroClient(z: ZObject, bundle: Bundle, step?: StepBudget): NumeroClient {
	const authData = bundle.authData ?? {};
	// The key is not given to the client (the middleware adds it), so it is checked here, before any request.
	validateHeaderSecret('apiKey', authData.apiKey);
	const baseUrl = validateBaseUrl(authData.baseUrl);
	const transport = step ? step.watch(zapierTransport(z), baseUrl) : zapierTransport(z);
	return new NumeroClient({
		baseUrl,
		transport,
		uploadTransport: transport,
		sleep,
		userAgent: USER_AGENT,
		retry: { maxRetryAfterSeconds: MAX_RETRY_AFTER_SECONDS },
		timeoutMs: TIMEOUT_MS,
		...(step
			? { now: step.now, deadlineMs: STEP_TIME.totalMs, deadlineAt: step.deadline }
			: { deadlineMs: DEADLINE_MS }),
	});
}
