/**
 * The node and credential types of this package, found the way n8n finds them: through the `n8n`
 * key of package.json. Each `dist/…js` entry is loaded from its TypeScript source (ts-jest compiles
 * it), and the class is the export named like the file, as n8n's loader requires.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { ICredentialType, INodeType, IVersionedNodeType } from 'n8n-workflow';

export const PACKAGE_ROOT = path.resolve(__dirname, '../../..');

interface PackageJson {
	name: string;
	n8n: { nodes: string[]; credentials: string[] };
}

export function readPackageJson(): PackageJson {
	return JSON.parse(
		fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8'),
	) as PackageJson;
}

/** `dist/nodes/X/X.node.js` → `<root>/nodes/X/X.node.ts`. */
export function sourceOf(distEntry: string): string {
	if (!/^dist\/.+\.js$/.test(distEntry))
		throw new Error(`package.json n8n entry "${distEntry}" is not a dist/…js file`);
	return path.join(PACKAGE_ROOT, distEntry.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
}

function loadClass<T>(distEntry: string): T {
	const source = sourceOf(distEntry);
	if (!fs.existsSync(source))
		throw new Error(`package.json n8n entry "${distEntry}" has no source file ${source}`);
	const className = path.basename(source).split('.')[0]!;
	const loaded = require(source) as Record<string, new () => T>;
	const Class = loaded[className];
	if (typeof Class !== 'function')
		throw new Error(`${source} does not export a class named ${className}`);
	return new Class();
}

export interface PackageTypes {
	packageName: string;
	/** Keyed by the full type name n8n gives them: `<package name>.<description.name>`. */
	nodes: Record<string, INodeType | IVersionedNodeType>;
	/** Keyed by credential name (`numeroApi`). */
	credentials: Record<string, ICredentialType>;
	/** Entries of package.json that could not be loaded (missing file, wrong export, import error). */
	problems: string[];
}

let cached: PackageTypes | undefined;

/**
 * Every node and credential listed in package.json. An entry that cannot be loaded is recorded in
 * `problems` (test/n8n/package.test.ts requires none), so one broken node does not hide the others.
 */
export function loadPackageTypes(): PackageTypes {
	if (cached) return cached;
	const pkg = readPackageJson();
	const problems: string[] = [];
	const attempt = <T>(entry: string, use: (loaded: T) => void) => {
		try {
			use(loadClass<T>(entry));
		} catch (error) {
			problems.push(`${entry}: ${(error as Error).message}`);
		}
	};
	const nodes: PackageTypes['nodes'] = {};
	for (const entry of pkg.n8n.nodes) {
		attempt<INodeType | IVersionedNodeType>(entry, (node) => {
			nodes[`${pkg.name}.${node.description.name}`] = node;
		});
	}
	const credentials: PackageTypes['credentials'] = {};
	for (const entry of pkg.n8n.credentials) {
		attempt<ICredentialType>(entry, (credential) => {
			credentials[credential.name] = credential;
		});
	}
	cached = { packageName: pkg.name, nodes, credentials, problems };
	return cached;
}
