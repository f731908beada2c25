/**
 * n8n's binary data service, set up as n8n sets it up: `filesystem` mode (n8n's default outside
 * queue mode: binaries live on disk and items carry only an id) or `default` mode (binaries kept
 * in memory, base64 in the item).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { removeWhenDone } from './cleanup';
import { core, di, LoggerClass } from './n8n-modules';

export type BinaryMode = 'filesystem' | 'memory';

export interface BinaryDataSetup {
	mode: BinaryMode;
	/** Folder holding the binaries in filesystem mode. */
	storagePath: string;
	/** The service itself (tests may watch which of its methods a node uses). */
	service: InstanceType<typeof core.BinaryDataService>;
	/** Errors n8n reported through its error reporter while handling binaries. */
	reportedErrors: unknown[];
	cleanup(): void;
}

let current: BinaryDataSetup | undefined;

/** Installs a fresh BinaryDataService in n8n's container; later executions use it. */
export async function useBinaryDataMode(mode: BinaryMode): Promise<BinaryDataSetup> {
	if (current?.mode === mode) return current;
	current?.cleanup();
	const storagePath = fs.mkdtempSync(path.join(os.tmpdir(), 'numero-n8n-binary-'));
	removeWhenDone(storagePath);
	const reportedErrors: unknown[] = [];
	const config = {
		mode: mode === 'filesystem' ? 'filesystem' : 'default',
		availableModes: ['filesystem'],
		localStoragePath: storagePath,
		signingSecret: 'numero-tests-binary-signing',
		dbMaxFileSize: 512,
	} as unknown as ConstructorParameters<typeof core.BinaryDataService>[0];
	const errorReporter = {
		error: (error: unknown) => reportedErrors.push(error),
	} as unknown as ConstructorParameters<typeof core.BinaryDataService>[1];
	const logger = di.Container.get(LoggerClass) as ConstructorParameters<
		typeof core.BinaryDataService
	>[2];
	const service = new core.BinaryDataService(config, errorReporter, logger);
	await service.init();
	di.Container.set(core.BinaryDataService, service);
	current = {
		mode,
		storagePath,
		service,
		reportedErrors,
		cleanup: () => fs.rmSync(storagePath, { recursive: true, force: true }),
	};
	return current;
}
