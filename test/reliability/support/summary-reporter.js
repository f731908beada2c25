/**
 * Jest reporter of `npm run test:reliability`: empties the results folder before the run, and at the
 * end prints every part's counts (written by support/results.ts) as Markdown tables, also saved as
 * summary.md in that folder (RELIABILITY.md quotes it).
 */
const fs = require('node:fs');
const path = require('node:path');

const RESULTS_DIR_ENV = 'NUMERO_RELIABILITY_RESULTS';

function readParts(dir) {
	if (!fs.existsSync(dir)) return [];
	return fs
		.readdirSync(dir)
		.filter((name) => name.endsWith('.json'))
		.map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')));
}

/** Parts sharing a name (written by several test files) are printed as one table. */
function mergeParts(parts) {
	const byName = new Map();
	for (const part of parts.sort((a, b) => a.order - b.order)) {
		const known = byName.get(part.part);
		if (known) {
			known.rows.push(...part.rows);
			if (!known.setup.includes(part.setup)) known.setup += ` ${part.setup}`;
		} else {
			byName.set(part.part, { ...part, rows: [...part.rows] });
		}
	}
	return [...byName.values()];
}

function table(part) {
	const columns = [];
	for (const row of part.rows)
		for (const name of Object.keys(row.counts)) if (!columns.includes(name)) columns.push(name);
	const header = ['through', 'what', ...columns, 'promise held'];
	const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
	for (const row of part.rows) {
		const cells = [
			row.through,
			row.what,
			...columns.map((name) => (name in row.counts ? String(row.counts[name]) : '')),
			row.held === null ? '—' : row.held ? 'yes' : '**NO**',
		];
		lines.push(`| ${cells.join(' | ')} |`);
	}
	return lines.join('\n');
}

function summary(parts) {
	const sections = mergeParts(parts).map(
		(part) =>
			`### ${part.part}\n\nPromise: ${part.promise}\n\nSetup: ${part.setup}\n\n${table(part)}\n`,
	);
	const held = parts.every((part) => part.rows.every((row) => row.held !== false));
	const verdict = held
		? 'Every promise held.'
		: 'AT LEAST ONE PROMISE WAS BROKEN (rows marked NO).';
	return `## Reliability summary (${new Date().toISOString()})\n\n${sections.join('\n')}\n${verdict}\n`;
}

class ReliabilitySummaryReporter {
	constructor() {
		this.dir = process.env[RESULTS_DIR_ENV];
	}

	onRunStart() {
		if (!this.dir) return;
		fs.rmSync(this.dir, { recursive: true, force: true });
		fs.mkdirSync(this.dir, { recursive: true });
	}

	onRunComplete() {
		if (!this.dir) return;
		const parts = readParts(this.dir);
		if (parts.length === 0) {
			process.stdout.write('\nReliability summary: no part recorded any count.\n');
			return;
		}
		const text = summary(parts);
		fs.writeFileSync(path.join(this.dir, 'summary.md'), text);
		process.stdout.write(`\n${text}\n(saved in ${path.join(this.dir, 'summary.md')})\n`);
	}
}

module.exports = ReliabilitySummaryReporter;
