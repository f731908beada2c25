/**
 * Each part of the reliability suite reports its counts here. Under `npm run test:reliability`
 * (jest.reliability.config.js sets NUMERO_RELIABILITY_RESULTS) every part writes one JSON file,
 * and summary-reporter.js prints them as one table at the end. Elsewhere (the quick runs in
 * `npm test`) nothing is written.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const RESULTS_DIR_ENV = 'NUMERO_RELIABILITY_RESULTS';

export interface ResultRow {
	/** Which integration the counts went through: `core`, `n8n node`, `Zapier app`… */
	through: string;
	/** What was counted: `links`, `publications`, `deliveries`… */
	what: string;
	/** Counts read from the system (sandbox state and counters, n8n executions, outputs). */
	counts: Record<string, number>;
	/** Whether the part's promise held for this row; null for rows that only inform (no promise). */
	held: boolean | null;
}

export interface PartResult {
	/** Orders the parts in the summary. */
	order: number;
	part: string;
	promise: string;
	/** How the run was set up (seed, sizes, fault mix), for the reader of the summary. */
	setup: string;
	rows: ResultRow[];
}

export function resultsDir(): string | undefined {
	return process.env[RESULTS_DIR_ENV] || undefined;
}

/** Records one part's result (a part may call it several times with distinct `file` names). */
export function recordPart(file: string, result: PartResult): void {
	const dir = resultsDir();
	if (!dir) return;
	fs.mkdirSync(dir, { recursive: true });
	fs.writeFileSync(path.join(dir, `${file}.json`), `${JSON.stringify(result, null, 2)}\n`);
}

/** A row's promise holds when every named count is zero. */
export function allZero(counts: Record<string, number>, names: string[]): boolean {
	return names.every((name) => (counts[name] ?? 0) === 0);
}
