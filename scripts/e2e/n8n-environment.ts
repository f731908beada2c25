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
	startN8nServer,
	type N8nSetup,
	type RunningN8n,
} from './n8n-process';
import { N8nRest, type OwnerAccount } from './n8n-rest';
import { SandboxAdmin, type WebhookEndpoint } from './sandbox-admin';
import { stagePackage } from './stage-package';
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
}

export interface N8nEnvironment {
	root: string;
	sandbox: RunningSandbox;
	n8n: {
		url: string;
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
		const triggerUrl = newsletterTriggerUrl(n8nUrl);

		const endpoint = await new SandboxAdmin(sandbox).addWebhookEndpoint(
			(options.webhookTarget ?? ((url) => url))(triggerUrl),
			WEBHOOK_EVENTS,
		);

		log('Installing the built package into n8n (npm pack)…');
		stagePackage(userFolder);

		const credentials = [
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
		];
		const workflows: WorkflowJson[] = [
			dropFolderToIssue({ dropFolder, periodical: PERIODICAL }),
			crmReadingLink(),
			publishedToNewsletter({ newsletterUrl: options.newsletterUrl }),
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
		let n8n: RunningN8n = await startN8nServer(setup);
		cleanups.push(() => n8n.stop());

		const owner = newOwner();
		const rest = new N8nRest(n8n.url, installFolder);
		await rest.setupOwner(owner);
		const workflowIds = workflows.map((workflow) => workflow.id);
		await expectActive(rest, workflowIds, setup);

		const restartN8n = async (): Promise<void> => {
			await n8n.stop();
			n8n = await startN8nServer(setup);
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
			n8n: { url: n8n.url, owner, rest, logFile: setup.logFile, setup },
			dropFolder,
			workflows: {
				dropFolder: named(DROP_FOLDER_WORKFLOW_ID),
				readingLink: {
					...named(READING_LINK_WORKFLOW_ID),
					url: `${n8n.url}/webhook/${READING_LINK_PATH}`,
				},
				newsletter: { ...named(NEWSLETTER_WORKFLOW_ID), triggerUrl },
			},
			webhookEndpoint: endpoint,
			restartN8n,
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}
