/** startSandbox(): a faithful local numero service on loopback, for tests and workflow builders. */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { RATE_LIMIT_PER_MINUTE, WEBHOOK_TIMEOUT_SECONDS } from '../shared/api-limits';
import type { SandboxApp } from './app';
import { SandboxClock } from './clock';
import { releaseDueIssues } from './issue-lifecycle';
import type { SandboxRuntime } from './runtime';
import { API_BASE } from './openapi';
import { apiRequestHandler } from './server/api-server';
import { FaultInjector } from './server/faults';
import { IdempotencyStore } from './server/idempotency';
import { RateLimiter } from './server/rate-limit';
import { RequestCounter, UploadRequestLog } from './server/request-log';
import { defaultKeys, seed } from './seed';
import { Store, type SandboxKeys } from './store';
import { FileStore } from './uploads/file-store';
import { uploadRequestHandler } from './uploads/upload-server';
import { WebhookDispatcher } from './webhooks/dispatcher';
import { EndpointRegistry } from './webhooks/endpoints';

export type { SandboxKeys } from './store';

export interface SandboxOptions {
	/** 0 (default): a random free port. */
	port?: number;
	host?: string;
	/** Calls per minute per key; 0 turns the limit off. Default 300. */
	rateLimit?: number;
	/** Sandbox seconds per real second. Default 1. */
	timeScale?: number;
	/** Recognisable keys instead of random ones. */
	keys?: Partial<SandboxKeys>;
	/** Where uploaded files go; default a new temp folder, removed on close. */
	dataDir?: string;
	/** 'enforce': every JSON answer is checked against openapi.json. Default: env NUMERO_SANDBOX_CONTRACT, else 'off'. */
	contract?: 'enforce' | 'off';
	log?: (line: string) => void;
	/** Time a webhook receiver has to answer. Default 4000. */
	webhookTimeoutMs?: number;
}

export interface RunningSandbox {
	/** `http://HOST:PORT/v1` */
	baseUrl: string;
	/** `http://HOST:PORT/admin` */
	adminUrl: string;
	adminToken: string;
	keys: SandboxKeys;
	/** `http://HOST:PORT2`, where upload addresses point. */
	uploadOrigin: string;
	/** `http://HOST:PORT`: public pages, reader links, /docs/openapi.json. */
	origin: string;
	close(): Promise<void>;
}

const TICK_MS = 100;

function listen(server: Server, port: number, host: string): Promise<number> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			server.off('error', reject);
			resolve((server.address() as AddressInfo).port);
		});
	});
}

function stop(server: Server): Promise<void> {
	return new Promise((resolve) => {
		server.close(() => resolve());
		server.closeAllConnections();
	});
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
	const host = options.host ?? '127.0.0.1';
	if (
		options.rateLimit !== undefined &&
		(!Number.isInteger(options.rateLimit) || options.rateLimit < 0)
	) {
		throw new Error('rateLimit: an integer >= 0 (calls per minute per key; 0 = off)');
	}
	const clock = new SandboxClock(options.timeScale ?? 1);
	const ownDataDir = options.dataDir === undefined;
	const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'numero-sandbox-')));
	const keys: SandboxKeys = { ...defaultKeys(), ...options.keys };
	const rateLimiter = new RateLimiter(clock, options.rateLimit ?? RATE_LIMIT_PER_MINUTE);
	const contractMode =
		options.contract ?? (process.env.NUMERO_SANDBOX_CONTRACT === 'enforce' ? 'enforce' : 'off');

	const app: SandboxApp = {
		store: new Store(),
		clock,
		urls: { origin: '', uploadOrigin: '' },
		secrets: { links: randomBytes(32).toString('hex'), uploads: randomBytes(32).toString('hex') },
		files: new FileStore(dataDir),
		events: { emit: () => undefined },
		log: options.log ?? (() => undefined),
		rateLimitPerMinute: () => rateLimiter.perMinute,
	};
	const webhooks = new WebhookDispatcher(
		app,
		new EndpointRegistry(),
		options.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_SECONDS * 1000,
	);
	app.events = webhooks;
	const idempotency = new IdempotencyStore(clock);

	const runDue = (): void => {
		releaseDueIssues(app);
		webhooks.runDueRetries();
		idempotency.sweep();
	};
	const rt: SandboxRuntime = {
		app,
		adminToken: `adm_${randomBytes(16).toString('hex')}`,
		keys,
		rateLimiter,
		idempotency,
		faults: new FaultInjector(),
		requests: new RequestCounter(),
		uploadRequests: new UploadRequestLog(),
		// ajv is loaded only when the contract is enforced.
		contract:
			contractMode === 'enforce'
				? new (await import('./contract/contract-checker')).ContractChecker({
						rateLimited: () => rateLimiter.enabled,
					})
				: null,
		webhooks,
		tick: async () => {
			runDue();
			await webhooks.settle();
			// Deliveries that failed while settling may have scheduled retries already due.
			runDue();
			await webhooks.settle();
		},
	};

	const apiServer = createServer(apiRequestHandler(rt));
	const uploadServer = createServer(uploadRequestHandler(rt));
	const displayHost = host.includes(':') ? `[${host}]` : host;
	try {
		const apiPort = await listen(apiServer, options.port ?? 0, host);
		const uploadPort = await listen(uploadServer, 0, host);
		app.urls.origin = `http://${displayHost}:${apiPort}`;
		app.urls.uploadOrigin = `http://${displayHost}:${uploadPort}`;
		await seed(app, keys);
	} catch (error) {
		await Promise.all([stop(apiServer), stop(uploadServer)]);
		if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
		throw error;
	}
	const ticker = setInterval(runDue, TICK_MS);
	ticker.unref();

	let closing: Promise<void> | undefined;
	return {
		baseUrl: `${app.urls.origin}${API_BASE}`,
		adminUrl: `${app.urls.origin}/admin`,
		adminToken: rt.adminToken,
		keys,
		uploadOrigin: app.urls.uploadOrigin,
		origin: app.urls.origin,
		close: () => {
			closing ??= (async () => {
				clearInterval(ticker);
				webhooks.close();
				await Promise.all([stop(apiServer), stop(uploadServer)]);
				await webhooks.settle();
				if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
			})();
			return closing;
		},
	};
}
