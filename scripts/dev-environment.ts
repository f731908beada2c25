/**
 * `npm start`: everything a workflow builder needs on one machine, offline. A numero sandbox, a real
 * n8n with this package installed and three example workflows active, the sandbox's webhook
 * endpoint calling the Numero Trigger, and a stand-in newsletter tool that prints what it receives.
 * With --queue, n8n runs in its queue mode, as publishers scale it: a main instance, two webhook
 * processes behind a load balancer and two workers, on their own PostgreSQL and Redis. Ctrl-C, or
 * SIGINT/SIGTERM to this process, stops everything it started.
 *
 *   npm start -- [--queue] [--n8n-port N] [--sandbox-port N]
 */
import { freePort } from './e2e/free-port';
import { startN8nEnvironment, type N8nEnvironment } from './e2e/n8n-environment';
import { startNewsletterStandIn, type NewsletterStandIn } from './e2e/newsletter-stand-in';
import { SandboxAdmin, type WebhookEndpoint } from './e2e/sandbox-admin';

interface Options {
	n8nPort: number;
	sandboxPort: number;
	queue: boolean;
}

function portFlag(name: string, value: string | undefined): number {
	const port = Number(value);
	if (value === undefined || !Number.isInteger(port) || port < 0 || port > 65535) {
		throw new Error(
			`${name}: a port from 0 to 65535, got ${value === undefined ? 'nothing' : JSON.stringify(value)}`,
		);
	}
	return port;
}

export function parseArgs(argv: string[]): Options & { help: boolean } {
	const options = { n8nPort: 5678, sandboxPort: 0, queue: false, help: false };
	for (let i = 0; i < argv.length; i += 1) {
		const [flag, inline] = argv[i]!.split(/=(.*)/s, 2);
		const value = (): string | undefined => inline ?? argv[++i];
		if (flag === '--n8n-port') options.n8nPort = portFlag(flag, value());
		else if (flag === '--sandbox-port') options.sandboxPort = portFlag(flag, value());
		else if (flag === '--queue' && inline === undefined) options.queue = true;
		else if (flag === '--help' || flag === '-h') options.help = true;
		else throw new Error(`Unknown option ${argv[i]}; use --queue, --n8n-port N, --sandbox-port N`);
	}
	return options;
}

/** Queue mode: each process, its address and PID, and what it does. */
function whatRunsWhere(env: N8nEnvironment): string[] {
	if (!env.queue) return [];
	const { postgres, redis, balancer, webhooks, workers } = env.queue;
	return [
		'queue mode     what runs where',
		`  main         ${env.n8n.url}  pid ${env.n8n.pid}  editor, REST API, the Local File Trigger, Test URLs  (log ${env.n8n.logFile})`,
		`  balancer     ${balancer.url}  production webhook URLs: sends each call to the next webhook process`,
		...webhooks.map(
			(process, index) =>
				`  webhook ${index + 1}    ${process.url}  pid ${process.pid}  receives webhooks, answers, queues executions  (log ${process.logFile})`,
		),
		...workers.map(
			(process, index) =>
				`  worker ${index + 1}     pid ${process.pid}  runs executions, 10 at a time  (log ${process.logFile})`,
		),
		`  PostgreSQL   127.0.0.1:${postgres.port}  pid ${postgres.pid}  n8n's database: workflows, executions, binary data, the trigger's event ids`,
		`  Redis        127.0.0.1:${redis.port}  pid ${redis.pid}  the execution queue`,
		'',
	];
}

/**
 * The Numero Trigger's Test URL (what 'Listen for test event' listens on: n8n's main, /webhook-test/),
 * registered as a second sandbox endpoint with the first one's signing secret, so that the saved
 * credential verifies its deliveries. While nobody listens, n8n answers it 404 and the sandbox logs a
 * failed delivery without retrying.
 */
export function triggerTestUrl(env: N8nEnvironment): string {
	return env.workflows.newsletter.triggerUrl.replace(
		/^https?:\/\/[^/]+\/webhook\//,
		`${env.n8n.url}/webhook-test/`,
	);
}

async function registerTestUrl(env: N8nEnvironment): Promise<WebhookEndpoint> {
	return new SandboxAdmin(env.sandbox).addWebhookEndpoint(
		triggerTestUrl(env),
		env.webhookEndpoint.events,
		env.webhookEndpoint.secret,
	);
}

function describe(
	env: N8nEnvironment,
	newsletter: NewsletterStandIn,
	testEndpoint: WebhookEndpoint,
): string {
	const { sandbox, n8n, workflows } = env;
	const sampleIssue = 'numero.press:gazette-2026-10';
	return [
		'',
		'numero development environment is running',
		'',
		`n8n            ${n8n.url}  (pid ${n8n.pid})`,
		`  sign in      ${n8n.owner.email} / ${n8n.owner.password}`,
		'  package      n8n-nodes-numero (this repository, built) with the Numero and Numero Trigger nodes',
		'  workflows    (active)',
		`    - ${workflows.dropFolder.name}`,
		`    - ${workflows.readingLink.name}: POST ${workflows.readingLink.url}`,
		`    - ${workflows.newsletter.name}: Numero Trigger at ${workflows.newsletter.triggerUrl}`,
		'',
		...whatRunsWhere(env),
		`numero sandbox ${sandbox.baseUrl}`,
		`  API key      ${sandbox.keys.full}  (lecture, liens, publication; saved in n8n as "Numero API (sandbox)")`,
		`  other keys   lecture ${sandbox.keys.lecture}, liens ${sandbox.keys.liens}, publication ${sandbox.keys.publication}`,
		`  admin        ${sandbox.adminUrl}  (Authorization: Bearer ${sandbox.adminToken})`,
		`  webhook      endpoint ${env.webhookEndpoint.id} sends numero.publie to the Numero Trigger;`,
		`               its signing secret is saved in n8n as "Numero Webhook API (sandbox endpoint)"`,
		`  test webhook endpoint ${testEndpoint.id} sends the same events to the trigger's Test URL`,
		`               ${testEndpoint.url} (same secret): click 'Listen for test event', then`,
		`               curl -s -X POST ${env.sandbox.adminUrl}/webhooks/${testEndpoint.id}/test -H 'Authorization: Bearer ${env.sandbox.adminToken}'`,
		`               (the endpoint's test button; switch on the trigger's Receive Test Events option), or publish an issue`,
		'',
		`Drop a PDF into ${env.dropFolder}`,
		'  → it is published as an issue of "La Gazette du Port" (the title is the file name)',
		'  → numero.publie reaches the Numero Trigger → the newsletter stand-in below prints the announcement.',
		'',
		'Ask for a reading link as a CRM would:',
		`  curl -s -X POST ${workflows.readingLink.url} -H 'content-type: application/json' \\`,
		`       -d '{"subscriber":"sub_1042","issue":"${sampleIssue}"}'`,
		'',
		`Newsletter stand-in: ${newsletter.url} (calls are printed here)`,
		`numero sandbox, newsletter stand-in and this launcher: pid ${process.pid}`,
		`n8n log: ${n8n.logFile}`,
		'',
		'Ctrl-C stops everything (the n8n data and the sandbox are discarded).',
		'',
	].join('\n');
}

async function main(): Promise<void> {
	let options: ReturnType<typeof parseArgs>;
	try {
		options = parseArgs(process.argv.slice(2));
	} catch (error) {
		process.stderr.write(`npm start: ${(error as Error).message}\n`);
		process.exit(2);
	}
	if (options.help) {
		process.stdout.write(
			'Usage: npm start -- [--queue (n8n in queue mode: main, 2 webhook processes, 2 workers, PostgreSQL, Redis)] [--n8n-port N (default 5678, or a free one)] [--sandbox-port N (default a free one)]\n',
		);
		return;
	}
	const say = (line: string) => process.stderr.write(`${line}\n`);
	const newsletter = await startNewsletterStandIn((call) =>
		say(`newsletter stand-in: ${call.method} ${call.path} ${JSON.stringify(call.body)}`),
	);
	let env: N8nEnvironment | undefined;
	let stopping: Promise<void> | undefined;
	const shutdown = (code: number) => {
		stopping ??= (async () => {
			say('Stopping n8n and the sandbox…');
			await env?.stop();
			await newsletter.close();
			process.exit(code);
		})();
	};
	process.on('SIGINT', () => shutdown(0));
	process.on('SIGTERM', () => shutdown(0));

	try {
		const n8nPort = await freePort(options.n8nPort);
		if (options.n8nPort !== 0 && n8nPort !== options.n8nPort)
			say(`Port ${options.n8nPort} is taken: n8n gets ${n8nPort}.`);
		env = await startN8nEnvironment({
			n8nPort,
			sandbox: { port: options.sandboxPort, log: say },
			newsletterUrl: newsletter.url,
			log: say,
			...(options.queue ? { queue: { webhookProcesses: 2, workers: 2 } } : {}),
		});
	} catch (error) {
		say(`npm start: ${(error as Error).message}`);
		await newsletter.close();
		process.exit(1);
	}
	if (stopping) return;
	const testEndpoint = await registerTestUrl(env);
	process.stdout.write(describe(env, newsletter, testEndpoint));
}

if (require.main === module) void main();
