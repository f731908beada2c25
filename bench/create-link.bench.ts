/**
 * createLink through the core (standalone createClient: undici keep-alive pool) against raw
 * undici.request sending the same bodies and headers: 2,000 calls, 8 at a time, rate limit off, to
 * the sandbox in its own process. Rounds alternate between the two; median calls/s.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { createClient, undiciTransport } from '../standalone';
import { atLeast, type BenchRow } from './bench-row';
import { cpuMs, median, pairedRatio, timeMs } from './measure';
import { BENCH_USER_AGENT, startSandboxProcess } from './sandbox-process';

const CALLS = 2000;
const CONCURRENCY = 8;
const ROUNDS = 7;
const ISSUE_ID = 'numero.press:gazette-2026-10';

/** Runs `calls` calls of `call(i)`, `concurrency` at a time. */
async function pool(
	calls: number,
	concurrency: number,
	call: (index: number) => Promise<void>,
): Promise<void> {
	let next = 0;
	const worker = async (): Promise<void> => {
		while (next < calls) await call(next++);
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
}

export async function createLinkBench(): Promise<BenchRow[]> {
	const sandbox = await startSandboxProcess({ rateLimit: 0 });
	// The core's standalone transport (undici keep-alive pool, 16 connections per origin), made here to be closed at the end.
	const transport = undiciTransport();
	const client = createClient({
		baseUrl: sandbox.baseUrl,
		apiKey: sandbox.keys.full,
		userAgent: BENCH_USER_AGENT,
		transport,
	});
	// The raw side gets the same kind of pool.
	const agent = new Agent({ keepAliveTimeout: 10_000, connections: 16 });
	const url = `${sandbox.baseUrl}/liens`;
	let round = 0;
	const bodyOf = (index: number) => ({
		id: ISSUE_ID,
		jours: 30,
		reference: `bench-${round}-${index}`,
	});

	const ours = (index: number) =>
		client.createLink(bodyOf(index)).then((lien) => {
			if (!lien.url) throw new Error('createLink: no url');
		});
	// What a hand-written client does at the least: the same headers (a fresh idempotency key per call),
	// the JSON body, the status check and the parsed answer.
	const raw = async (index: number): Promise<void> => {
		const response = await request(url, {
			method: 'POST',
			dispatcher: agent,
			headers: {
				accept: 'application/json',
				'user-agent': BENCH_USER_AGENT,
				authorization: `Bearer ${sandbox.keys.full}`,
				'content-type': 'application/json',
				'idempotency-key': `lnk_${randomUUID()}`,
			},
			body: JSON.stringify(bodyOf(index)),
		});
		const lien = (await response.body.json()) as { url?: string };
		if (response.statusCode !== 201 || !lien.url)
			throw new Error(`raw undici: HTTP ${response.statusCode}`);
	};

	try {
		// Warm-up: connections opened, code compiled, on both sides.
		await pool(300, CONCURRENCY, ours);
		await pool(300, CONCURRENCY, raw);
		const rates: Record<'ours' | 'raw', number[]> = { ours: [], raw: [] };
		// CPU time of this process (the client; the sandbox is another process) per call: how light each side is.
		const cpuPerCall: Record<'ours' | 'raw', number[]> = { ours: [], raw: [] };
		for (round = 1; round <= ROUNDS; round++) {
			// Alternate which side goes first, so neither always follows the other's garbage.
			const order = round % 2 === 1 ? (['ours', 'raw'] as const) : (['raw', 'ours'] as const);
			for (const side of order) {
				const cpuBefore = cpuMs();
				const ms = await timeMs(() => pool(CALLS, CONCURRENCY, side === 'ours' ? ours : raw));
				cpuPerCall[side].push(((cpuMs() - cpuBefore) * 1000) / CALLS);
				rates[side].push((CALLS * 1000) / ms);
			}
		}
		const links = await sandbox.admin<{ links: unknown[] }>('GET', '/state');
		const expected = 2 * (300 + ROUNDS * CALLS);
		if (links.links.length !== expected)
			throw new Error(`the sandbox holds ${links.links.length} links, expected ${expected}`);
		return [
			atLeast(
				0.9,
				{
					name: `createLink ×${CALLS}, ${CONCURRENCY} concurrent`,
					ours: median(rates.ours),
					baseline: median(rates.raw),
					baselineName: 'raw undici.request, same bodies',
					unit: 'calls/s',
				},
				pairedRatio(rates.ours, rates.raw),
			),
			{
				...atLeast(
					1,
					{
						name: `createLink ×${CALLS}, client CPU per call`,
						ours: median(cpuPerCall.ours),
						baseline: median(cpuPerCall.raw),
						baselineName: 'raw undici.request, same bodies',
						unit: 'µs CPU/call',
					},
					pairedRatio(cpuPerCall.ours, cpuPerCall.raw),
				),
				target: '— (info, lower is lighter)',
				met: null,
			},
		];
	} finally {
		await transport.close();
		await agent.close();
		await sandbox.close();
	}
}
