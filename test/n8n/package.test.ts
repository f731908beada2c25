/**
 * The n8n package as n8n installs it: the `n8n` key of package.json lists loadable nodes and
 * credentials, nothing but n8n-workflow is needed at run time, and only what n8n needs ships.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { loadPackageTypes, PACKAGE_ROOT, readPackageJson, sourceOf } from './harness';

const pkg = readPackageJson() as ReturnType<typeof readPackageJson> & Record<string, any>;

test('every node and credential in the n8n key loads, with the class named as its file', () => {
	const types = loadPackageTypes();
	expect(types.problems).toEqual([]);
	expect(Object.keys(types.nodes).sort()).toEqual([
		'n8n-nodes-numero.numero',
		'n8n-nodes-numero.numeroTrigger',
	]);
	expect(Object.keys(types.credentials).sort()).toEqual(['numeroApi', 'numeroWebhookApi']);
	expect(pkg.n8n).toMatchObject({ n8nNodesApiVersion: 1, strict: true });
});

test('each node has its icons and a codex file naming it, next to it', () => {
	for (const entry of pkg.n8n.nodes as string[]) {
		const source = sourceOf(entry);
		const codex = JSON.parse(fs.readFileSync(source.replace(/\.ts$/, '.json'), 'utf8'));
		const type = loadPackageTypes().nodes[codex.node];
		expect(type).toBeDefined();
		const icon = type!.description.icon as { light: string; dark: string };
		for (const file of [icon.light, icon.dark]) {
			expect(fs.existsSync(path.join(path.dirname(source), file.replace(/^file:/, '')))).toBe(true);
		}
	}
});

test('n8n-workflow is a peer dependency and nothing is needed at run time', () => {
	expect(pkg.keywords).toContain('n8n-community-node-package');
	expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
	expect(pkg.dependencies ?? {}).toEqual({});
});

test('only the compiled nodes, credentials and core ship, and the build copies icons and codex files', () => {
	expect(pkg.files).toEqual(
		expect.arrayContaining(['dist/nodes', 'dist/credentials', 'dist/shared']),
	);
	expect(
		(pkg.files as string[]).some((file) => /standalone|sandbox|cli|test|bench|zapier/.test(file)),
	).toBe(false);
	expect(pkg.scripts.build).toContain('node scripts/copy-assets.js');
	expect(fs.existsSync(path.join(PACKAGE_ROOT, 'scripts/copy-assets.js'))).toBe(true);
});

test('the code that ships imports only n8n-workflow, crypto and relative files, and uses no process, timers or fs', () => {
	const shippedDirs = ['nodes', 'credentials', 'shared'].map((dir) => path.join(PACKAGE_ROOT, dir));
	const files = shippedDirs.flatMap((dir) =>
		(fs.readdirSync(dir, { recursive: true }) as string[])
			.filter((f) => f.endsWith('.ts'))
			.map((f) => path.join(dir, f)),
	);
	expect(files.length).toBeGreaterThan(20);
	for (const file of files) {
		const text = fs.readFileSync(file, 'utf8');
		const imports = [
			...text.matchAll(/\bfrom\s+'([^']+)'|\brequire\('([^']+)'\)|\bimport\('([^']+)'\)/g),
		].map((m) => m[1] ?? m[2] ?? m[3]);
		for (const name of imports) {
			expect([file, name]).toEqual([
				file,
				expect.stringMatching(/^(\.{1,2}\/.*|n8n-workflow|crypto|node:crypto)$/),
			]);
		}
		expect([
			file,
			/\b(process\.|setTimeout|setInterval|globalThis|eslint-disable)\b/.test(text),
		]).toEqual([file, false]);
	}
});
