/**
 * `npm start`: everything a workflow builder needs on one machine, offline. A numero sandbox, a real
 * n8n with this package installed and three example workflows active, the sandbox's webhook
 * endpoint calling the Numero Trigger, and a stand-in newsletter tool that prints what it receives.
 * Ctrl-C stops it all.
 *
 *   npm start -- [--n8n-port N] [--sandbox-port N]
 */
import { freePort } from './e2e/free-port';
import { startN8nEnvironment, type N8nEnvironment } from './e2e/n8n-environment';
import { startNewsletterStandIn, type NewsletterStandIn } from './e2e/newsletter-stand-in';

interface Options {
	n8nPort: number;
	sandboxPort: number;
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
	const options = { n8nPort: 5678, sandboxPort: 0, help: false };
	for (let i = 0; i < argv.length; i += 1) {
		const [flag, inline] = argv[i]!.split(/=(.*)/s, 2);
		const value = (): string | undefined => inline ?? argv[++i];
		if (flag === '--n8n-port') options.n8nPort = portFlag(flag, value());
		else if (flag === '--sandbox-port') options.sandboxPort = portFlag(flag, value());
		else if (flag === '--help' || flag === '-h') options.help = true;
		else throw new Error(`Unknown option ${argv[i]}; use --n8n-port N, --sandbox-port N`);
	}
	return options;
}

function describe(env: N8nEnvironment, newsletter: NewsletterStandIn): string {
	const { sandbox, n8n, workflows } = env;
	const sampleIssue = 'numero.press:gazette-2026-10';
	return [
		'',
		'numero development environment is running',
		'',
		`n8n            ${n8n.url}`,
		`  sign in      ${n8n.owner.email} / ${n8n.owner.password}`,
		'  package      n8n-nodes-numero (this repository, built) with the Numero and Numero Trigger nodes',
		'  workflows    (active)',
		`    - ${workflows.dropFolder.name}`,
		`    - ${workflows.readingLink.name}: POST ${workflows.readingLink.url}`,
		`    - ${workflows.newsletter.name}: Numero Trigger at ${workflows.newsletter.triggerUrl}`,
		'',
		`numero sandbox ${sandbox.baseUrl}`,
		`  API key      ${sandbox.keys.full}  (lecture, liens, publication; saved in n8n as "Numero API (sandbox)")`,
		`  other keys   lecture ${sandbox.keys.lecture}, liens ${sandbox.keys.liens}, publication ${sandbox.keys.publication}`,
		`  admin        ${sandbox.adminUrl}  (Authorization: Bearer ${sandbox.adminToken})`,
		`  webhook      endpoint ${env.webhookEndpoint.id} sends numero.publie to the Numero Trigger;`,
		`               its signing secret is saved in n8n as "Numero Webhook API (sandbox endpoint)"`,
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
			'Usage: npm start -- [--n8n-port N (default 5678, or a free one)] [--sandbox-port N (default a free one)]\n',
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
		});
	} catch (error) {
		say(`npm start: ${(error as Error).message}`);
		await newsletter.close();
		process.exit(1);
	}
	if (stopping) return;
	process.stdout.write(describe(env, newsletter));
}

if (require.main === module) void main();
