// Lints exactly the files the published package contains (as `npm pack --dry-run --json` lists them):
// the shipped JavaScript and package.json, with eslint.shipped.config.mjs. Run after the build.
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const { ESLint } = require('eslint');

async function main() {
	const root = path.resolve(__dirname, '..');
	const packed = JSON.parse(
		execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
			cwd: root,
			encoding: 'utf8',
		}),
	);
	const files = packed[0].files
		.map((file) => file.path)
		.filter((file) => file.endsWith('.js') || file === 'package.json');
	if (!files.some((file) => file.startsWith('dist/nodes/'))) {
		throw new Error(
			'The package would ship no compiled node: run the build first (npm run build).',
		);
	}
	const eslint = new ESLint({
		cwd: root,
		overrideConfigFile: path.join(root, 'eslint.shipped.config.mjs'),
	});
	const results = await eslint.lintFiles(files);
	const formatter = await eslint.loadFormatter('stylish');
	const output = await formatter.format(results);
	const problems = results.reduce(
		(sum, result) => sum + result.errorCount + result.warningCount,
		0,
	);
	if (output) console.log(output);
	console.log(`lint:shipped: ${files.length} shipped files linted, ${problems} problems`);
	process.exitCode = problems === 0 ? 0 : 1;
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
