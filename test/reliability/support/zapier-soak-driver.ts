/**
 * The Zapier app under soak: its creates run through zapier-platform-core's createAppTester (the
 * same z object, middleware and error handling as on Zapier), several at once. The app waits with
 * real timers and times out each request after 20 s, as it does on Zapier. The PDFs are served by
 * a local file host, as Zapier hands files to a Zap.
 */
import { appTester, App } from '../../../zapier/test/support/app-tester';
import type { FileHost } from '../../../zapier/test/support/local-servers';
import { zapierError } from '../../../zapier/test/support/zapier-error';
import type { Harness } from '../../core/support/sandbox-harness';
import { SOAK_ISSUE } from './fault-soak';
import { runPool } from './run-pool';
import { linkIdOf, type Outcome, type SoakDriver } from './soak-ledger';

/** Zapier's own error kinds: what the Zap history shows a person (ThrottledError makes Zapier retry later). */
const ZAPIER_ERRORS = ['AppError', 'ThrottledError', 'ExpiredAuthError', 'HaltedError'];

export function zapierErrorOutcome(error: unknown): Outcome {
	try {
		const parts = zapierError(error);
		const code = parts.code ?? (parts.name === 'ThrottledError' ? 'throttled' : parts.name);
		return {
			kind: 'error',
			code,
			message: parts.message,
			clear: ZAPIER_ERRORS.includes(parts.name) && parts.message.length > 0,
		};
	} catch {
		return {
			kind: 'error',
			code: error instanceof Error ? error.name : typeof error,
			message: String(error),
			clear: false,
		};
	}
}

export interface ZapierSoakOptions {
	concurrency: number;
	files: FileHost;
}

export function zapierSoakDriver(harness: Harness, options: ZapierSoakOptions): SoakDriver {
	const authData = { apiKey: harness.sandbox.keys.full, baseUrl: harness.sandbox.baseUrl };
	const create = (key: keyof typeof App.creates, inputData: Record<string, unknown>) =>
		appTester(App.creates[key].operation.perform as never, { authData, inputData }) as Promise<
			Record<string, unknown>
		>;

	return {
		through: 'Zapier app',
		createLinks: (requests) =>
			runPool(requests, options.concurrency, async (request): Promise<Outcome> => {
				try {
					const output = await create('createReadingLink', {
						id: SOAK_ISSUE,
						reference: request.reference,
						jours: request.jours,
						page: request.page,
						idempotency_key: request.idempotencyKey,
					});
					return { kind: 'ok', resourceId: linkIdOf(output.url) };
				} catch (error) {
					return zapierErrorOutcome(error);
				}
			}),
		publish: (requests) =>
			runPool(requests, options.concurrency, async (request): Promise<Outcome> => {
				try {
					const pdf = options.files.add(
						`soak-${request.index}.pdf`,
						request.pdf,
						'application/pdf',
					);
					const output = await create('publishIssue', {
						pdf,
						titre: request.titre,
						publication: 'gazette',
					});
					return { kind: 'ok', resourceId: String(output.id ?? '') };
				} catch (error) {
					return zapierErrorOutcome(error);
				}
			}),
	};
}
