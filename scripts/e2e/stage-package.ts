/**
 * Installs this package into an n8n user folder the way "Install a community node" does: the
 * tarball the release publishes (scripts/n8n-package.ts: exactly the published files, with the
 * package README) unpacked into `<user folder>/.n8n/nodes/node_modules/<name>`, where n8n 2 loads
 * community packages from at start.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { packN8nPackage, unpackTarball } from '../n8n-package';
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
		const packed = packN8nPackage(packFolder, REPO_ROOT);
		const target = path.join(userFolderPaths(userFolder).communityNodes, packed.name);
		fs.rmSync(target, { recursive: true, force: true });
		unpackTarball(packed.tarball, target);
		return target;
	} finally {
		fs.rmSync(packFolder, { recursive: true, force: true });
	}
}
