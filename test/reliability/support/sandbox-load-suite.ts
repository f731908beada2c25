/** The load part's jest test, for the full run (sandbox-load.test.ts) and the quick one (sandbox-load.quick.test.ts). */
import { startHarness } from '../../core/support/sandbox-harness';
import { recordPart } from './results';
import { loadHeld, runLoad, type LoadOptions } from './sandbox-load';

const PROMISE =
	'no 5xx, no lost write, rate-limit headers consistent (on every answer; each key counting down once per window, 429 only when used up).';

export function defineSandboxLoad(options: LoadOptions & { record: boolean }): void {
	test(`${options.clients} concurrent clients for ${options.durationMs / 1000} s against the sandbox on loopback`, async () => {
		const harness = await startHarness({ rateLimit: options.rateLimit });
		try {
			const report = await runLoad(harness, options);
			const held = loadHeld(report.counts);
			if (options.record) {
				const setup =
					`${options.clients} clients, each with its own keep-alive connection, spread over 5 keys (half on the full key), rate limit ${options.rateLimit}/min per key, ` +
					'the OpenAPI contract enforced on every answer; writes: links (with unique Idempotency-Keys, 1 in 10 a replay), revocations, upload requests, title changes; ' +
					'reads: issue, issues, account, statistics; acknowledged writes looked up in GET /admin/state afterwards.';
				recordPart('sandbox-load', {
					order: 8,
					part: 'Load on the sandbox',
					promise: PROMISE,
					setup,
					rows: [
						{ through: 'sandbox', what: 'mixed reads and writes', counts: report.counts, held },
					],
				});
			}
			expect(report.problems).toEqual([]);
			expect(held).toBe(true);
		} finally {
			await harness.close();
		}
	});
}
