/**
 * The Zapier app's Publish Issue with a 100 MiB PDF given by its address, run as the tests run it
 * (zapier-platform-core's createAppTester, in this process), against a shell pipeline doing the same
 * with the same bytes and the same sandbox: `curl <address> | tee file | sha256sum`, then curl for
 * POST /televersements, `curl -T file` to the upload address and POST /numeros. The file is served by
 * a process of its own (file-host.child.ts), the sandbox runs in another. Each run gets new file
 * content, so no upload is skipped as `deja_present`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { atMost, notMeasured, type BenchRow } from './bench-row';
import { publishWithCurl, run } from './curl-publish';
import { PDF_HEADER, stampRun, writeGeneratedPdf } from './generated-file';
import { median, pairedRatio, timeMs } from './measure';
import { startSandboxProcess } from './sandbox-process';

const MIB = 1024 * 1024;
const SIZE = 100 * MIB;
const ROUNDS = 3;
const NAME = 'Zapier Publish Issue 100 MiB by address, wall time';
const BASELINE = 'curl piped to tee and sha256sum, then curl -T (same calls, same sandbox)';
const UNIT = 's';
const TARGET = 1.5;
const ZAPIER_DIR = join(__dirname, '..', '..', 'zapier');

/** The parts of zapier-platform-core and of the app this row uses. */
type Perform = (z: unknown, bundle: unknown) => Promise<unknown>;
type AppTester = (perform: Perform, bundle: object) => Promise<Record<string, unknown>>;
interface ZapierApp {
	creates: { publishIssue: { operation: { perform: Perform } } };
}

/** The app compiled as `zapier-platform build` compiles it (zapier/lib), with its own zapier-platform-core. */
async function loadApp(): Promise<{ appTester: AppTester; app: ZapierApp }> {
	const tsc = join(ZAPIER_DIR, 'node_modules', 'typescript', 'bin', 'tsc');
	await run(process.execPath, [tsc, '-p', join(ZAPIER_DIR, 'tsconfig.json')]);
	// As under jest (the tests' runner): zapier-platform-core then prints no memory report per run.
	const nodeEnv = process.env.NODE_ENV;
	process.env.NODE_ENV = 'test';
	const core = require(join(ZAPIER_DIR, 'node_modules', 'zapier-platform-core'));
	if (nodeEnv === undefined) delete process.env.NODE_ENV;
	else process.env.NODE_ENV = nodeEnv;
	const app = require(join(ZAPIER_DIR, 'lib', 'zapier', 'src', 'index.js')).PRIVATE_APP;
	return { appTester: core.createAppTester(app), app };
}

async function startFileHost(file: string): Promise<{ url: string; close(): Promise<void> }> {
	const child = spawn(process.execPath, [join(__dirname, 'file-host.child.js')], {
		env: { PATH: process.env.PATH, NUMERO_FILE: file },
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const line = await new Promise<string>((resolve, reject) => {
		createInterface({ input: child.stdout! }).once('line', resolve);
		child.once('exit', (code) => reject(new Error(`the file host exited (${code})`)));
	});
	return {
		url: (JSON.parse(line) as { url: string }).url,
		close: () =>
			new Promise<void>((resolve) => {
				child.once('exit', () => resolve());
				child.kill('SIGTERM');
			}),
	};
}

export async function zapierPublishBench(): Promise<BenchRow[]> {
	if (!existsSync(join(ZAPIER_DIR, 'node_modules', 'zapier-platform-core')))
		return [
			notMeasured(NAME, BASELINE, UNIT, `≤ ${TARGET}×`, 'run `npm ci --prefix zapier` first'),
		];
	const { appTester, app } = await loadApp();
	const dir = mkdtempSync(join(tmpdir(), 'numero-bench-zapier-'));
	const sandbox = await startSandboxProcess({ rateLimit: 0 });
	const file = join(dir, 'issue.pdf');
	writeGeneratedPdf(file, SIZE);
	const host = await startFileHost(file);
	try {
		let stamp = 0;
		const sides = {
			ours: async () => {
				const published = await appTester(app.creates.publishIssue.operation.perform, {
					authData: { apiKey: sandbox.keys.full, baseUrl: sandbox.baseUrl },
					inputData: { pdf: host.url, titre: `Zapier benchmark ${stamp}`, publication: 'gazette' },
				});
				if (published.pdf_size !== SIZE || published.pdf_already_stored)
					throw new Error('Publish Issue: the file was not uploaded');
			},
			shell: async () => {
				const copy = join(dir, 'downloaded.pdf');
				const { stdout } = await run('bash', [
					'-c',
					'set -o pipefail; curl -sS --fail "$1" | tee "$2" | sha256sum',
					'pipeline',
					host.url,
					copy,
				]);
				await publishWithCurl(
					sandbox,
					copy,
					{ sha256: stdout.slice(0, 64), taille: SIZE },
					`Shell benchmark ${stamp}`,
				);
				rmSync(copy);
			},
		};
		type Side = keyof typeof sides;
		const names = Object.keys(sides) as Side[];
		const times: Record<Side, number[]> = { ours: [], shell: [] };
		// Round 0 is the warm-up (connections, compiled code, the file in the page cache); then the order alternates.
		for (let round = 0; round <= ROUNDS; round++) {
			for (let i = 0; i < names.length; i++) {
				const side = names[(round + i) % names.length]!;
				stampRun(file, ++stamp, PDF_HEADER.length);
				const ms = await timeMs(sides[side]);
				if (round > 0) times[side].push(ms);
			}
		}
		return [
			atMost(
				TARGET,
				{
					name: NAME,
					ours: median(times.ours) / 1000,
					baseline: median(times.shell) / 1000,
					baselineName: BASELINE,
					unit: UNIT,
				},
				pairedRatio(times.ours, times.shell),
			),
		];
	} finally {
		await host.close();
		await sandbox.close();
		rmSync(dir, { recursive: true, force: true });
	}
}
