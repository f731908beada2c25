import type { SandboxApp } from '../app';
import type { ApiKey, Permission } from '../store';
import type { Body } from '../validation';

export interface ApiCall {
	app: SandboxApp;
	key: ApiKey;
	query: URLSearchParams;
	body: Body;
}

export interface ApiResult {
	status: number;
	body: unknown;
	headers?: Record<string, string>;
}

export interface Route {
	method: 'GET' | 'POST' | 'PATCH';
	/** Relative to the API base (`/v1`). */
	path: string;
	permission: Permission;
	/** Honors Idempotency-Key. */
	idempotent?: boolean;
	/** Refused with 402 subscription_ended when the account's subscription is not active. */
	needsActiveSubscription?: boolean;
	handle(call: ApiCall): ApiResult | Promise<ApiResult>;
}
