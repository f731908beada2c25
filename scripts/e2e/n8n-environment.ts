/**
 * A real n8n with this package installed, next to a numero sandbox, with the three workflows our
 * users build imported and active, and the sandbox's webhook endpoint calling the Numero Trigger.
 * Used by the end-to-end suite (test/e2e) and by `npm start` (scripts/dev-environment.ts).
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox';
import { freePort } from './free-port';
import { ensureN8nInstalled } from './n8n-install';
import {
	logTail,
	runN8nCommand,
	startN8nProcess,
	type N8nRole,
	type N8nSetup,
	type RunningN8n,
} from './n8n-process';
import { N8nRest, type OwnerAccount } from './n8n-rest';
import {
	ensureQueueServicesInstalled,
	startPostgres,
	startRedis,
	type PostgresService,
	type RunningService,
} from './queue-services';
import { SandboxAdmin, type WebhookEndpoint } from './sandbox-admin';
import { stagePackage } from './stage-package';
import { startWebhookBalancer, type WebhookBalancer } from './webhook-balancer';
import {
	crmReadingLink,
	dropFolderToIssue,
	DROP_FOLDER_WORKFLOW_ID,
	NEWSLETTER_WORKFLOW_ID,
	newsletterTriggerUrl,
	NUMERO_API_CREDENTIAL,
	NUMERO_WEBHOOK_CREDENTIAL,
	publishedToNewsletter,
	READING_LINK_PATH,
	READING_LINK_WORKFLOW_ID,
	type WorkflowJson,
} from './workflows';

/** The seeded periodical of the sandbox's main account the drop folder publishes into. */
const PERIODICAL = 'gazette';
const WEBHOOK_EVENTS = ['numero.publie'];

export interface N8nEnvironmentOptions {
	/** Where everything lives (n8n's user folder, the drop folder, logs). Default: a new temp folder, removed by stop(). */
	root?: string;
	/** n8n's port; default a free one. */
	n8nPort?: number;
	sandbox?: SandboxOptions;
	/** Where the newsletter workflow posts (a NewsletterStandIn's url). */
	newsletterUrl: string;
	/** The address the sandbox's webhook endpoint calls, given the trigger's production URL. Default: that URL. */
	webhookTarget?: (triggerUrl: string) => string;
	/** Progress lines. */
	log?: (line: string) => void;
	/** n8n's queue mode: one main, webhook processes behind a load balancer, workers, PostgreSQL and Redis. */
	queue?: QueueOptions;
	/**
	 * More credentials and workflows imported and published with the three (the MCP tools workflow of
	 * examples/, the benchmarks' baselines), given the sandbox endpoint's signing secret and the origin
	 * webhook callers use.
	 */
	extraWorkflows?: (context: ExtraWorkflowContext) => {
		credentials?: unknown[];
		workflows: WorkflowJson[];
	};
}

export interface ExtraWorkflowContext {
	/** The sandbox webhook endpoint's signing secret (what the Numero Webhook API credential holds). */
	webhookSecret: string;
	/** Where webhook callers go: the load balancer in queue mode, n8n itself otherwise. */
	webhookOrigin: string;
}

export interface QueueOptions {
	/** `n8n webhook` processes; default 2. */
	webhookProcesses?: number;
	/** `n8n worker` processes; default 2. */
	workers?: number;
}

/** What runs where in queue mode. */
export interface QueueDeployment {
	postgres: PostgresService;
	redis: RunningService;
	/** In front of the webhook processes: the production webhook URLs point here. */
	balancer: WebhookBalancer;
	webhooks: RunningN8n[];
	workers: RunningN8n[];
	/** Starts one more worker (e.g. to replace one that was killed). */
	addWorker(): Promise<RunningN8n>;
}

export interface N8nEnvironment {
	root: string;
	sandbox: RunningSandbox;
	n8n: {
		url: string;
		/** The main process's PID (it changes when restartN8n() restarts it). */
		readonly pid: number;
		owner: OwnerAccount;
		/** Signed in as the owner. */
		rest: N8nRest;
		logFile: string;
		setup: N8nSetup;
	};
	/** A PDF copied here is published as an issue. */
	dropFolder: string;
	workflows: {
		dropFolder: { id: string; name: string };
		readingLink: { id: string; name: string; url: string };
		newsletter: { id: string; name: string; triggerUrl: string };
	};
	/** The sandbox's webhook endpoint that calls the trigger. */
	webhookEndpoint: WebhookEndpoint;
	/** Set in queue mode. */
	queue?: QueueDeployment;
	/** Stops n8n and starts it again on the same data (as after an upgrade or a crash), signed in again. */
	restartN8n(): Promise<void>;
	stop(): Promise<void>;
}

function newOwner(): OwnerAccount {
	// n8n wants 8+ characters with a digit and a capital letter.
	return {
		email: 'builder@numero.test',
		password: `Numero-${randomBytes(9).toString('base64url')}-7Q`,
		firstName: 'Workflow',
		lastName: 'Builder',
	};
}

function writeJson(file: string, value: unknown): string {
	fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
	return file;
}

/** Polls until n8n reports every workflow active, or throws with n8n's activation errors. */
async function expectActive(
	rest: N8nRest,
	workflowIds: string[],
	setup: N8nSetup,
	withinMs = 60_000,
): Promise<void> {
	const deadline = Date.now() + withinMs;
	for (;;) {
		const active = new Set(await rest.activeWorkflowIds());
		const missing = workflowIds.filter((id) => !active.has(id));
		if (missing.length === 0) return;
		if (Date.now() > deadline) {
			const reasons = await Promise.all(
				missing.map(
					async (id) =>
						`${id}: ${(await rest.activationError(id)) ?? 'not active, no error reported'}`,
				),
			);
			throw new Error(
				`n8n did not activate every workflow:\n${reasons.join('\n')}\nn8n log (${setup.logFile}):\n${logTail(setup)}`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

export async function startN8nEnvironment(options: N8nEnvironmentOptions): Promise<N8nEnvironment> {
	const log = options.log ?? (() => undefined);
	const ownRoot = options.root === undefined;
	// realpath: n8n refuses file paths that go through a symbolic link (macOS's /tmp is one).
	const root = fs.realpathSync(
		options.root ?? fs.mkdtempSync(path.join(os.tmpdir(), 'numero-n8n-env-')),
	);
	const dropFolder = path.join(root, 'drop');
	const userFolder = path.join(root, 'n8n');
	const importFolder = path.join(root, 'import');
	for (const folder of [dropFolder, userFolder, importFolder])
		fs.mkdirSync(folder, { recursive: true });

	const cleanups: Array<() => Promise<void>> = [];
	const stop = async (): Promise<void> => {
		for (const cleanup of cleanups.splice(0).reverse()) {
			await cleanup().catch((error: unknown) => log(`cleanup: ${(error as Error).message}`));
		}
		if (ownRoot) fs.rmSync(root, { recursive: true, force: true });
	};

	try {
		log('Checking the cached n8n install (scripts/e2e/install-n8n.sh)…');
		const installFolder = ensureN8nInstalled();

		const sandbox = await startSandbox(options.sandbox ?? {});
		cleanups.push(() => sandbox.close());
		log(`numero sandbox at ${sandbox.baseUrl}`);

		const port = options.n8nPort ?? (await freePort());
		const setup: N8nSetup = {
			installFolder,
			userFolder,
			port,
			brokerPort: await freePort(),
			encryptionKey: randomBytes(24).toString('hex'),
			filesFolder: dropFolder,
			logFile: path.join(root, 'n8n.log'),
		};
		const n8nUrl = `http://127.0.0.1:${port}`;
		let balancer: WebhookBalancer | undefined;
		let postgres: PostgresService | undefined;
		let redis: RunningService | undefined;
		if (options.queue) {
			log('Starting PostgreSQL and Redis for queue mode (scripts/e2e/install-queue-services.sh)…');
			const postgresBin = ensureQueueServicesInstalled();
			postgres = await startPostgres(postgresBin, path.join(root, 'postgres.log'));
			cleanups.push(postgres.stop);
			redis = await startRedis(path.join(root, 'redis.log'));
			cleanups.push(redis.stop);
			balancer = await startWebhookBalancer();
			cleanups.push(balancer.close);
			setup.queue = { postgres, redis: { port: redis.port }, webhookUrl: balancer.url };
			log(
				`PostgreSQL on port ${postgres.port}, Redis on port ${redis.port}, webhook load balancer at ${balancer.url}`,
			);
		}
		// The origin numero and the CRM call: the load balancer in queue mode, n8n itself otherwise.
		const webhookOrigin = balancer?.url ?? n8nUrl;
		const triggerUrl = newsletterTriggerUrl(webhookOrigin);

		const endpoint = await new SandboxAdmin(sandbox).addWebhookEndpoint(
			(options.webhookTarget ?? ((url) => url))(triggerUrl),
			WEBHOOK_EVENTS,
		);

		log('Installing the built package into n8n (npm pack)…');
		stagePackage(userFolder);

		const extra = options.extraWorkflows?.({ webhookSecret: endpoint.secret, webhookOrigin });
		const credentials: unknown[] = [
			{
				...NUMERO_API_CREDENTIAL,
				type: 'numeroApi',
				data: { apiKey: sandbox.keys.full, baseUrl: sandbox.baseUrl },
			},
			{
				...NUMERO_WEBHOOK_CREDENTIAL,
				type: 'numeroWebhookApi',
				data: { signingSecrets: endpoint.secret },
			},
			...(extra?.credentials ?? []),
		];
		const workflows: WorkflowJson[] = [
			dropFolderToIssue({ dropFolder, periodical: PERIODICAL }),
			crmReadingLink(),
			publishedToNewsletter({ newsletterUrl: options.newsletterUrl }),
			...(extra?.workflows ?? []),
		];
		log('Importing credentials and workflows, publishing the workflows (n8n CLI)…');
		await runN8nCommand(setup, [
			'import:credentials',
			`--input=${writeJson(path.join(importFolder, 'credentials.json'), credentials)}`,
		]);
		await runN8nCommand(setup, [
			'import:workflow',
			`--input=${writeJson(path.join(importFolder, 'workflows.json'), workflows)}`,
		]);
		// The credentials file holds the sandbox key and the signing secret in clear: n8n has them now.
		fs.rmSync(path.join(importFolder, 'credentials.json'));
		for (const workflow of workflows)
			await runN8nCommand(setup, ['publish:workflow', `--id=${workflow.id}`]);

		log(`Starting n8n on ${n8nUrl}…`);
		let n8n: RunningN8n = await startN8nProcess(setup, 'main', setup, setup.logFile);
		cleanups.push(() => n8n.stop());

		// Queue mode: webhook processes and workers, each on its own ports and log, stopped before the main.
		const queueProcesses: Record<Exclude<N8nRole, 'main'>, RunningN8n[]> = {
			webhook: [],
			worker: [],
		};
		const started: Record<Exclude<N8nRole, 'main'>, number> = { webhook: 0, worker: 0 };
		const startRole = async (role: Exclude<N8nRole, 'main'>): Promise<RunningN8n> => {
			// Numbered when asked for (several start at once), so each process has its own log.
			const index = (started[role] += 1);
			const ports = { port: await freePort(), brokerPort: await freePort() };
			const running = await startN8nProcess(
				setup,
				role,
				ports,
				path.join(root, `n8n-${role}-${index}.log`),
			);
			queueProcesses[role].push(running);
			return running;
		};
		const startQueueProcesses = async (): Promise<void> => {
			if (!options.queue) return;
			const roles: Array<Exclude<N8nRole, 'main'>> = [
				...Array<'webhook'>(options.queue.webhookProcesses ?? 2).fill('webhook'),
				...Array<'worker'>(options.queue.workers ?? 2).fill('worker'),
			];
			log(`Starting ${roles.length} queue-mode processes (${roles.join(', ')})…`);
			await Promise.all(roles.map(startRole));
			balancer!.setTargets(queueProcesses.webhook.map((process) => process.url));
		};
		const stopQueueProcesses = async (): Promise<void> => {
			const running = [...queueProcesses.webhook.splice(0), ...queueProcesses.worker.splice(0)];
			await Promise.all(running.map((process) => process.stop()));
		};
		cleanups.push(stopQueueProcesses);
		await startQueueProcesses();

		const owner = newOwner();
		const rest = new N8nRest(n8n.url, installFolder);
		await rest.setupOwner(owner);
		const workflowIds = workflows.map((workflow) => workflow.id);
		await expectActive(rest, workflowIds, setup);

		const restartN8n = async (): Promise<void> => {
			await stopQueueProcesses();
			await n8n.stop();
			n8n = await startN8nProcess(setup, 'main', setup, setup.logFile);
			await startQueueProcesses();
			await rest.login(owner);
			await expectActive(rest, workflowIds, setup);
		};

		const named = (id: string) => ({
			id,
			name: workflows.find((workflow) => workflow.id === id)!.name,
		});
		return {
			root,
			sandbox,
			n8n: {
				url: n8n.url,
				get pid() {
					return n8n.pid;
				},
				owner,
				rest,
				logFile: setup.logFile,
				setup,
			},
			dropFolder,
			workflows: {
				dropFolder: named(DROP_FOLDER_WORKFLOW_ID),
				readingLink: {
					...named(READING_LINK_WORKFLOW_ID),
					url: `${webhookOrigin}/webhook/${READING_LINK_PATH}`,
				},
				newsletter: { ...named(NEWSLETTER_WORKFLOW_ID), triggerUrl },
			},
			webhookEndpoint: endpoint,
			...(options.queue
				? {
						queue: {
							postgres: postgres!,
							redis: redis!,
							balancer: balancer!,
							webhooks: queueProcesses.webhook,
							workers: queueProcesses.worker,
							addWorker: () => startRole('worker'),
						},
					}
				: {}),
			restartN8n,
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}
