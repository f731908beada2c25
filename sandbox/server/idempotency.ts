import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX_CHARS, IDEMPOTENCY_RETENTION_HOURS } from '../../shared/api-limits';
import type { SandboxClock } from '../clock';
import { ApiError } from './api-error';

const RETENTION_MS = IDEMPOTENCY_RETENTION_HOURS * 3600 * 1000;

export interface StoredResponse {
	status: number;
	body: unknown;
	headers?: Record<string, string>;
}

interface Entry {
	fingerprint: string;
	response: StoredResponse;
	storedAt: number;
}

/** Same body whatever the order of its keys. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value !== null && typeof value === 'object') {
		const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
			a < b ? -1 : 1,
		);
		return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
	}
	return JSON.stringify(value);
}

export function requestFingerprint(operation: string, body: unknown): string {
	return createHash('sha256')
		.update(`${operation}\n${canonical(body)}`)
		.digest('hex');
}

export function checkIdempotencyKey(value: string | undefined): string | undefined {
	if (value === undefined) return undefined;
	if (value.length === 0 || value.length > IDEMPOTENCY_KEY_MAX_CHARS) {
		throw new ApiError(
			400,
			'invalid_field',
			`Idempotency-Key: must be 1 to ${IDEMPOTENCY_KEY_MAX_CHARS} characters (got ${value.length})`,
		);
	}
	return value;
}

/**
 * Successful responses of POST /liens and POST /numeros, kept 24 hours (sandbox clock) per account
 * and key. Errors are not kept: nothing was created, so a retry runs again. A key reused with
 * another body or endpoint is refused (409 idempotency_key_reused). A repeat that arrives while
 * the first is still running waits for it.
 */
export class IdempotencyStore {
	private readonly entries = new Map<string, Entry>();
	private readonly running = new Map<string, Promise<void>>();

	constructor(private readonly clock: SandboxClock) {}

	async run(
		scope: string,
		key: string,
		fingerprint: string,
		execute: () => Promise<StoredResponse>,
	): Promise<StoredResponse & { replayed: boolean }> {
		const id = `${scope}\n${key}`;
		for (;;) {
			const pending = this.running.get(id);
			if (!pending) break;
			await pending;
		}
		const existing = this.lookup(id);
		if (existing) {
			if (existing.fingerprint !== fingerprint) {
				throw new ApiError(
					409,
					'idempotency_key_reused',
					`Idempotency-Key: this key was already used with a different request in the last ${IDEMPOTENCY_RETENTION_HOURS} hours; use a new key`,
				);
			}
			return { ...existing.response, replayed: true };
		}
		let release = (): void => undefined;
		this.running.set(id, new Promise<void>((resolve) => (release = resolve)));
		try {
			const response = await execute();
			if (response.status >= 200 && response.status < 300) {
				this.entries.set(id, { fingerprint, response, storedAt: this.clock.now() });
			}
			return { ...response, replayed: false };
		} finally {
			this.running.delete(id);
			release();
		}
	}

	private lookup(id: string): Entry | undefined {
		const entry = this.entries.get(id);
		if (entry && this.clock.now() - entry.storedAt >= RETENTION_MS) {
			this.entries.delete(id);
			return undefined;
		}
		return entry;
	}

	sweep(): void {
		for (const id of this.entries.keys()) this.lookup(id);
	}
}
