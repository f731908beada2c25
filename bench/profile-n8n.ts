/**
 * `node dist/bench/profile-n8n.js [numero|httpRequest] [runs]`: the n8n benchmark's workflow run in a
 * real n8n started with `--cpu-prof`; prints the functions with the most self time while the runs
 * went on (n8n's start excluded), `(idle)` being time n8n waited with nothing to do.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { n8nBin } from '../scripts/e2e/n8n-install';
import { n8nEnv, type N8nSetup, type RunningN8n } from '../scripts/e2e/n8n-process';
import { runOnce } from './n8n-link-create.bench';
import { startN8nBench } from './n8n-bench-environment';
import { startSandboxProcess } from './sandbox-process';
import { topFrames, type Profile } from './top-frames';

function monotonicMicros(): number {
	return Number(process.hrtime.bigint() / 1000n);
}

/** `n8n start` under --cpu-prof (the profile is written when n8n exits). */
function startProfiledN8n(profileDir: string, pids: number[]) {
	return async (setup: N8nSetup): Promise<RunningN8n> => {
		const log = fs.openSync(setup.logFile, 'a');
		const child = spawn(
			process.execPath,
			['--cpu-prof', `--cpu-prof-dir=${profileDir}`, n8nBin(setup.installFolder), 'start'],
			{
				cwd: setup.userFolder,
				env: n8nEnv(setup),
				stdio: ['ignore', log, log],
			},
		);
		fs.closeSync(log);
		pids.push(child.pid!);
		const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
		const url = `http://127.0.0.1:${setup.port}`;
		for (const deadline = Date.now() + 180_000; ; ) {
			const ready = await fetch(`${url}/healthz/readiness`).then(
				(r) => r.status === 200,
				() => false,
			);
			if (ready) break;
			if (child.exitCode !== null || Date.now() > deadline)
				throw new Error(`n8n did not start; see ${setup.logFile}`);
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
		return {
			url,
			role: 'main',
			pid: child.pid!,
			logFile: setup.logFile,
			exited,
			stop: async () => {
				child.kill('SIGTERM');
				await exited;
			},
		};
	};
}

async function main(): Promise<void> {
	const side = process.argv[2] === 'httpRequest' ? 'httpRequest' : 'numero';
	const runs = Number(process.argv[3] ?? 3);
	const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'numero-n8n-profile-'));
	const sandbox = await startSandboxProcess({ rateLimit: 0 });
	const pids: number[] = [];
	try {
		const n8n = await startN8nBench(
			sandbox,
			(line) => process.stderr.write(`${line}\n`),
			startProfiledN8n(profileDir, pids),
		);
		let window: [number, number];
		try {
			await runOnce(n8n, n8n[side]); // warm-up, not in the window
			const from = monotonicMicros();
			for (let i = 0; i < runs; i++)
				process.stderr.write(
					`run ${i + 1}: ${(await runOnce(n8n, n8n[side])).toFixed(0)} items/s\n`,
				);
			window = [from, monotonicMicros()];
		} finally {
			await n8n.stop();
		}
		const file = fs.readdirSync(profileDir).find((name) => name.includes(`.${pids[0]}.`));
		if (!file) throw new Error(`no profile of n8n (pid ${pids[0]}) in ${profileDir}`);
		const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as Profile;
		process.stdout.write(
			`n8n, ${side} workflow, ${runs} runs of 1,000 items: self time while they ran\n`,
		);
		for (const { frame, percent } of topFrames(profile, 25, window))
			process.stdout.write(`${percent.toFixed(1).padStart(5)}%  ${frame}\n`);
	} finally {
		await sandbox.close();
		fs.rmSync(profileDir, { recursive: true, force: true });
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
	process.exit(1);
});
