// Runs `n8n-node lint` (@n8n/node-cli, strict mode) on the package's own sources.
//
// `n8n-node lint` lints `.` (the whole folder) with the unmodified eslint.config.mjs that strict mode
// demands, whose only ignore is dist/. Here `.` is a repository that also holds the sandbox, the CLI,
// the tests, the benchmarks and the Zapier app: code that is never shipped to n8n and rightly uses
// process, fs and timers. Strict mode forbids adding ignores to eslint.config.mjs, and ESLint 9 has no
// ignore file, so the command runs in a temporary folder holding what the package is built from:
// package.json, eslint.config.mjs, tsconfig.json, nodes/, credentials/ and shared/ (the core, compiled
// into the package), with node_modules linked to the repository's. File names in the output are
// rewritten to the repository's.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const PACKAGE_SOURCES = [
	'package.json',
	'eslint.config.mjs',
	'tsconfig.json',
	'nodes',
	'credentials',
	'shared',
];

function main() {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'numero-n8n-node-lint-'));
	try {
		for (const entry of PACKAGE_SOURCES) {
			fs.cpSync(path.join(root, entry), path.join(folder, entry), { recursive: true });
		}
		fs.symlinkSync(path.join(root, 'node_modules'), path.join(folder, 'node_modules'), 'dir');
		const cli = path.join(root, 'node_modules', '@n8n', 'node-cli', 'bin', 'n8n-node.mjs');
		const result = spawnSync(process.execPath, [cli, 'lint'], {
			cwd: folder,
			encoding: 'utf8',
			env: { ...process.env, CI: 'true' },
		});
		const toRepo = (text) =>
			(text ?? '').split(fs.realpathSync(folder)).join(root).split(folder).join(root);
		process.stdout.write(toRepo(result.stdout));
		process.stderr.write(toRepo(result.stderr));
		if (result.error) throw result.error;
		process.exitCode = result.status ?? 1;
		console.log(
			`lint: n8n-node lint (strict) on ${PACKAGE_SOURCES.join(', ')}: ${process.exitCode === 0 ? 'clean' : 'problems found'}`,
		);
	} finally {
		fs.rmSync(folder, { recursive: true, force: true });
	}
}

main();
