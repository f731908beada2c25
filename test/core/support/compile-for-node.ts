/**
 * Compiles the core, standalone/ and a test fixture to plain CommonJS in a temporary folder (with the
 * TypeScript compiler's transpiler: no type check, no ts-jest), so a child `node` process can run them.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join, relative } from 'path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..', '..');

function tsFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return tsFiles(path);
		return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
	});
}

export interface CompiledTree {
	dir: string;
	/** The compiled .js path of a .ts file of the repository. */
	path(repoRelativeTs: string): string;
	remove(): void;
}

export function compileForNode(extraFiles: string[]): CompiledTree {
	const out = mkdtempSync(join(tmpdir(), 'numero-core-compiled-'));
	const files = [
		...tsFiles(join(ROOT, 'shared')),
		...tsFiles(join(ROOT, 'standalone')),
		...extraFiles.map((f) => join(ROOT, f)),
	];
	for (const file of files) {
		const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
			compilerOptions: {
				module: ts.ModuleKind.CommonJS,
				target: ts.ScriptTarget.ES2023,
				esModuleInterop: true,
			},
			fileName: file,
		});
		const target = join(out, relative(ROOT, file)).replace(/\.ts$/, '.js');
		mkdirSync(dirname(target), { recursive: true });
		writeFileSync(target, outputText);
	}
	return {
		dir: out,
		path: (file) => join(out, file).replace(/\.ts$/, '.js'),
		remove: () => rmSync(out, { recursive: true, force: true }),
	};
}

/** NODE_PATH for the child, so `undici` resolves from the repository's node_modules. */
export const REPO_NODE_MODULES = join(ROOT, 'node_modules');
