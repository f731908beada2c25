/** Timing helpers shared by the benchmarks: medians of interleaved rounds after a warm-up. */

export function median(values: number[]): number {
	if (values.length === 0) throw new Error('median of nothing');
	const sorted = [...values].sort((a, b) => a - b);
	const middle = sorted.length >> 1;
	return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The median of ours[i] / baseline[i], where round i ran both back to back: a change of the machine's
 * load between rounds then moves both sides of a ratio alike (on a shared machine it does).
 */
export function pairedRatio(ours: number[], baseline: number[]): number {
	if (ours.length !== baseline.length) throw new Error('pairedRatio: rounds differ');
	return median(ours.map((value, i) => value / baseline[i]!));
}

export function nowMs(): number {
	return Number(process.hrtime.bigint()) / 1e6;
}

export async function timeMs(run: () => Promise<unknown>): Promise<number> {
	const start = nowMs();
	await run();
	return nowMs() - start;
}

/**
 * CPU milliseconds this process has used (user + system, all its threads, so the garbage collector's
 * helper threads count too). Unlike wall time, other processes on a busy machine do not inflate it.
 */
export function cpuMs(): number {
	const { user, system } = process.cpuUsage();
	return (user + system) / 1000;
}

/** Calls of a synchronous function per second of the process's CPU time, over `iterations` calls. */
function opsPerSecond(fn: () => unknown, iterations: number): number {
	const start = cpuMs();
	for (let i = 0; i < iterations; i++) fn();
	return (iterations * 1000) / (cpuMs() - start);
}

/**
 * Micro-benchmark of synchronous functions that do the same job: each is warmed up, its batch size is
 * set so that a round takes about `roundMs` of CPU, then `rounds` rounds run with the functions interleaved
 * (A B C, A B C, …) so a slow moment of the machine hits all of them alike. Returns the median ops per
 * CPU-second of the process (the work is synchronous; nothing else runs meanwhile).
 */
export function compareOpsPerSecond(
	fns: Record<string, () => unknown>,
	options: { rounds?: number; roundMs?: number } = {},
): Record<string, number> {
	const rounds = options.rounds ?? 9;
	const roundMs = options.roundMs ?? 150;
	const batch: Record<string, number> = {};
	for (const [name, fn] of Object.entries(fns)) {
		const warm = cpuMs();
		let calls = 0;
		while (cpuMs() - warm < 250) {
			for (let i = 0; i < 100; i++) fn();
			calls += 100;
		}
		batch[name] = Math.max(100, Math.round((calls / (cpuMs() - warm)) * roundMs));
	}
	const samples: Record<string, number[]> = Object.fromEntries(
		Object.keys(fns).map((name) => [name, []]),
	);
	for (let round = 0; round < rounds; round++) {
		for (const [name, fn] of Object.entries(fns))
			samples[name]!.push(opsPerSecond(fn, batch[name]!));
	}
	return Object.fromEntries(
		Object.entries(samples).map(([name, values]) => [name, median(values)]),
	);
}
