/**
 * `npm run scan`: n8n's verification scanner (@n8n/scan-community-package 0.32) on the package as it
 * would be published, without the registry.
 *
 * The scanner's CLI only takes a registry name: it checks the version's npm provenance, downloads the
 * source commit the provenance names from GitHub and the tarball from npm, and lints both with its
 * own ESLint configuration through its exported `analyzePackage`. This script calls that same
 * function on the same two inputs made locally: the tarball `npm pack` makes of the staged package
 * (scripts/n8n-package.ts; compiled .js and package.json, as the scanner lints the tarball) and the
 * repository as the source checkout (the scanner's SOURCE_FILE_PATTERNS: package.json, nodes/,
 * credentials/). Provenance itself exists only once the release workflow has published
 * (.github/workflows/publish.yml). It also checks that the tarball's README is README.n8n.md.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { N8N_README, packN8nPackage, REPO_ROOT, unpackTarball } from './n8n-package';

const SCANNER = '@n8n/scan-community-package/scanner/scanner.mjs';
/** The scanner's tarball leg: what analyzePackageByName lints in the downloaded package. */
const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

async function main(): Promise<number> {
	const started = Date.now();
	// The scanner makes a temporary folder when it loads and removes it at exit only in tmp's graceful mode.
	const scannerFile = require.resolve(SCANNER);
	(
		require(require.resolve('tmp', { paths: [path.dirname(scannerFile)] })) as {
			setGracefulCleanup(): void;
		}
	).setGracefulCleanup();
	const scanner = await import('@n8n/scan-community-package/scanner/scanner.mjs');

	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'numero-scan-'));
	try {
		const packed = packN8nPackage(work);
		const unpacked = path.join(work, 'package');
		unpackTarball(packed.tarball, unpacked);
		const label = `${packed.name}@${packed.version}`;

		const problems: string[] = [];
		const readme = fs.readFileSync(path.join(unpacked, 'README.md'), 'utf8');
		if (readme !== fs.readFileSync(path.join(REPO_ROOT, N8N_README), 'utf8')) {
			problems.push(`README.md in ${path.basename(packed.tarball)} is not ${N8N_README}`);
		}
		const legs: Array<[string, string, string[]]> = [
			[`tarball ${path.basename(packed.tarball)}`, unpacked, TARBALL_FILE_PATTERNS],
			['source (package.json, nodes/, credentials/)', REPO_ROOT, scanner.SOURCE_FILE_PATTERNS],
		];
		for (const [name, folder, patterns] of legs) {
			const result = await scanner.analyzePackage(folder, patterns);
			if (!result.passed) {
				const details = (result.details ?? '').split(fs.realpathSync(unpacked)).join(`<${label}>`);
				problems.push(`${name}: ${result.message ?? 'failed'}\n${details}`);
			}
		}
		const seconds = ((Date.now() - started) / 1000).toFixed(1);
		if (problems.length > 0) {
			process.stdout.write(
				`scan: ${label} fails n8n's scanner rules (${seconds} s)\n\n${problems.join('\n\n')}\n`,
			);
			return 1;
		}
		process.stdout.write(
			`scan: ${label} passes @n8n/scan-community-package's analysis on its tarball and its source, README from ${N8N_README} (${seconds} s)\n`,
		);
		return 0;
	} finally {
		fs.rmSync(work, { recursive: true, force: true });
	}
}

main().then(
	(code) => {
		process.exitCode = code;
	},
	(error: unknown) => {
		process.stderr.write(
			`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
		);
		process.exitCode = 1;
	},
);
