/**
 * Two rules n8n added to @n8n/eslint-plugin-community-nodes after 0.32.0, the newest version on the
 * registry (neither `n8n-node lint` nor the scanner can run them yet), checked here as n8n's source
 * defines them, on the loaded node descriptions (so hints built by helpers count too):
 * - hint-max-length: a parameter's `hint` is at most 120 characters;
 * - icon-contrast: each icon's most contrasting paint colour reaches a WCAG contrast ratio of 1.5
 *   on n8n's light (#ffffff) and dark (#2b2b2b) node backgrounds.
 * (node-execute-block's checks exist as eslint-plugin-n8n-nodes-base's node-execute-block-* rules,
 * which `npm run lint` and the scanner run.)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { loadPackageTypes, PACKAGE_ROOT, readPackageJson, sourceOf } from './harness';

const MAX_HINT_LENGTH = 120;
const MIN_ICON_CONTRAST = 1.5;
const BACKGROUNDS = { light: [255, 255, 255], dark: [43, 43, 43] } as const;

function descriptionOf(type: unknown): { properties: unknown[]; icon?: unknown } {
	return (type as { description: { properties: unknown[]; icon?: unknown } }).description;
}

function hintsIn(value: unknown, found: string[] = []): string[] {
	if (Array.isArray(value)) value.forEach((item) => hintsIn(item, found));
	else if (value !== null && typeof value === 'object') {
		for (const [key, inner] of Object.entries(value)) {
			if (key === 'hint' && typeof inner === 'string') found.push(inner);
			hintsIn(inner, found);
		}
	}
	return found;
}

function luminance([r, g, b]: readonly number[]): number {
	const channel = (c: number) => {
		const s = c / 255;
		return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
	};
	return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
}

function contrastRatio(a: readonly number[], b: readonly number[]): number {
	const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
	return (high + 0.05) / (low + 0.05);
}

/** The hex paint colours (fill, stroke, stop-color) of an SVG. */
function paintColours(svg: string): number[][] {
	return [
		...svg.matchAll(/(?:fill|stroke|stop-color)\s*[=:]\s*"?#([0-9a-f]{6}|[0-9a-f]{3})\b/gi),
	].map(([, hex]) => {
		const full = hex!.length === 3 ? [...hex!].map((c) => c + c).join('') : hex!;
		return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
	});
}

test('contrastRatio is WCAG 2: black on white is 21, a colour on itself is 1', () => {
	expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
	expect(contrastRatio([43, 43, 43], [43, 43, 43])).toBe(1);
	expect(contrastRatio([240, 240, 240], [255, 255, 255])).toBeLessThan(MIN_ICON_CONTRAST);
});

test(`hint-max-length: every hint of both nodes is at most ${MAX_HINT_LENGTH} characters`, () => {
	const types = loadPackageTypes();
	const hints = Object.values(types.nodes).flatMap((type) =>
		hintsIn(descriptionOf(type).properties),
	);
	expect(hints.length).toBeGreaterThan(0);
	expect(hints.filter((hint) => hint.length > MAX_HINT_LENGTH)).toEqual([]);
});

test(`icon-contrast: each node and credential icon reaches ${MIN_ICON_CONTRAST}:1 on its theme's background`, () => {
	const pkg = readPackageJson() as unknown as { n8n: { nodes: string[]; credentials: string[] } };
	const entries = [...pkg.n8n.nodes, ...pkg.n8n.credentials];
	const checked: string[] = [];
	for (const entry of entries) {
		const source = sourceOf(entry);
		const text = fs.readFileSync(source, 'utf8');
		const icon =
			/icon(?::\s*Icon)?\s*[:=]\s*\{\s*light:\s*'file:([^']+)',\s*dark:\s*'file:([^']+)'/.exec(
				text,
			);
		expect([entry, icon !== null]).toEqual([entry, true]);
		for (const [theme, file] of [
			['light', icon![1]!],
			['dark', icon![2]!],
		] as const) {
			const colours = paintColours(fs.readFileSync(path.join(path.dirname(source), file), 'utf8'));
			expect([file, colours.length > 0]).toEqual([file, true]);
			const best = Math.max(...colours.map((colour) => contrastRatio(colour, BACKGROUNDS[theme])));
			expect([file, theme, best >= MIN_ICON_CONTRAST]).toEqual([file, theme, true]);
			checked.push(
				`${path.relative(PACKAGE_ROOT, path.join(path.dirname(source), file))} (${theme})`,
			);
		}
	}
	expect(checked.length).toBe(entries.length * 2);
});
