import { RATE_LIMIT_WINDOW_SECONDS } from '../../shared/api-limits';
import type { SandboxClock } from '../clock';

export interface RateDecision {
	allowed: boolean;
	limit: number;
	remaining: number;
	/** Sandbox seconds until the window resets (only meaningful when refused). */
	retryAfterSeconds: number;
}

const WINDOW_MS = RATE_LIMIT_WINDOW_SECONDS * 1000;

/** The headers every answer carries while the limit is on (numero-api.md, Limits). */
export const RATE_LIMIT_HEADERS = {
	limit: 'X-RateLimit-Limit',
	remaining: 'X-RateLimit-Remaining',
} as const;

export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
	return {
		[RATE_LIMIT_HEADERS.limit]: String(decision.limit),
		[RATE_LIMIT_HEADERS.remaining]: String(decision.remaining),
	};
}

/**
 * A fixed one-minute window per key, on the sandbox clock. A window starts with the key's first
 * call and lasts 60 seconds; calls beyond the limit in it are refused until it ends.
 */
export class RateLimiter {
	private readonly windows = new Map<string, { start: number; count: number }>();

	constructor(
		private readonly clock: SandboxClock,
		public perMinute: number,
	) {}

	get enabled(): boolean {
		return this.perMinute > 0;
	}

	take(bucket: string): RateDecision {
		const now = this.clock.now();
		let window = this.windows.get(bucket);
		if (!window || now - window.start >= WINDOW_MS || now < window.start) {
			window = { start: now, count: 0 };
			this.windows.set(bucket, window);
		}
		const limit = this.perMinute;
		if (window.count >= limit) {
			return {
				allowed: false,
				limit,
				remaining: 0,
				retryAfterSeconds: Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000)),
			};
		}
		window.count += 1;
		return { allowed: true, limit, remaining: limit - window.count, retryAfterSeconds: 0 };
	}

	/** The state of a bucket without counting a call (for answers the firewall gives). */
	peek(bucket: string): RateDecision {
		const window = this.windows.get(bucket);
		const now = this.clock.now();
		const used = window && now - window.start < WINDOW_MS && now >= window.start ? window.count : 0;
		return {
			allowed: used < this.perMinute,
			limit: this.perMinute,
			remaining: Math.max(0, this.perMinute - used),
			retryAfterSeconds: 0,
		};
	}

	setLimit(perMinute: number): void {
		this.perMinute = perMinute;
		this.windows.clear();
	}
}
