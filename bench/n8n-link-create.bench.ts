/**
 * The Numero node in a real n8n: 1,000 items → Link → Create, against n8n's HTTP Request node making
 * the same calls (same headers, same JSON bodies) in the same n8n process. Each run is started through
 * the workflow's webhook; the figure is the measured node's own executionTime from n8n's execution
 * data, as items/s. Warm-up, then rounds alternating which goes first; median.
 */
import { request } from 'undici';
import { atLeast, notMeasured, type BenchRow } from './bench-row';
import { median, pairedRatio } from './measure';
import { ITEMS, startN8nBench, type BenchWorkflow, type N8nBench } from './n8n-bench-environment';
import { startSandboxProcess } from './sandbox-process';

const ROUNDS = 3;
const NAME = `n8n: ${ITEMS.toLocaleString('en-US')} items → Numero Link → Create`;
const BASELINE = "n8n's HTTP Request node, same calls";

/** Runs the workflow once through its webhook; the measured node's items per second of its executionTime. */
export async function runOnce(n8n: N8nBench, workflow: BenchWorkflow): Promise<number> {
	// Just after start, n8n may list the workflow as active before its webhook answers: a 404 ran nothing, so ask again.
	for (const deadline = Date.now() + 30_000; ; ) {
		const response = await request(workflow.url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}',
			headersTimeout: 300_000,
			bodyTimeout: 300_000,
		});
		const text = await response.body.text();
		if (response.statusCode === 200) break;
		if (response.statusCode !== 404 || Date.now() > deadline)
			throw new Error(`${workflow.url} answered ${response.statusCode}: ${text.slice(0, 300)}`);
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	const run = await n8n.lastRun(workflow);
	const withUrl = run.items.filter(
		(item) => typeof item.url === 'string' && (item.url as string).length > 0,
	).length;
	if (run.items.length !== ITEMS || withUrl !== ITEMS) {
		throw new Error(
			`${workflow.node} output ${run.items.length} items, ${withUrl} with a link url (expected ${ITEMS})`,
		);
	}
	return (ITEMS * 1000) / run.executionTimeMs;
}

export async function n8nLinkCreateBench(): Promise<BenchRow[]> {
	const sandbox = await startSandboxProcess({ rateLimit: 0 });
	try {
		let n8n: N8nBench;
		try {
			n8n = await startN8nBench(sandbox, (line) => process.stderr.write(`bench: ${line}\n`));
		} catch (error) {
			const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
			return [
				notMeasured(NAME, BASELINE, 'items/s', '≥ 0.9×', `n8n could not be started: ${reason}`),
			];
		}
		try {
			const rates = { numero: [] as number[], httpRequest: [] as number[] };
			for (let round = 0; round <= ROUNDS; round++) {
				const order =
					round % 2 === 0
						? (['numero', 'httpRequest'] as const)
						: (['httpRequest', 'numero'] as const);
				for (const side of order) {
					const rate = await runOnce(n8n, n8n[side]);
					if (round > 0) rates[side].push(rate);
				}
			}
			const { links } = await sandbox.admin<{ links: unknown[] }>('GET', '/state');
			const expected = 2 * (ROUNDS + 1) * ITEMS;
			if (links.length !== expected)
				throw new Error(`the sandbox holds ${links.length} links, expected ${expected}`);
			return [
				atLeast(
					0.9,
					{
						name: NAME,
						ours: median(rates.numero),
						baseline: median(rates.httpRequest),
						baselineName: BASELINE,
						unit: 'items/s',
					},
					pairedRatio(rates.numero, rates.httpRequest),
				),
			];
		} finally {
			await n8n.stop();
		}
	} finally {
		await sandbox.close();
	}
}
