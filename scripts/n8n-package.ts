/**
 * The n8n package as it is published: the files `npm pack` takes from the repository (package.json's
 * `files`, package.json itself), with README.n8n.md as its README.md instead of the repository's
 * README (which is about Zapier, the CLI and the sandbox too). npm always puts the root README.md in
 * a package, so the package is staged into a folder and packed or published from there:
 *
 *   node dist/scripts/n8n-package.js stage <folder>   stage only (the release workflow publishes it)
 *   node dist/scripts/n8n-package.js pack <folder>    stage into a temporary folder and pack into <folder>
 *
 * Run after the build (npm run build): the compiled nodes must be in dist/.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const N8N_README = 'README.n8n.md';

/** The repository: the folder above this file (scripts/ or dist/scripts/) that holds README.n8n.md. */
function findRepoRoot(): string {
	for (let dir = __dirname; ; dir = path.dirname(dir)) {
		if (fs.existsSync(path.join(dir, N8N_README))) return dir;
		if (path.dirname(dir) === dir) throw new Error(`${N8N_README} not found above ${__dirname}`);
	}
}

export const REPO_ROOT = findRepoRoot();

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The paths, relative to the repository, that `npm pack` would put in the package. */
export function packedFiles(root: string = REPO_ROOT): string[] {
	const output = execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: root,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const [packed] = JSON.parse(output) as Array<{ files: Array<{ path: string }> }>;
	return packed!.files.map((file) => file.path);
}

/** Copies the package's files into `target` (created), README.n8n.md becoming README.md. */
export function stageN8nPackage(target: string, root: string = REPO_ROOT): string[] {
	const files = packedFiles(root);
	if (!files.some((file) => file.startsWith('dist/nodes/'))) {
		throw new Error(
			'The package would ship no compiled node: run the build first (npm run build).',
		);
	}
	const readme = path.join(root, N8N_README);
	if (!fs.existsSync(readme))
		throw new Error(`${N8N_README} is missing: it is the package's README on npm and in n8n.`);
	fs.mkdirSync(target, { recursive: true });
	for (const file of files) {
		const from = file === 'README.md' ? readme : path.join(root, file);
		fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
		fs.copyFileSync(from, path.join(target, file));
	}
	if (!files.includes('README.md')) fs.copyFileSync(readme, path.join(target, 'README.md'));
	return files;
}

export interface PackedPackage {
	name: string;
	version: string;
	/** Absolute path of the .tgz. */
	tarball: string;
}

/** Stages the package and runs `npm pack` on the staged folder; the tarball is written into `destination`. */
export function packN8nPackage(destination: string, root: string = REPO_ROOT): PackedPackage {
	const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'numero-n8n-package-'));
	try {
		stageN8nPackage(staging, root);
		fs.mkdirSync(destination, { recursive: true });
		const output = execFileSync(
			npm,
			['pack', staging, '--json', '--ignore-scripts', '--pack-destination', destination],
			{
				cwd: destination,
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'pipe'],
			},
		);
		const [packed] = JSON.parse(output) as Array<{
			name: string;
			version: string;
			filename: string;
		}>;
		return {
			name: packed!.name,
			version: packed!.version,
			tarball: path.join(destination, packed!.filename),
		};
	} finally {
		fs.rmSync(staging, { recursive: true, force: true });
	}
}

/** Unpacks a tarball made by packN8nPackage into `target` (the `package/` prefix removed). */
export function unpackTarball(tarball: string, target: string): void {
	fs.mkdirSync(target, { recursive: true });
	execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
}

if (require.main === module) {
	const [command, folder] = process.argv.slice(2);
	if ((command !== 'stage' && command !== 'pack') || !folder) {
		process.stderr.write('Usage: node dist/scripts/n8n-package.js stage|pack <folder>\n');
		process.exitCode = 2;
	} else if (command === 'stage') {
		const target = path.resolve(folder);
		const files = stageN8nPackage(target);
		process.stdout.write(
			`n8n package staged in ${target} (${files.length} files, README from ${N8N_README})\n`,
		);
	} else {
		const packed = packN8nPackage(path.resolve(folder));
		process.stdout.write(`${packed.tarball}\n`);
	}
}
