/** Human output: aligned label/value lines, tables, sizes. */

export type FieldValue = string | number | boolean | null | undefined;

/** `Label   value` lines, the labels padded to one width; undefined values are left out, null shows as "-". */
export function fields(rows: Array<[string, FieldValue]>): string {
	const shown = rows.filter(([, value]) => value !== undefined);
	const width = Math.max(0, ...shown.map(([label]) => label.length));
	return shown.map(([label, value]) => `${label.padEnd(width)}  ${show(value)}`).join('\n');
}

/** A table with a header row; columns padded to their widest cell, the last one left free. */
export function table(header: string[], rows: FieldValue[][]): string {
	const cells = [header, ...rows.map((row) => row.map(show))];
	const widths = header.map((_, column) =>
		Math.max(...cells.map((row) => (row[column] ?? '').length)),
	);
	return cells
		.map((row) =>
			row
				.map((cell, column) =>
					column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0),
				)
				.join('  ')
				.trimEnd(),
		)
		.join('\n');
}

export function show(value: FieldValue): string {
	if (value === null || value === undefined) return '-';
	if (typeof value === 'boolean') return value ? 'yes' : 'no';
	return String(value);
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1536 -> "1.5 KB" (powers of 1024, as file managers show them). */
export function bytes(count: number): string {
	let value = count;
	let unit = 0;
	while (value >= 1024 && unit < UNITS.length - 1) {
		value /= 1024;
		unit += 1;
	}
	return unit === 0 ? `${count} B` : `${value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}
