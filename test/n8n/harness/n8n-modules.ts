/**
 * Loads n8n's engine (n8n-core) for the tests, in an isolated n8n user folder.
 *
 * n8n-core ships its own copies of `@n8n/di` and `@n8n/backend-common`; the harness must use those
 * copies (one Container), so they are resolved from n8n-core's own folder.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { removeWhenDone } from './cleanup';

if (!process.env.N8N_USER_FOLDER) {
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'numero-n8n-user-'));
	process.env.N8N_USER_FOLDER = userFolder;
	removeWhenDone(userFolder);
}
// Tests assert on results; n8n's own log lines (e.g. each node error) would only add noise.
process.env.N8N_LOG_LEVEL ??= 'silent';

export const core: typeof import('n8n-core') = require('n8n-core');
const coreDir = path.dirname(require.resolve('n8n-core'));

interface DiModule {
	Container: {
		get<T>(type: abstract new (...args: never[]) => T): T;
		set<T>(type: abstract new (...args: never[]) => T, instance: T): void;
	};
}
export const di: DiModule = require(require.resolve('@n8n/di', { paths: [coreDir] }));
const backendCommon = require(require.resolve('@n8n/backend-common', { paths: [coreDir] }));

/** n8n's logger class, from the copy n8n-core uses. */
export const LoggerClass: abstract new (...args: never[]) => unknown = backendCommon.Logger;
