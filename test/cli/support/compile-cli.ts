import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(__dirname, '../../..');

/**
 * Compiles cli/main.ts and every relative file they import (the core, standalone, the sandbox) to
 * JavaScript, with the repository's own compiler options, into a fresh folder under
 * node_modules/.cache (so `undici` and the rest resolve from the repository's node_modules).
 * transpileModule per file (isolatedModules is on) takes a second, where a full `tsc` build type-checks
 * everything and fails on anyone's unfinished file. Returns the folder; remove it with removeCompiled.
 */
export function compileCli(): { outDir: string; main: string } {
	const config = ts.getParsedCommandLineOfConfigFile(
		join(ROOT, 'tsconfig.json'),
		{},
		{
			...ts.sys,
			onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
				throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
			},
		},
	);
	if (!config) throw new Error('cannot read tsconfig.json');
	const compilerOptions = {
		...config.options,
		sourceMap: false,
		declaration: false,
		inlineSourceMap: false,
	};
	const outDir = join(
		ROOT,
		'node_modules',
		'.cache',
		'numero-cli-test',
		`${process.pid}-${Date.now().toString(36)}`,
	);
	const pending = [join(ROOT, 'cli/main.ts')];
	const done = new Set<string>();
	while (pending.length > 0) {
		const file = pending.pop()!;
		if (done.has(file)) continue;
		done.add(file);
		const target = join(outDir, relative(ROOT, file));
		mkdirSync(dirname(target), { recursive: true });
		if (file.endsWith('.json')) {
			copyFileSync(file, target);
			continue;
		}
		const source = readFileSync(file, 'utf8');
		const { outputText } = ts.transpileModule(source, { compilerOptions, fileName: file });
		writeFileSync(target.replace(/\.ts$/, '.js'), outputText);
		for (const specifier of relativeImports(source))
			pending.push(resolveImport(dirname(file), specifier));
	}
	return { outDir, main: join(outDir, 'cli/main.js') };
}

export function removeCompiled(outDir: string): void {
	rmSync(outDir, { recursive: true, force: true });
}

function relativeImports(source: string): string[] {
	const info = ts.preProcessFile(source, true, true);
	return info.importedFiles.map((file) => file.fileName).filter((name) => name.startsWith('.'));
}

function resolveImport(fromDir: string, specifier: string): string {
	const base = resolve(fromDir, specifier);
	for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
		if (candidate.endsWith('.json') || candidate.endsWith('.ts')) {
			if (existsSync(candidate)) return candidate;
		}
	}
	throw new Error(`cannot resolve ${specifier} from ${fromDir}`);
}
