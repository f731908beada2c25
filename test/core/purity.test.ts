/**
 * shared/ ships inside the n8n package: it may import only crypto and relative files, and may not use
 * process, timers, globalThis, Buffer, eval or fetch. Read with the TypeScript parser, so comments,
 * strings and property names (`x.process`) do not count, and nothing hides in a regular expression.
 */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import ts from 'typescript';
import { PACKAGE_NAME, PACKAGE_VERSION } from '../../shared';

const SHARED = join(__dirname, '..', '..', 'shared');
const ALLOWED_MODULES = ['crypto', 'node:crypto'];
const FORBIDDEN_GLOBALS = [
	'process',
	'setTimeout',
	'setInterval',
	'setImmediate',
	'clearTimeout',
	'clearInterval',
	'clearImmediate',
	'queueMicrotask',
	'globalThis',
	'global',
	'window',
	'self',
	'Buffer',
	'__dirname',
	'__filename',
	'require',
	'module',
	'eval',
	'Function',
	'fetch',
	'XMLHttpRequest',
	'WebSocket',
];

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

/** Whether an identifier is a name in a property position rather than a reference to a variable. */
function isPropertyName(node: ts.Identifier): boolean {
	const parent = node.parent;
	return (
		(ts.isPropertyAccessExpression(parent) && parent.name === node) ||
		(ts.isPropertyAssignment(parent) && parent.name === node) ||
		(ts.isPropertyDeclaration(parent) && parent.name === node) ||
		(ts.isPropertySignature(parent) && parent.name === node) ||
		(ts.isMethodDeclaration(parent) && parent.name === node) ||
		(ts.isMethodSignature(parent) && parent.name === node) ||
		(ts.isGetAccessorDeclaration(parent) && parent.name === node) ||
		(ts.isQualifiedName(parent) && parent.right === node)
	);
}

interface PurityProblems {
	modules: string[];
	globals: string[];
	dynamicImports: number;
}

function purityProblems(fileName: string, text: string): PurityProblems {
	const source = ts.createSourceFile(
		fileName,
		text,
		ts.ScriptTarget.ES2023,
		true,
		ts.ScriptKind.TS,
	);
	const problems: PurityProblems = { modules: [], globals: [], dynamicImports: 0 };
	const visit = (node: ts.Node): void => {
		if (
			(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
			node.moduleSpecifier &&
			ts.isStringLiteral(node.moduleSpecifier)
		) {
			const specifier = node.moduleSpecifier.text;
			if (
				!ALLOWED_MODULES.includes(specifier) &&
				!specifier.startsWith('./') &&
				!specifier.startsWith('../')
			)
				problems.modules.push(specifier);
		}
		if (ts.isImportEqualsDeclaration(node))
			problems.modules.push(node.moduleReference.getText(source));
		if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
			problems.dynamicImports++;
		if (ts.isImportTypeNode(node)) problems.dynamicImports++;
		if (ts.isIdentifier(node) && FORBIDDEN_GLOBALS.includes(node.text) && !isPropertyName(node))
			problems.globals.push(node.text);
		ts.forEachChild(node, visit);
	};
	visit(source);
	return problems;
}

const files = sourceFiles(SHARED);
const clean: PurityProblems = { modules: [], globals: [], dynamicImports: 0 };

describe('shared/ is pure (it ships in the n8n package)', () => {
	it('has the source files to check', () => {
		expect(files.map((f) => f.slice(SHARED.length + 1))).toEqual(
			expect.arrayContaining(['index.ts', 'numero-client.ts', 'webhook-signature.ts', 'ports.ts']),
		);
	});

	it.each(files.map((f) => [f.slice(SHARED.length + 1), f]))(
		'%s imports only crypto and relative files, and uses none of the forbidden globals',
		(_name, file) => {
			expect(purityProblems(file, readFileSync(file, 'utf8'))).toEqual(clean);
		},
	);

	it('the check finds what it must, and ignores comments, strings and property names', () => {
		const bad = [
			"import { readFileSync } from 'fs';",
			"export { x } from 'stream';",
			"import os = require('os');",
			'const key = process.env.KEY;',
			'setTimeout(() => {}, 1);',
			'const b = Buffer.from("x");',
			'const g = globalThis;',
			"const m = import('undici');",
			'const f = new Function("return 1");',
		].join('\n');
		expect(purityProblems('bad.ts', bad)).toEqual({
			modules: ['fs', 'stream', "require('os')"],
			globals: ['process', 'setTimeout', 'Buffer', 'globalThis', 'Function'],
			dynamicImports: 1,
		});
		const fine = [
			"import { createHash } from 'crypto';",
			"import { x } from './x';",
			'// setTimeout and process in a comment',
			"const s = 'process Buffer setTimeout';",
			'const o = { process: 1 }; o.process; const r = /setTimeout/;',
		].join('\n');
		expect(purityProblems('fine.ts', fine)).toEqual(clean);
	});
});

describe('shared/version.ts', () => {
	it('matches package.json, so the default User-Agent names the real package and version', () => {
		const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));
		expect(PACKAGE_NAME).toBe(pkg.name);
		expect(PACKAGE_VERSION).toBe(pkg.version);
	});
});
