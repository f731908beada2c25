/** A small seeded generator (mulberry32), so that every reliability run with a seed is the same run. */
export type Random = () => number;

export function seededRandom(seed: number): Random {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export function pick<T>(random: Random, items: readonly T[]): T {
	return items[Math.floor(random() * items.length)]!;
}

/** The seed of a run: NUMERO_RELIABILITY_SEED when set (to replay a run), else the given default. */
export function runSeed(fallback: number): number {
	const given = Number(process.env.NUMERO_RELIABILITY_SEED);
	return Number.isInteger(given) && given > 0 ? given : fallback;
}
