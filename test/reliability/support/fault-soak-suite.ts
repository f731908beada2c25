/**
 * The fault soak's jest tests, for the full run (fault-soak.test.ts) and the quick seed-fixed run of
 * the everyday suite (fault-soak.quick.test.ts): the core, the n8n node and the Zapier app, each on
 * its own sandbox, each through the same seeded fault schedule.
 */
import { startFileHost, type FileHost } from '../../../zapier/test/support/local-servers';
import { startHarness, type Harness } from '../../core/support/sandbox-harness';
import type { FaultMix } from './fault-schedule';
import { runSoak, type SoakOptions, type SoakReport } from './fault-soak';
import { recordPart, type ResultRow } from './results';
import type { SoakDriver } from './soak-ledger';

export interface FaultSoakSize {
	seed: number;
	links: number;
	publications: number;
	/**
	 * Latency faults past n8n's 30 s and Zapier's 20 s timeouts in the links phase (the publications
	 * phase gets one when this is not 0). Each costs that much real time, so they come first in the
	 * schedule, where they hit concurrent requests and their waits overlap.
	 */
	slowFaults: number;
	/** Record the counts for the summary table (full run only). */
	record: boolean;
	/** Which integrations this file soaks (default all three, the Zapier app first). */
	integrations?: Array<'core' | 'n8n' | 'zapier'>;
}

const PROMISE =
	'exactly one link or issue per logical request; no item silently missing from the output; every failure a clear error.';
const ZERO_COUNTS = {
	'unclear errors': 0,
	'items missing from output': 0,
	'failed after re-runs': 0,
	'outputs not matching sandbox': 0,
};

function mix(
	longRetryAfterSeconds: number,
	slowDelayMs: number,
	maxSlow: number,
	slowFirst = false,
): FaultMix {
	return { shortRetryAfterSeconds: 1, longRetryAfterSeconds, slowDelayMs, maxSlow, slowFirst };
}

function expectPromise(row: ResultRow): void {
	const resource = row.what === 'links' ? 'link' : 'issue';
	const resources = row.what === 'links' ? 'links' : 'issues';
	expect(row.counts).toMatchObject({
		...ZERO_COUNTS,
		[`extra ${resources}`]: 0,
		[`requests without a${resource === 'issue' ? 'n' : ''} ${resource}`]: 0,
		[`${resources} in sandbox`]: row.counts['logical requests'],
	});
	expect(row.held).toBe(true);
}

function setupText(size: FaultSoakSize): string {
	return (
		`seed ${size.seed}; per integration ${size.links} link creations and ${size.publications} publications (a new PDF each); ` +
		'one request in 4 of each origin (API, upload) faulted by the sandbox: 429 with a Retry-After the client waits (1 s) or ' +
		'one beyond its limit (clear error), 500, 503, dropped connection, commit then drop, latency past the per-attempt timeout ' +
		`(core: 1 s timeout, 1.5 s latency, anywhere; n8n: 30 s timeout; Zapier: 20 s; for these two, ${size.slowFaults} such faults in the links phase and ${size.slowFaults > 0 ? 1 : 0} in the publications phase, on the API, none on the upload, whose PUT has no timeout there); ` +
		`failed requests re-run with the same input and idempotency key, at most 3 times. Core sandbox with its real rate limit (300/min), time advanced by the client's sleep.`
	);
}

export function defineFaultSoak(size: FaultSoakSize): void {
	const soakOptions = (apiMix: FaultMix, uploadMix: FaultMix, settleMs: number): SoakOptions => ({
		seed: size.seed,
		links: size.links,
		publications: size.publications,
		every: 4,
		apiMix,
		uploadMix,
		publicationSlowFaults:
			apiMix.maxSlow === Number.POSITIVE_INFINITY ? apiMix.maxSlow : Math.min(1, apiMix.maxSlow),
		settleMs,
	});

	async function soak(
		label: string,
		harness: Harness,
		driver: SoakDriver,
		options: SoakOptions,
	): Promise<SoakReport> {
		const report = await runSoak(harness, driver, label, options);
		if (size.record) {
			recordPart(`fault-soak-${label}`, {
				order: 1,
				part: 'Fault soak',
				promise: PROMISE,
				setup: setupText(size),
				rows: report.rows,
			});
			recordPart(`fault-soak-${label}-faults`, {
				order: 2,
				part: 'Fault soak: faults the sandbox applied, by kind',
				promise: '(counts only) every kind of fault was applied.',
				setup: 'read from the sandbox (GET /admin/faults: faults consumed).',
				rows: report.faultRows,
			});
		}
		return report;
	}

	const integrations = size.integrations ?? ['zapier', 'core', 'n8n'];
	// Each driver is loaded only in the files that soak it, while jest collects them (the n8n harness
	// registers hooks then): n8n's engine alone takes much of the memory zapier-platform-core allows a
	// process (it ends one over 450 MB after 250 runs).
	const drivers = {
		zapier: integrations.includes('zapier')
			? (require('./zapier-soak-driver') as typeof import('./zapier-soak-driver'))
			: undefined,
		core: integrations.includes('core')
			? (require('./core-soak-driver') as typeof import('./core-soak-driver'))
			: undefined,
		n8n: integrations.includes('n8n')
			? (require('./n8n-soak-driver') as typeof import('./n8n-soak-driver'))
			: undefined,
	};
	describe(`fault soak (seed ${size.seed}: ${size.links} links, ${size.publications} publications per integration)`, () => {
		if (integrations.includes('zapier')) {
			test('through the Zapier app (createAppTester)', async () => {
				const { zapierSoakDriver } = drivers.zapier!;
				const harness = await startHarness({ rateLimit: 0 });
				let files: FileHost | undefined;
				try {
					files = await startFileHost();
					const driver = zapierSoakDriver(harness, { concurrency: 8, files });
					const uploadMix = { ...mix(30, 0, 0), without: ['latency past the timeout' as const] };
					const report = await soak(
						'zapier',
						harness,
						driver,
						soakOptions(mix(30, 21_000, size.slowFaults, true), uploadMix, 2000),
					);
					report.rows.forEach(expectPromise);
				} finally {
					await files?.close();
					await harness.close();
				}
			});
		}

		if (integrations.includes('core')) {
			test('through the core', async () => {
				const { coreSoakDriver } = drivers.core!;
				const harness = await startHarness({ rateLimit: 300 });
				try {
					const driver = coreSoakDriver(harness, {
						concurrency: 10,
						timeoutMs: 1000,
						uploadTimeoutMs: 1000,
					});
					const report = await soak(
						'core',
						harness,
						driver,
						soakOptions(
							mix(120, 1500, Number.POSITIVE_INFINITY),
							mix(120, 1500, Number.POSITIVE_INFINITY),
							1500,
						),
					);
					report.rows.forEach(expectPromise);
				} finally {
					await harness.close();
				}
			});
		}

		if (integrations.includes('n8n')) {
			test('through the n8n node (n8n engine)', async () => {
				const { n8nSoakDriver } = drivers.n8n!;
				const harness = await startHarness({ rateLimit: 0 });
				try {
					const driver = n8nSoakDriver(harness, { itemsPerExecution: 25, concurrentExecutions: 8 });
					const uploadMix = { ...mix(120, 0, 0), without: ['latency past the timeout' as const] };
					const report = await soak(
						'n8n',
						harness,
						driver,
						soakOptions(mix(120, 31_000, size.slowFaults, true), uploadMix, 2000),
					);
					report.rows.forEach(expectPromise);
				} finally {
					await harness.close();
				}
			});
		}
	});
}
