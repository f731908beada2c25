/**
 * `npm run bench`: runs every benchmark in sequence, prints one table and writes bench/results.json.
 * `node dist/bench/run.js verify create-link` runs only the benchmarks whose name contains one of the words.
 */
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import type { Benchmark, BenchRow } from './bench-row';
import { createLinkBench } from './create-link.bench';
import { n8nLinkCreateBench } from './n8n-link-create.bench';
import { n8nQueueBench } from './n8n-queue.bench';
import { publishIssueBench } from './publish-issue.bench';
import { rateLimitBench } from './rate-limit.bench';
import { verifyWebhookBench } from './verify-webhook.bench';
import { zapierPublishBench } from './zapier-publish.bench';

const BENCHMARKS: Array<[string, Benchmark]> = [
	['verify-webhook', verifyWebhookBench],
	['publish-issue', publishIssueBench],
	['zapier-publish', zapierPublishBench],
	['create-link', createLinkBench],
	['rate-limit', rateLimitBench],
	['n8n-link-create', n8nLinkCreateBench],
	['n8n-queue', n8nQueueBench],
];

function formatNumber(value: number | null): string {
	if (value === null) return '—';
	if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString('en-US');
	if (Math.abs(value) >= 100) return value.toFixed(0);
	return value.toFixed(Math.abs(value) >= 10 ? 1 : 2);
}

function table(rows: BenchRow[]): string {
	const header = ['benchmark', 'ours', 'baseline', 'unit', 'ratio', 'target', 'met'];
	const lines = rows.map((row) => [
		row.name,
		formatNumber(row.ours),
		`${formatNumber(row.baseline)} (${row.baselineName})`,
		row.unit,
		row.ratio === null ? '—' : `${row.ratio.toFixed(2)}×`,
		row.target,
		row.met === null ? 'info' : row.met ? 'yes' : 'NO',
	]);
	const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
	const format = (cells: string[]) =>
		`| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
	const notes = rows
		.filter((r) => r.note)
		.map((r) => `- ${r.name} vs ${r.baselineName}: ${r.note}`);
	return [
		format(header),
		`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
		...lines.map(format),
		...(notes.length ? ['', ...notes] : []),
	].join('\n');
}

async function main(): Promise<void> {
	const only = process.argv.slice(2);
	const selected = BENCHMARKS.filter(
		([name]) => only.length === 0 || only.some((word) => name.includes(word)),
	);
	const rows: BenchRow[] = [];
	const started = Date.now();
	for (const [name, bench] of selected) {
		const start = Date.now();
		process.stderr.write(`bench: ${name}…\n`);
		try {
			rows.push(...(await bench()));
		} catch (error) {
			const reason = error instanceof Error ? error.message : String(error);
			rows.push({
				name,
				ours: null,
				baseline: null,
				baselineName: '—',
				unit: '—',
				ratio: null,
				target: '—',
				met: false,
				note: `FAILED: ${reason}`,
			});
			process.stderr.write(
				`bench: ${name} failed: ${error instanceof Error ? error.stack : reason}\n`,
			);
		}
		process.stderr.write(`bench: ${name} done in ${((Date.now() - start) / 1000).toFixed(1)} s\n`);
	}
	const machine = {
		cpus: cpus().length,
		cpuModel: cpus()[0]?.model ?? 'unknown',
		memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
		node: process.version,
		platform: `${process.platform} ${process.arch}`,
	};
	const results = {
		date: new Date().toISOString(),
		durationSeconds: Math.round((Date.now() - started) / 1000),
		machine,
		rows,
	};
	process.stdout.write(`${table(rows)}\n\n`);
	process.stdout.write(
		`${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, node ${machine.node}, ${machine.platform}; ${results.durationSeconds} s; ${results.date}\n`,
	);
	// Only a full run replaces the committed results.
	if (only.length === 0)
		writeFileSync(
			join(__dirname, '..', '..', 'bench', 'results.json'),
			`${JSON.stringify(results, null, 2)}\n`,
		);
	if (rows.some((row) => row.met === false)) process.exitCode = 1;
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
	process.exit(2);
});
