/** The everyday load check: 50 concurrent clients for 2 seconds, the rate limit (100 a minute) reached on the busiest key. */
import { defineSandboxLoad } from './support/sandbox-load-suite';

defineSandboxLoad({ clients: 50, durationMs: 2_000, rateLimit: 100, record: false });
