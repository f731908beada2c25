/**
 * The tarball as npm and n8n's installer get it (scripts/n8n-package.ts, which the release workflow,
 * `npm run scan` and the end-to-end install use): the files `npm pack` takes from the repository, with
 * the package README for n8n users instead of the repository's README.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import {
	N8N_README,
	packedFiles,
	packN8nPackage,
	type PackedPackage,
} from '../../scripts/n8n-package';
import { PACKAGE_ROOT } from './harness';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let work: string;
let packed: PackedPackage;

beforeAll(() => {
	// The package ships compiled code: build once if this checkout was never built (CI builds before).
	if (!fs.existsSync(path.join(PACKAGE_ROOT, 'dist/nodes/Numero/Numero.node.js'))) {
		execFileSync(npm, ['run', 'build'], { cwd: PACKAGE_ROOT, stdio: 'ignore' });
	}
	work = fs.mkdtempSync(path.join(os.tmpdir(), 'numero-package-test-'));
	packed = packN8nPackage(work, PACKAGE_ROOT);
}, 120_000);

afterAll(() => {
	if (work) fs.rmSync(work, { recursive: true, force: true });
});

const entries = () =>
	execFileSync('tar', ['-tzf', packed.tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
const packedReadme = () =>
	execFileSync('tar', ['-xOzf', packed.tarball, 'package/README.md'], { encoding: 'utf8' });

test('the tarball is the package named and versioned by package.json', () => {
	const pkg = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8'));
	expect([packed.name, packed.version]).toEqual([pkg.name, pkg.version]);
	expect(path.basename(packed.tarball)).toBe(`${pkg.name}-${pkg.version}.tgz`);
});

test("the tarball's README is README.n8n.md, not the repository's README", () => {
	const readme = packedReadme();
	expect(readme).toBe(fs.readFileSync(path.join(PACKAGE_ROOT, N8N_README), 'utf8'));
	expect(readme).not.toBe(fs.readFileSync(path.join(PACKAGE_ROOT, 'README.md'), 'utf8'));
});

test('the package README is for n8n users: install, credentials, operations, trigger, compatibility', () => {
	const readme = fs.readFileSync(path.join(PACKAGE_ROOT, N8N_README), 'utf8');
	const headings = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]!);
	expect(headings).toEqual(
		expect.arrayContaining([
			'Install',
			'Credentials',
			'Operations (node: Numero)',
			'Trigger (node: Numero Trigger)',
			'Compatibility',
		]),
	);
	expect(readme).toMatch(/^# n8n-nodes-numero$/m);
	// Nothing about working on the repository: its commands, the Zapier CLI, the local environment.
	expect(readme).not.toMatch(
		/npm (start|test|run|ci)\b|zapier-platform|numero sandbox|\.\/scripts|use-node24/,
	);
	// npm shows the README away from the repository: links are absolute.
	const links = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
	expect(links.length).toBeGreaterThan(0);
	for (const link of links) expect(link).toMatch(/^https:\/\//);
});

test('the tarball holds exactly the files npm pack takes from the repository', () => {
	const expected = packedFiles(PACKAGE_ROOT)
		.map((file) => `package/${file}`)
		.sort();
	expect(entries().sort()).toEqual(expected);
	expect(expected).toContain('package/README.md');
	// n8n verifies MIT-licensed packages only; npm ships LICENSE with every tarball.
	expect(expected).toContain('package/LICENSE');
	expect(expected).toContain('package/dist/nodes/Numero/Numero.node.js');
});
