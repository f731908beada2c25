export interface RetryOptions {
	/** Attempts in all, the first included. Default 4. */
	maxAttempts?: number;
	/** First backoff ceiling. Default 250 ms. */
	baseDelayMs?: number;
	/** Largest backoff ceiling. Default 8000 ms. */
	maxDelayMs?: number;
	/** A 429 asking to wait longer than this is not waited for: it is thrown with `retryAfter`. Default 60. */
	maxRetryAfterSeconds?: number;
}

export type RetryPolicy = Required<RetryOptions>;

export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
	return {
		maxAttempts: Math.max(1, Math.floor(options.maxAttempts ?? 4)),
		baseDelayMs: Math.max(0, options.baseDelayMs ?? 250),
		maxDelayMs: Math.max(0, options.maxDelayMs ?? 8000),
		maxRetryAfterSeconds: Math.max(0, options.maxRetryAfterSeconds ?? 60),
	};
}

/** Exponential backoff with full jitter: uniform in [0, min(max, base·2^(retry-1))). */
export function backoffDelayMs(policy: RetryPolicy, retry: number, random: () => number): number {
	const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
	return Math.floor(random() * ceiling);
}
