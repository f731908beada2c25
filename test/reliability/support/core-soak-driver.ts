/**
 * The core under soak: NumeroClient on the standalone undici transport, many calls at once. Time
 * passes on the sandbox clock only: the client's sleep (backoff, Retry-After) advances it through
 * the admin API and returns, so a real rate-limit window of the sandbox ends when the client waits.
 */
import {
	bytesSource,
	NumeroError,
	NumeroApiError,
	NumeroNetworkError,
	NumeroValidationError,
	publishIssue,
	type NumeroClient,
} from '../../../shared';
import type { Harness } from '../../core/support/sandbox-harness';
import { SOAK_ISSUE } from './fault-soak';
import { runPool } from './run-pool';
import { linkIdOf, type Outcome, type SoakDriver } from './soak-ledger';

export function coreErrorOutcome(error: unknown): Outcome {
	const code =
		error instanceof NumeroApiError
			? error.code
			: error instanceof NumeroNetworkError
				? `network_${error.kind}`
				: error instanceof NumeroValidationError
					? `invalid_${error.rule}`
					: error instanceof Error
						? error.name
						: typeof error;
	const message = error instanceof Error ? error.message : String(error);
	return {
		kind: 'error',
		code,
		message,
		clear: error instanceof NumeroError && message.length > 0,
	};
}

export interface CoreSoakOptions {
	concurrency: number;
	/** Per attempt: the sandbox's latency fault holds a request longer than this. */
	timeoutMs: number;
	uploadTimeoutMs: number;
}

export function coreSoakDriver(
	harness: Harness,
	options: CoreSoakOptions,
): SoakDriver & { client: NumeroClient } {
	const client = harness.client({
		timeoutMs: options.timeoutMs,
		uploadTimeoutMs: options.uploadTimeoutMs,
		sleep: async (ms) => {
			await harness.admin('POST', '/clock', { advanceSeconds: ms / 1000 });
		},
	});
	return {
		through: 'core',
		client,
		createLinks: (requests) =>
			runPool(requests, options.concurrency, async (request): Promise<Outcome> => {
				try {
					const lien = await client.createLink(
						{
							id: SOAK_ISSUE,
							page: request.page,
							jours: request.jours,
							reference: request.reference,
						},
						{ idempotencyKey: request.idempotencyKey },
					);
					return { kind: 'ok', resourceId: linkIdOf(lien.url) };
				} catch (error) {
					return coreErrorOutcome(error);
				}
			}),
		publish: (requests) =>
			runPool(requests, options.concurrency, async (request): Promise<Outcome> => {
				try {
					const published = await publishIssue(client, {
						pdf: bytesSource(request.pdf, `soak-${request.index}.pdf`),
						fields: { titre: request.titre, publication: 'gazette' },
					});
					return { kind: 'ok', resourceId: published.numero.id };
				} catch (error) {
					return coreErrorOutcome(error);
				}
			}),
	};
}
