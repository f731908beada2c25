import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const INSTALL_SCRIPT_IN_REPO = path.join('scripts', 'e2e', 'install-n8n.sh');

/** The repository, found from this file whether it runs as TypeScript or compiled into dist/. */
function findRepoRoot(): string {
	for (let dir = __dirname; ; dir = path.dirname(dir)) {
		if (fs.existsSync(path.join(dir, INSTALL_SCRIPT_IN_REPO))) return dir;
		if (path.dirname(dir) === dir)
			throw new Error(`${INSTALL_SCRIPT_IN_REPO} not found above ${__dirname}`);
	}
}

export const REPO_ROOT = findRepoRoot();

/**
 * Runs one of scripts/e2e's install scripts (each installs once, then only checks) and returns the
 * last line it printed on stdout: where the installed thing is. Progress goes to this process's stderr.
 */
export function runInstallScript(name: string): string {
	const result = spawnSync('bash', [path.join(REPO_ROOT, 'scripts', 'e2e', name)], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	if (result.status !== 0) {
		throw new Error(
			`scripts/e2e/${name} failed (exit ${result.status ?? result.signal}); its output is above`,
		);
	}
	return result.stdout.trim().split('\n').pop() ?? '';
}

/**
 * The folder of the cached n8n (scripts/e2e/install-n8n.sh), installing it first if needed: several
 * minutes the first time on a machine, instant afterwards.
 */
export function ensureN8nInstalled(): string {
	const folder = runInstallScript(path.basename(INSTALL_SCRIPT_IN_REPO));
	const bin = n8nBin(folder);
	if (!fs.existsSync(bin))
		throw new Error(`install-n8n.sh reported ${folder}, where there is no ${bin}`);
	return folder;
}

/** n8n's own entry script, run with the current node (Node 24). */
export function n8nBin(installFolder: string): string {
	return path.join(installFolder, 'node_modules', 'n8n', 'bin', 'n8n');
}
