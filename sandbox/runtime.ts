/** The running sandbox: the shared app plus the machinery of its two HTTP origins. */
import type { SandboxApp } from './app';
import type { ContractChecker } from './contract/contract-checker';
import type { FaultInjector } from './server/faults';
import type { IdempotencyStore } from './server/idempotency';
import type { RateLimiter } from './server/rate-limit';
import type { RequestCounter, UploadRequestLog } from './server/request-log';
import type { SandboxKeys } from './store';
import type { WebhookDispatcher } from './webhooks/dispatcher';

export interface SandboxRuntime {
	app: SandboxApp;
	adminToken: string;
	keys: SandboxKeys;
	rateLimiter: RateLimiter;
	idempotency: IdempotencyStore;
	faults: FaultInjector;
	requests: RequestCounter;
	uploadRequests: UploadRequestLog;
	contract: ContractChecker | null;
	webhooks: WebhookDispatcher;
	/** Runs everything the clock made due (scheduled issues, covers, webhook retries) and waits for it. */
	tick(): Promise<void>;
}
