/**
 * Installs this package into an n8n user folder the way "Install a community node" does: the
 * `npm pack` tarball (exactly the published files) unpacked into `<user folder>/.n8n/nodes/
 * node_modules/<name>`, where n8n 2 loads community packages from at start.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { REPO_ROOT } from './n8n-install';
import { userFolderPaths } from './n8n-process';

const BUILT_ENTRY = path.join(REPO_ROOT, 'dist', 'nodes', 'NumeroTrigger', 'NumeroTrigger.node.js');

export function stagePackage(userFolder: string): string {
	if (!fs.existsSync(BUILT_ENTRY)) {
		throw new Error(
			`${path.relative(REPO_ROOT, BUILT_ENTRY)} is missing: build the package first (npm run build).`,
		);
	}
	const packFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'numero-pack-'));
	try {
		const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
		const output = execFileSync(
			npm,
			['pack', '--json', '--ignore-scripts', '--pack-destination', packFolder],
			{
				cwd: REPO_ROOT,
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'pipe'],
			},
		);
		const [packed] = JSON.parse(output) as Array<{ name: string; filename: string }>;
		const target = path.join(userFolderPaths(userFolder).communityNodes, packed.name);
		fs.rmSync(target, { recursive: true, force: true });
		fs.mkdirSync(target, { recursive: true });
		execFileSync('tar', [
			'-xzf',
			path.join(packFolder, packed.filename),
			'-C',
			target,
			'--strip-components=1',
		]);
		return target;
	} finally {
		fs.rmSync(packFolder, { recursive: true, force: true });
	}
}
