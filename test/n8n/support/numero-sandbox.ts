/** A sandbox for the n8n tests, with the Numero API credential data and small helpers around it. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { INodeParameters } from 'n8n-workflow';

import { startSandbox, type RunningSandbox, type SandboxKeys } from '../../../sandbox';
import { samplePdf } from '../../../sandbox/reader/sample-files';
import { runNode, type NodeRunResult, type RunNodeOptions, type TestItem } from '../harness';

export const NUMERO_NODE_TYPE = 'n8n-nodes-numero.numero';

export interface NumeroTestContext {
	sandbox: RunningSandbox;
	/** Credential data for a key of the sandbox (default the key with every permission). */
	credentials(key?: keyof SandboxKeys): { numeroApi: { apiKey: string; baseUrl: string } };
	/** Runs the Numero node once with these parameters after a Test Items node feeding `input`. */
	run(
		parameters: INodeParameters,
		options?: Partial<Omit<RunNodeOptions, 'node'>> & NodeExtras,
	): Promise<NodeRunResult>;
	admin<T = unknown>(method: string, pathname: string, body?: unknown): Promise<T>;
	/** A PDF written to a temporary file (for filesystem-mode binaries, streamed from disk). */
	pdfFile(title: string, pages?: number): { filePath: string; bytes: Buffer };
	close(): Promise<void>;
}

interface NodeExtras {
	key?: keyof SandboxKeys;
	continueOnFail?: boolean;
	input?: TestItem[];
}

export async function startNumeroSandbox(): Promise<NumeroTestContext> {
	const sandbox = await startSandbox({ rateLimit: 0 });
	const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'numero-n8n-files-'));
	let fileCount = 0;
	const credentials = (key: keyof SandboxKeys = 'full') => ({
		numeroApi: { apiKey: sandbox.keys[key], baseUrl: sandbox.baseUrl },
	});
	return {
		sandbox,
		credentials,
		run: (parameters, { key, continueOnFail, input, ...rest } = {}) =>
			runNode({
				credentials: credentials(key),
				input,
				...rest,
				node: {
					type: NUMERO_NODE_TYPE,
					parameters,
					...(continueOnFail ? { continueOnFail: true } : {}),
				},
			}),
		admin: async <T>(method: string, pathname: string, body?: unknown): Promise<T> => {
			const response = await fetch(`${sandbox.adminUrl}${pathname}`, {
				method,
				headers: {
					Authorization: `Bearer ${sandbox.adminToken}`,
					'Content-Type': 'application/json',
				},
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			const text = await response.text();
			if (response.status >= 300)
				throw new Error(`admin ${method} ${pathname}: HTTP ${response.status} ${text}`);
			return (text ? JSON.parse(text) : undefined) as T;
		},
		pdfFile: (title, pages = 2) => {
			const bytes = samplePdf(title, pages);
			const filePath = path.join(tempDir, `issue-${++fileCount}.pdf`);
			fs.writeFileSync(filePath, bytes);
			return { filePath, bytes };
		},
		close: async () => {
			await sandbox.close();
			fs.rmSync(tempDir, { recursive: true, force: true });
		},
	};
}
