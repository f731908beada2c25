/**
 * A real n8n (the cached 2.40.7 of scripts/e2e) with this package installed from its npm tarball and
 * two webhook-started workflows doing the same 1,000 link creations: one with the Numero node, one
 * with n8n's HTTP Request node. Built from the e2e environment's parts (install, staging, CLI import
 * and publish, server, REST); the sandbox runs in its own process.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort } from '../scripts/e2e/free-port';
import { ensureN8nInstalled } from '../scripts/e2e/n8n-install';
import {
	runN8nCommand,
	startN8nServer,
	type N8nSetup,
	type RunningN8n,
} from '../scripts/e2e/n8n-process';
import { N8nRest, type OwnerAccount } from '../scripts/e2e/n8n-rest';
import { stagePackage } from '../scripts/e2e/stage-package';
import {
	chain,
	NUMERO_API_CREDENTIAL,
	NUMERO_NODE,
	type WorkflowJson,
} from '../scripts/e2e/workflows/workflow-json';
import { PACKAGE_NAME, PACKAGE_VERSION } from '../shared';
import type { SandboxProcess } from './sandbox-process';

export const ITEMS = 1000;
const ISSUE_ID = 'numero.press:gazette-2026-10';
const HEADER_AUTH_CREDENTIAL = { id: 'numeroBenchHeader', name: 'Numero key as a header (bench)' };
/** What the Numero node sends (nodes/Numero/transport/user-agent.ts); the HTTP Request node sends the same. */
const USER_AGENT = `${PACKAGE_NAME}/${PACKAGE_VERSION} (n8n)`;

export interface BenchWorkflow {
	id: string;
	/** Production webhook address that runs it and answers when it has finished. */
	url: string;
	/** The node whose run is measured. */
	node: string;
}

export interface NodeRun {
	executionTimeMs: number;
	items: Array<Record<string, unknown>>;
}

export interface N8nBench {
	numero: BenchWorkflow;
	httpRequest: BenchWorkflow;
	/** The measured node's run in the workflow's newest execution. */
	lastRun(workflow: BenchWorkflow): Promise<NodeRun>;
	stop(): Promise<void>;
}

/** Webhook → Code making ITEMS items (issue id, a subscriber reference, an idempotency key) → `last`. */
function linkWorkflow(
	id: string,
	name: string,
	path: string,
	last: Omit<WorkflowJson['nodes'][number], 'position' | 'id'>,
): WorkflowJson {
	return chain(id, name, [
		{
			id: `${id}-webhook`,
			name: 'Start',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2.1,
			webhookId: `${id}-webhook-id`,
			parameters: {
				httpMethod: 'POST',
				path,
				responseMode: 'lastNode',
				responseData: 'noData',
				options: {},
			},
		},
		{
			id: `${id}-code`,
			name: 'Subscribers',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			parameters: {
				jsCode: `return Array.from({ length: ${ITEMS} }, (_, i) => ({ json: { id: '${ISSUE_ID}', reference: 'n8n-' + $execution.id + '-' + i, key: 'lnk_' + $execution.id + '_' + i } }));`,
			},
		},
		{ id: `${id}-last`, ...last },
	]);
}

function benchWorkflows(baseUrl: string): WorkflowJson[] {
	return [
		linkWorkflow('benchNumeroLinks', 'Bench: Numero node, Link → Create', 'bench-numero-links', {
			name: 'Numero Create Link',
			type: NUMERO_NODE,
			typeVersion: 1,
			parameters: {
				resource: 'link',
				operation: 'create',
				issueId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				reference: '={{ $json.reference }}',
				additionalFields: { days: 30 },
				options: {},
			},
			credentials: { numeroApi: NUMERO_API_CREDENTIAL },
		}),
		linkWorkflow('benchHttpLinks', 'Bench: HTTP Request node, POST /liens', 'bench-http-links', {
			name: 'HTTP Create Link',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.5,
			parameters: {
				method: 'POST',
				url: `${baseUrl}/liens`,
				authentication: 'genericCredentialType',
				genericAuthType: 'httpHeaderAuth',
				sendHeaders: true,
				headerParameters: {
					parameters: [
						{ name: 'User-Agent', value: USER_AGENT },
						{ name: 'Accept', value: 'application/json' },
						{ name: 'Idempotency-Key', value: '={{ $json.key }}' },
					],
				},
				sendBody: true,
				contentType: 'json',
				specifyBody: 'json',
				jsonBody: '={{ JSON.stringify({ id: $json.id, jours: 30, reference: $json.reference }) }}',
				options: {},
			},
			credentials: { httpHeaderAuth: HEADER_AUTH_CREDENTIAL },
		}),
	];
}

interface StoredTask {
	executionTime?: number;
	data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> };
}

/** Reads executions' run data (per-node executionTime) with its own session; n8n stores it with `flatted`. */
async function runDataReader(url: string, owner: OwnerAccount, installFolder: string) {
	const parse = (
		createRequire(path.join(installFolder, 'node_modules', 'n8n', 'package.json'))('flatted') as {
			parse(text: string): unknown;
		}
	).parse;
	const login = await fetch(`${url}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ emailOrLdapLoginId: owner.email, password: owner.password }),
	});
	const cookie = login.headers
		.getSetCookie()
		.find((c) => c.startsWith('n8n-auth='))
		?.split(';')[0];
	if (!login.ok || !cookie) throw new Error(`n8n login answered ${login.status}`);
	return async (executionId: string): Promise<Record<string, StoredTask[]>> => {
		const response = await fetch(`${url}/rest/executions/${encodeURIComponent(executionId)}`, {
			headers: { cookie, accept: 'application/json' },
		});
		if (!response.ok)
			throw new Error(`n8n GET /rest/executions/${executionId} answered ${response.status}`);
		const stored = ((await response.json()) as { data: { data: string } }).data;
		const data = parse(stored.data) as {
			resultData?: { runData?: Record<string, StoredTask[]>; error?: { message?: string } };
		};
		if (data.resultData?.error)
			throw new Error(`execution ${executionId} failed: ${data.resultData.error.message}`);
		return data.resultData?.runData ?? {};
	};
}

/** `startServer` is n8n-process's startN8nServer unless a caller needs n8n run differently (bench/profile-n8n.ts). */
export async function startN8nBench(
	sandbox: SandboxProcess,
	log: (line: string) => void,
	startServer: (setup: N8nSetup) => Promise<RunningN8n> = startN8nServer,
): Promise<N8nBench> {
	const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'numero-bench-n8n-')));
	let n8n: RunningN8n | undefined;
	const stop = async (): Promise<void> => {
		await n8n?.stop();
		fs.rmSync(root, { recursive: true, force: true });
	};
	try {
		log('n8n: checking the cached install (scripts/e2e/install-n8n.sh)…');
		const installFolder = ensureN8nInstalled();
		const userFolder = path.join(root, 'n8n');
		const filesFolder = path.join(root, 'files');
		for (const folder of [userFolder, filesFolder]) fs.mkdirSync(folder, { recursive: true });
		const setup: N8nSetup = {
			installFolder,
			userFolder,
			port: await freePort(),
			brokerPort: await freePort(),
			encryptionKey: randomBytes(24).toString('hex'),
			filesFolder,
			logFile: path.join(root, 'n8n.log'),
		};
		stagePackage(userFolder);
		const credentials = [
			{
				...NUMERO_API_CREDENTIAL,
				type: 'numeroApi',
				data: { apiKey: sandbox.keys.full, baseUrl: sandbox.baseUrl },
			},
			{
				...HEADER_AUTH_CREDENTIAL,
				type: 'httpHeaderAuth',
				data: { name: 'Authorization', value: `Bearer ${sandbox.keys.full}` },
			},
		];
		const workflows = benchWorkflows(sandbox.baseUrl);
		const credentialsFile = path.join(root, 'credentials.json');
		const workflowsFile = path.join(root, 'workflows.json');
		fs.writeFileSync(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });
		fs.writeFileSync(workflowsFile, JSON.stringify(workflows));
		log('n8n: importing the credentials and the two workflows, publishing them (n8n CLI)…');
		await runN8nCommand(setup, ['import:credentials', `--input=${credentialsFile}`]);
		fs.rmSync(credentialsFile);
		await runN8nCommand(setup, ['import:workflow', `--input=${workflowsFile}`]);
		for (const workflow of workflows)
			await runN8nCommand(setup, ['publish:workflow', `--id=${workflow.id}`]);
		log('n8n: starting…');
		n8n = await startServer(setup);
		const owner: OwnerAccount = {
			email: 'bench@numero.test',
			password: `Bench-${randomBytes(9).toString('base64url')}-7Q`,
			firstName: 'Bench',
			lastName: 'Runner',
		};
		const rest = new N8nRest(n8n.url, installFolder);
		await rest.setupOwner(owner);
		const runData = await runDataReader(n8n.url, owner, installFolder);
		// n8n registers the published workflows' webhooks shortly after it reports ready.
		for (const deadline = Date.now() + 60_000; ; ) {
			const active = new Set(await rest.activeWorkflowIds());
			const inactive = workflows.filter((w) => !active.has(w.id));
			if (inactive.length === 0) break;
			if (Date.now() > deadline)
				throw new Error(
					`n8n did not activate ${inactive.map((w) => w.id).join(', ')}: ${await rest.activationError(inactive[0]!.id)}`,
				);
			await new Promise((resolve) => setTimeout(resolve, 250));
		}

		const url = n8n.url;
		const workflow = (index: number): BenchWorkflow => {
			const json = workflows[index]!;
			const start = json.nodes[0]!;
			return {
				id: json.id,
				url: `${url}/webhook/${start.parameters.path as string}`,
				node: json.nodes[2]!.name,
			};
		};
		return {
			numero: workflow(0),
			httpRequest: workflow(1),
			lastRun: async (bench) => {
				const [newest] = await rest.executions(bench.id);
				if (!newest) throw new Error(`no execution of ${bench.id}`);
				const task = (await runData(newest.id))[bench.node]?.[0];
				if (!task || task.executionTime === undefined)
					throw new Error(`execution ${newest.id} has no run of ${bench.node}`);
				return {
					executionTimeMs: task.executionTime,
					items: (task.data?.main?.[0] ?? []).map((item) => item.json),
				};
			},
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}
