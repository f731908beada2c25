/** Load on the sandbox (see RELIABILITY.md): 50 concurrent clients for 20 seconds. */
import { defineSandboxLoad } from './support/sandbox-load-suite';

defineSandboxLoad({ clients: 50, durationMs: 20_000, rateLimit: 1000, record: true });
