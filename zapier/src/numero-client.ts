import type { Bundle, ZObject } from 'zapier-platform-core';
import { NumeroClient, validateHeaderSecret } from '../../shared';
import { USER_AGENT } from './user-agent';
import { zapierTransport } from './zapier-transport';

/**
 * Zapier stops a step after about 30 seconds: every API call (retries included) must end well before.
 * A 429 asking for a longer wait than this is not waited for: it becomes a ThrottledError and Zapier
 * runs the step again after the Retry-After delay.
 */
const TIMEOUT_MS = 20_000;
const DEADLINE_MS = 25_000;
const MAX_RETRY_AFTER_SECONDS = 5;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The core's client on z.request. The bearer key is not given to the client: the app's beforeRequest
 * middleware adds it to requests for the API's origin only (never to the upload address).
 */
export function numeroClient(z: ZObject, bundle: Bundle): NumeroClient {
	const authData = bundle.authData ?? {};
	// The key is not given to the client (the middleware adds it), so it is checked here, before any request.
	validateHeaderSecret('apiKey', authData.apiKey);
	const transport = zapierTransport(z);
	return new NumeroClient({
		baseUrl: authData.baseUrl,
		transport,
		uploadTransport: transport,
		sleep,
		userAgent: USER_AGENT,
		retry: { maxRetryAfterSeconds: MAX_RETRY_AFTER_SECONDS },
		timeoutMs: TIMEOUT_MS,
		deadlineMs: DEADLINE_MS,
	});
}
