/**
 * A worker killed with SIGKILL in the middle of a run, as when a machine or container dies: PDFs
 * dropped into the folder (each one publish) and CRM requests for reading links are under way on both
 * workers. An orchestrator starts a replacement worker. The executions the killed worker held fail in
 * n8n with nothing of their data kept (n8n 2.40: "failed to be processed too many times"), so n8n's
 * Retry has nothing to run again; the publisher drops the whole batch into the folder again, and the
 * publish idempotency keys (from each PDF's SHA-256 and title) make that safe. Counted in the
 * sandbox's state (each issue and link once at most) and in n8n's executions (every failure visible).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { N8nEnvironment } from '../../../scripts/e2e/n8n-environment';
import type { ExecutionSummary } from '../../../scripts/e2e/n8n-rest';
import { SandboxAdmin } from '../../../scripts/e2e/sandbox-admin';
import { samplePdf } from '../../../sandbox/reader/sample-files';
import { waitFor } from '../../e2e/support/wait-for';
import { runPool } from './run-pool';

export interface WorkerKillSize {
	publishes: number;
	links: number;
	/** The worker is killed once this many of the publishes are in the sandbox. */
	killAfterPublished: number;
}

const ISSUE = 'numero.press:gazette-2026-10';
const FINISHED = new Set(['success', 'error', 'crashed', 'canceled']);

function dropIntoFolder(folder: string, name: string, bytes: Buffer): void {
	const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'numero-drop-'));
	fs.writeFileSync(path.join(staging, name), bytes);
	fs.renameSync(path.join(staging, name), path.join(folder, name));
	fs.rmSync(staging, { recursive: true, force: true });
}

/** n8n's Local File Trigger ignores files added while it still scans the folder: wait until a probe file starts an execution. */
async function waitForFolderWatcher(env: N8nEnvironment): Promise<void> {
	let droppedAt = 0;
	let probes = 0;
	await waitFor('the Local File Trigger to watch the folder', async () => {
		if ((await env.n8n.rest.executionCounts(env.workflows.dropFolder.id)).finished > 0) return true;
		if (Date.now() - droppedAt > 5000) {
			dropIntoFolder(env.dropFolder, `watcher-check-${(probes += 1)}.txt`, Buffer.from('probe'));
			droppedAt = Date.now();
		}
		return undefined;
	});
}

async function settled(
	env: N8nEnvironment,
	workflowId: string,
	atLeast: number,
): Promise<ExecutionSummary[]> {
	return waitFor(
		`${atLeast} finished executions of ${workflowId}`,
		async () => {
			const executions = await env.n8n.rest.allExecutions(workflowId);
			return executions.length >= atLeast &&
				executions.every((execution) => FINISHED.has(execution.status))
				? executions
				: undefined;
		},
		240_000,
	);
}

const countBy = <T>(values: T[]) =>
	values.reduce(
		(counts, value) => counts.set(value, (counts.get(value) ?? 0) + 1),
		new Map<T, number>(),
	);

export async function runWorkerKill(env: N8nEnvironment, size: WorkerKillSize) {
	const admin = new SandboxAdmin(env.sandbox);
	await admin.setPlan({ maxIssues: null });
	await waitForFolderWatcher(env);
	const dropBefore = (await env.n8n.rest.allExecutions(env.workflows.dropFolder.id)).length;
	const linkBefore = (await env.n8n.rest.allExecutions(env.workflows.readingLink.id)).length;
	const issuesBefore = (await admin.state()).issues.length;
	const linksBefore = (await admin.state()).links.length;
	const titles = Array.from({ length: size.publishes }, (_, index) => `Queue kill ${index + 1}`);

	for (const title of titles) dropIntoFolder(env.dropFolder, `${title}.pdf`, samplePdf(title, 1));
	const references = Array.from({ length: size.links }, (_, index) => `queue_kill_${index + 1}`);
	const answers = runPool(references, 4, async (reference) => {
		try {
			const response = await fetch(env.workflows.readingLink.url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ subscriber: reference, issue: ISSUE }),
				signal: AbortSignal.timeout(180_000),
			});
			const body = await response.text();
			return {
				reference,
				done: response.status === 200 && body.includes('"url"'),
				detail: `${response.status} ${body.slice(0, 120)}`,
			};
		} catch (error) {
			return { reference, done: false, detail: String((error as Error).cause ?? error) };
		}
	});

	await waitFor(`${size.killAfterPublished} publishes`, async () =>
		(await admin.state()).issues.length - issuesBefore >= size.killAfterPublished
			? true
			: undefined,
	);
	const victim = env.queue!.workers[0]!;
	process.kill(victim.pid, 'SIGKILL');
	await victim.exited;
	const publishedAtKill = (await admin.state()).issues.length - issuesBefore;
	await env.queue!.addWorker();

	const linkAnswers = await answers;
	const firstRun = await settled(env, env.workflows.dropFolder.id, dropBefore + size.publishes);
	const linkRuns = await settled(env, env.workflows.readingLink.id, linkBefore + size.links);
	const failedPublishRuns = firstRun
		.slice(0, firstRun.length - dropBefore)
		.filter((execution) => execution.status !== 'success');
	const failedLinkRuns = linkRuns
		.slice(0, linkRuns.length - linkBefore)
		.filter((execution) => execution.status !== 'success');

	// What the publisher does next: the same PDFs into the folder again (removed first, so that each is a new file).
	for (const title of titles) fs.rmSync(path.join(env.dropFolder, `${title}.pdf`));
	await new Promise((resolve) => setTimeout(resolve, 2000));
	for (const title of titles) dropIntoFolder(env.dropFolder, `${title}.pdf`, samplePdf(title, 1));
	const secondRun = await settled(
		env,
		env.workflows.dropFolder.id,
		dropBefore + 2 * size.publishes,
	);
	const secondPass = secondRun.slice(0, size.publishes);
	const killedRuns = await Promise.all(
		failedPublishRuns.map(
			async (execution) =>
				`${execution.id} ${execution.status}: ${(await env.n8n.rest.execution(execution.id)).error ?? ''}`,
		),
	);

	const state = await admin.state();
	const perTitle = countBy(state.issues.map((issue) => issue.titre));
	const linksPerReference = countBy(state.links.slice(linksBefore).map((link) => link.fingerprint));
	const failedAnswers = linkAnswers.filter((answer) => !answer.done);
	const counts = {
		'PDFs dropped': size.publishes,
		'published when the worker was killed': publishedAtKill,
		'publish executions failed by the kill': failedPublishRuns.length,
		'second drop of the batch: executions succeeded': secondPass.filter(
			(execution) => execution.status === 'success',
		).length,
		'issues published exactly once': titles.filter((title) => perTitle.get(title) === 1).length,
		'issues missing': titles.filter((title) => !perTitle.has(title)).length,
		'issues published twice or more': titles.filter((title) => (perTitle.get(title) ?? 0) > 1)
			.length,
		'link requests': size.links,
		'link requests answered with a link': linkAnswers.length - failedAnswers.length,
		'link requests failed': failedAnswers.length,
		'link executions failed, visible in n8n': failedLinkRuns.length,
		'links created': state.links.length - linksBefore,
		'links created twice for one subscriber': [...linksPerReference.values()].filter(
			(count) => count > 1,
		).length,
	};
	const held =
		counts['issues published exactly once'] === size.publishes &&
		counts['links created twice for one subscriber'] === 0 &&
		counts['link executions failed, visible in n8n'] >= failedAnswers.length &&
		counts['links created'] <= size.links;
	return { counts, held, failedAnswers, killedRuns, victim: path.basename(victim.logFile, '.log') };
}
