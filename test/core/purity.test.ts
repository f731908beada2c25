import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { PACKAGE_NAME, PACKAGE_VERSION } from '../../shared';

const SHARED = join(__dirname, '..', '..', 'shared');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The code without comments and string contents, so that words in prose do not count. */
function codeOnly(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '')
    .replace(/'(?:[^'\\\n]|\\.)*'/g, "''")
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
    .replace(/`(?:[^`\\]|\\.)*`/g, '``');
}

const files = sourceFiles(SHARED);

describe('shared/ is pure (it ships in the n8n package)', () => {
  it('has source files to check', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it.each(files.map((f) => [f.slice(SHARED.length + 1), f]))('%s imports only crypto and relative files', (_name, file) => {
    const source = readFileSync(file, 'utf8');
    const specifiers = [
      ...source.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g),
      ...source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
      ...source.matchAll(/\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
      ...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ].map((m) => m[1]);
    for (const specifier of specifiers) {
      expect(['crypto', 'node:crypto'].includes(specifier!) || specifier!.startsWith('./') || specifier!.startsWith('../')).toBe(true);
    }
    expect(codeOnly(source)).not.toMatch(/\brequire\s*\(/);
    expect(codeOnly(source)).not.toMatch(/\bimport\s*\(/);
  });

  const forbidden = [
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
    'Buffer',
    '__dirname',
    '__filename',
    'eval',
    'Function',
    'fetch',
  ];
  it.each(files.map((f) => [f.slice(SHARED.length + 1), f]))('%s uses no process, timers, globalThis, Buffer, eval or fetch', (_name, file) => {
    const code = codeOnly(readFileSync(file, 'utf8'));
    for (const name of forbidden) {
      const uses = new RegExp(`(?<![.\\w$])${name}(?![\\w$])`).test(code);
      if (uses) throw new Error(`${file} uses ${name}`);
    }
  });

  it('the checker itself catches what it must', () => {
    expect(codeOnly("import { readFileSync } from 'fs';")).toContain('from');
    const sample = codeOnly("const x = process.env.KEY; // setTimeout in a comment\nconst y = 'setTimeout';");
    expect(/(?<![.\w$])process(?![\w$])/.test(sample)).toBe(true);
    expect(/(?<![.\w$])setTimeout(?![\w$])/.test(sample)).toBe(false);
  });
});

describe('shared/version.ts', () => {
  it('matches package.json, so the default User-Agent names the real package and version', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));
    expect(PACKAGE_NAME).toBe(pkg.name);
    expect(PACKAGE_VERSION).toBe(pkg.version);
  });
});
