/** One line of the benchmark table, as every bench/*.bench.ts returns it. */
export interface BenchRow {
	name: string;
	/** Our figure, or null when it could not be measured (then `note` says why). */
	ours: number | null;
	baseline: number | null;
	baselineName: string;
	unit: string;
	/** ours / baseline (or ours / limit); null when there is nothing to divide by. */
	ratio: number | null;
	/** What has to hold, in words ("≥ 0.85× baseline", "< 100 MiB"). */
	target: string;
	/** null: informational row without a target. */
	met: boolean | null;
	note?: string;
}

export type Benchmark = () => Promise<BenchRow[]>;

type Figures = Omit<BenchRow, 'ratio' | 'target' | 'met'> & { ours: number; baseline: number };

/**
 * A higher-is-better figure compared with its baseline: met when the ratio ≥ min. The ratio is
 * ours/baseline unless given (the median of per-round ratios, see pairedRatio).
 */
export function atLeast(min: number, row: Figures, ratio = row.ours / row.baseline): BenchRow {
	return { ...row, ratio, target: `≥ ${min}×`, met: ratio >= min };
}

/** A lower-is-better figure (time, memory) compared with its baseline: met when the ratio ≤ max. */
export function atMost(max: number, row: Figures, ratio = row.ours / row.baseline): BenchRow {
	return { ...row, ratio, target: `≤ ${max}×`, met: ratio <= max };
}

/** A row whose benchmark could not run: it fails loudly rather than passing silently. */
export function notMeasured(
	name: string,
	baselineName: string,
	unit: string,
	target: string,
	reason: string,
): BenchRow {
	return {
		name,
		ours: null,
		baseline: null,
		baselineName,
		unit,
		ratio: null,
		target,
		met: false,
		note: `NOT MEASURED: ${reason}`,
	};
}
