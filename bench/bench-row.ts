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

/** A higher-is-better figure compared with its baseline: met when ours/baseline ≥ min. */
export function atLeast(min: number, row: Omit<BenchRow, 'ratio' | 'target' | 'met'> & { ours: number; baseline: number }): BenchRow {
  const ratio = row.ours / row.baseline;
  return { ...row, ratio, target: `≥ ${min}×`, met: ratio >= min };
}

/** A lower-is-better figure (time, memory) compared with its baseline: met when ours/baseline ≤ max. */
export function atMost(max: number, row: Omit<BenchRow, 'ratio' | 'target' | 'met'> & { ours: number; baseline: number }): BenchRow {
  const ratio = row.ours / row.baseline;
  return { ...row, ratio, target: `≤ ${max}×`, met: ratio <= max };
}

/** A row whose benchmark could not run: it fails loudly rather than passing silently. */
export function notMeasured(name: string, baselineName: string, unit: string, target: string, reason: string): BenchRow {
  return { name, ours: null, baseline: null, baselineName, unit, ratio: null, target, met: false, note: `NOT MEASURED: ${reason}` };
}
