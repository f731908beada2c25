/**
 * How much a publishing n8n process's peak memory grows while the drop-folder workflow (Local File
 * Trigger → Read/Write Files from Disk → Numero Issue → Publish) publishes one large PDF: a worker in
 * queue mode (binary data in PostgreSQL), the main process in regular mode (binary data on disk).
 * Peak = VmHWM of /proc/<pid>/status. Before the drop, the peak is reset to the current RSS
 * (`echo 5 > /proc/<pid>/clear_refs`, Linux ≥ 4.0, allowed for our own children), so the growth is
 * the publish's own; where the reset is refused, the growth is VmHWM after − VmHWM before.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { N8nEnvironment } from '../scripts/e2e/n8n-environment';
import { SandboxAdmin } from '../scripts/e2e/sandbox-admin';
import { writeGeneratedFile } from './generated-file';

const MIB = 1024 * 1024;
const FINISHED = new Set(['success', 'error', 'crashed', 'canceled']);

interface Memory {
	rss: number;
	hwm: number;
}

function memoryOf(pid: number): Memory {
	const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
	const kib = (field: string) =>
		Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? NaN) * 1024;
	return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
}

/** Resets VmHWM to the current RSS; false when the kernel refuses. */
function resetPeak(pid: number): boolean {
	try {
		fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
		return true;
	} catch {
		return false;
	}
}

async function waitFor<T>(
	what: string,
	check: () => Promise<T | undefined>,
	withinMs: number,
): Promise<T> {
	const deadline = Date.now() + withinMs;
	for (;;) {
		const value = await check();
		if (value !== undefined) return value;
		if (Date.now() > deadline)
			throw new Error(`timed out after ${withinMs / 1000} s waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** Written elsewhere, then renamed in: the Local File Trigger sees one complete file. */
function dropInto(folder: string, name: string, write: (file: string) => void): void {
	const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'numero-bench-drop-'));
	try {
		write(path.join(staging, name));
		fs.renameSync(path.join(staging, name), path.join(folder, name));
	} finally {
		fs.rmSync(staging, { recursive: true, force: true });
	}
}

async function finishedExecutions(
	env: N8nEnvironment,
): Promise<Array<{ id: string; status: string }>> {
	return (await env.n8n.rest.executions(env.workflows.dropFolder.id)).filter((execution) =>
		FINISHED.has(execution.status),
	);
}

/** n8n's Local File Trigger ignores files added while it still scans the folder: drop probes until one starts an execution. */
async function waitForFolderWatcher(env: N8nEnvironment): Promise<void> {
	let droppedAt = 0;
	let probes = 0;
	await waitFor(
		'the Local File Trigger to watch the drop folder',
		async () => {
			if ((await finishedExecutions(env)).length > 0) return true;
			if (Date.now() - droppedAt > 5000) {
				dropInto(env.dropFolder, `watcher-check-${(probes += 1)}.txt`, (file) =>
					fs.writeFileSync(file, 'probe'),
				);
				droppedAt = Date.now();
			}
			return undefined;
		},
		120_000,
	);
}

/** Errors n8n logs without ending the execution (the driver's, the heap's). */
const FATAL =
	/Cannot create a string longer than \S+ characters|JavaScript heap out of memory|FileTooLargeError[^\n]*/;

function fatalSince(logFile: string, offset: number): string | undefined {
	const text = fs.readFileSync(logFile, 'utf8').slice(offset);
	return FATAL.exec(text)?.[0];
}

export interface PublishPeak {
	/** Which process published (e.g. "worker 2", "main"). */
	process: string;
	/** VmHWM growth during the publish, bytes. */
	growth: number;
	/** That process's RSS before the drop, bytes. */
	rssBefore: number;
	peakAfter: number;
	seconds: number;
	peakWasReset: boolean;
}

/**
 * Drops a `size`-byte PDF and waits for its publish; the growth of the peak RSS of the process that
 * ran it. `candidates` are the processes that may run it (the workers in queue mode; in regular mode
 * the main): the one whose peak grew most is the one that published.
 */
export async function publishPeak(
	env: N8nEnvironment,
	size: number,
	candidates: Array<{ name: string; pid: number; logFile: string }>,
): Promise<PublishPeak> {
	const admin = new SandboxAdmin(env.sandbox);
	await admin.setPlan({ maxIssues: null, maxFileBytes: size + MIB });
	await waitForFolderWatcher(env);
	const before = new Set(
		(await env.n8n.rest.executions(env.workflows.dropFolder.id)).map((execution) => execution.id),
	);
	const issuesBefore = (await admin.state()).issues.length;
	// Idle first: what the probe executions left is collected, and the reset starts from a settled RSS.
	await new Promise((resolve) => setTimeout(resolve, 1000));
	const logSizes = candidates.map((candidate) => fs.statSync(candidate.logFile).size);
	const reset = candidates.map((candidate) => resetPeak(candidate.pid));
	const start = candidates.map((candidate) => memoryOf(candidate.pid));
	const title = `Bench ${size / MIB} MiB ${Date.now()}`;
	const started = Date.now();
	dropInto(env.dropFolder, `${title}.pdf`, (file) => writeGeneratedFile(file, size));
	const execution = await waitFor(
		`the publish of the ${size / MIB} MiB PDF`,
		async () => {
			// A failure n8n does not turn into a finished execution (an exception in its database driver) shows in the log only.
			const fatal = candidates
				.map((candidate, i) => fatalSince(candidate.logFile, logSizes[i]!))
				.find((line) => line !== undefined);
			if (fatal) throw new Error(`n8n failed during the publish: ${fatal}`);
			return (await finishedExecutions(env)).find((one) => !before.has(one.id));
		},
		240_000,
	);
	const seconds = (Date.now() - started) / 1000;
	const after = candidates.map((candidate) => memoryOf(candidate.pid));
	if (execution.status !== 'success') {
		const details = await env.n8n.rest.execution(execution.id);
		throw new Error(
			`the ${size / MIB} MiB publish ended ${execution.status}: ${details.error ?? 'no error recorded'}`,
		);
	}
	const issues = (await admin.state()).issues;
	if (issues.length !== issuesBefore + 1 || !issues.some((issue) => issue.titre === title)) {
		throw new Error(
			`the sandbox holds ${issues.length - issuesBefore} new issues after the publish, expected 1 titled "${title}"`,
		);
	}
	const growths = candidates.map(
		(_, i) => after[i]!.hwm - (reset[i] ? start[i]!.rss : start[i]!.hwm),
	);
	const index = growths.indexOf(Math.max(...growths));
	return {
		process: candidates[index]!.name,
		growth: growths[index]!,
		rssBefore: start[index]!.rss,
		peakAfter: after[index]!.hwm,
		seconds,
		peakWasReset: reset[index]!,
	};
}
