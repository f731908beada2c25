/**
 * 900 createLink calls through the core against the sandbox's limit of 300 calls per minute, with the
 * sandbox clock running 10× faster than real time (so the run takes ~13 s, not 3 minutes) and the
 * client's sleep and clock following it. The client meets the 429s and waits their Retry-After. Then,
 * from the sandbox's own records: every call made exactly one link, and the rate the limit was used at.
 */
import { createClient, realSleep, undiciTransport } from '../standalone';
import type { BenchRow } from './bench-row';
import { BENCH_USER_AGENT, startSandboxProcess } from './sandbox-process';

const CALLS = 900;
const LIMIT = 300;
const TIME_SCALE = 10;
const CONCURRENCY = 8;
const ISSUE_ID = 'numero.press:gazette-2026-10';

interface StateLink {
	fingerprint: string | null;
	createdAt: string;
}

export async function rateLimitBench(): Promise<BenchRow[]> {
	const sandbox = await startSandboxProcess({ rateLimit: LIMIT, timeScale: TIME_SCALE });
	const transport = undiciTransport();
	try {
		// The sandbox clock seen from here: its time when asked, moving TIME_SCALE times faster than ours.
		const askedAt = Date.now();
		const clock = await sandbox.admin<{ now: string; timeScale: number }>('GET', '/clock');
		if (clock.timeScale !== TIME_SCALE)
			throw new Error(`the sandbox runs at time scale ${clock.timeScale}`);
		const sandboxNow = () => Date.parse(clock.now) + (Date.now() - askedAt) * TIME_SCALE;
		const client = createClient({
			baseUrl: sandbox.baseUrl,
			apiKey: sandbox.keys.full,
			userAgent: BENCH_USER_AGENT,
			transport,
			sleep: (ms) => realSleep(ms / TIME_SCALE),
			now: sandboxNow,
		});

		let next = 0;
		let succeeded = 0;
		let replayed = 0;
		const failures: string[] = [];
		const worker = async (): Promise<void> => {
			while (next < CALLS) {
				const index = next++;
				try {
					await client.createLink(
						{ id: ISSUE_ID, jours: 30, reference: `rate-${index}` },
						{ onResponse: (info) => (replayed += info.replayed ? 1 : 0) },
					);
					succeeded++;
				} catch (error) {
					failures.push(`call ${index}: ${error instanceof Error ? error.message : String(error)}`);
				}
			}
		};
		await Promise.all(Array.from({ length: CONCURRENCY }, worker));

		const { links } = await sandbox.admin<{ links: StateLink[] }>('GET', '/state');
		const { total: requests } = await sandbox.admin<{ total: number }>('GET', '/requests');
		const fingerprints = new Set(links.map((link) => link.fingerprint));
		const lost = CALLS - fingerprints.size;
		const duplicated = links.length - fingerprints.size;

		// The limit lets LIMIT calls through per minute, from the first call on. Between the first accepted
		// call and the (CALLS - LIMIT + 1)th, a client using all of it spends exactly (CALLS - LIMIT) / LIMIT
		// minutes; any time lost waking up after a 429, or sending too slowly, makes that span longer.
		const times = links.map((link) => Date.parse(link.createdAt)).sort((a, b) => a - b);
		const spanMs = times[CALLS - LIMIT]! - times[0]!;
		const sustained = ((CALLS - LIMIT) * 60_000) / spanMs;
		const refused = requests - CALLS;

		return [
			{
				name: `rate-limited: ${CALLS} calls at ${LIMIT}/min, clock ×${TIME_SCALE}`,
				ours: sustained,
				baseline: LIMIT,
				baselineName: 'the limit itself',
				unit: 'calls/min (sandbox clock)',
				ratio: sustained / LIMIT,
				target: '≥ 0.97×',
				met: sustained / LIMIT >= 0.97,
				note: `${refused} calls were answered 429 and retried after their Retry-After`,
			},
			{
				name: `rate-limited: ${CALLS} calls at ${LIMIT}/min, clock ×${TIME_SCALE}`,
				ours: lost + duplicated + failures.length,
				baseline: 0,
				baselineName: 'calls lost, duplicated or failed',
				unit: 'calls',
				ratio: null,
				target: '= 0',
				met: lost === 0 && duplicated === 0 && failures.length === 0 && succeeded === CALLS,
				note:
					`${succeeded} calls succeeded, ${links.length} links in the sandbox for ${fingerprints.size} distinct references, ` +
					`${replayed} idempotent replays` +
					(failures.length ? `; failures: ${failures.slice(0, 3).join(' | ')}` : ''),
			},
		];
	} finally {
		await transport.close();
		await sandbox.close();
	}
}
