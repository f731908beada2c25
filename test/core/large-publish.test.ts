/**
 * A 1 GiB generated file publishes to the sandbox while the publishing process's peak RSS grows by
 * less than 64 MiB. Memory is measured in a child process that does nothing else (its own VmHWM: see
 * bench/peak-rss.ts for why not `resourceUsage().maxRSS`).
 */
import { execFile } from 'child_process';
import { promisify } from 'util';
import { compileForNode, REPO_NODE_MODULES, type CompiledTree } from './support/compile-for-node';
import { startHarness, type Harness } from './support/sandbox-harness';

const GIB = 1024 * 1024 * 1024;
const LIMIT = 64 * 1024 * 1024;
const run = promisify(execFile);

interface ChildReport {
	baselineRss: number;
	peakRss: number;
	peakGrowth: number;
	id: string;
	sha256: string;
	taille: number;
	dejaPresent: boolean;
	lastProgress: number;
}

describe('publishing a 1 GiB file', () => {
	let harness: Harness;
	let compiled: CompiledTree;

	beforeAll(async () => {
		harness = await startHarness();
		await harness.admin('POST', '/plans', { maxFileBytes: 2 * GIB, maxIssues: null });
		compiled = compileForNode([
			'test/core/fixtures/publish-large.ts',
			'test/core/fixtures/generated-source.ts',
			'bench/peak-rss.ts',
		]);
	});
	afterAll(async () => {
		compiled?.remove();
		await harness?.close();
	});

	let runs = 0;
	async function publishInChild(size: number, progress: boolean): Promise<ChildReport> {
		runs += 1;
		const { stdout } = await run(
			process.execPath,
			['--expose-gc', compiled.path('test/core/fixtures/publish-large.ts')],
			{
				env: {
					PATH: process.env.PATH,
					NODE_PATH: REPO_NODE_MODULES,
					NUMERO_BASE_URL: harness.sandbox.baseUrl,
					NUMERO_API_KEY: harness.sandbox.keys.full,
					NUMERO_SIZE: String(size),
					NUMERO_PROGRESS: progress ? '1' : '0',
					NUMERO_SEED: String(runs),
				},
				maxBuffer: 1024 * 1024,
			},
		);
		return JSON.parse(stdout.trim().split('\n').pop()!) as ChildReport;
	}

	function mib(bytes: number): string {
		return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
	}

	it('streams it (hash and PUT) with bounded memory, with and without progress', async () => {
		const plain = await publishInChild(GIB, false);
		console.log(
			`1 GiB publish without progress: peak RSS growth ${mib(plain.peakGrowth)} (baseline ${mib(plain.baselineRss)}, peak ${mib(plain.peakRss)})`,
		);
		expect(plain.taille).toBe(GIB);
		expect(plain.dejaPresent).toBe(false);
		expect(plain.peakGrowth).toBeLessThan(LIMIT);

		const state = await harness.admin<{
			issues: Array<{ id: string; sha256: string; taille: number }>;
			uploads: Array<{ sha256: string; taille: number }>;
		}>('GET', '/state');
		expect(state.issues.find((i) => i.id === plain.id)).toMatchObject({
			sha256: plain.sha256,
			taille: GIB,
		});
		expect(state.uploads.find((u) => u.sha256 === plain.sha256)).toMatchObject({ taille: GIB });

		// Other bytes, with progress: the PUT body is then the counting wrapper around the stream.
		const size = GIB - 12345;
		const withProgress = await publishInChild(size, true);
		console.log(`1 GiB publish with progress: peak RSS growth ${mib(withProgress.peakGrowth)}`);
		expect(withProgress.dejaPresent).toBe(false);
		expect(withProgress.sha256).not.toBe(plain.sha256);
		expect(withProgress.lastProgress).toBe(size);
		expect(withProgress.peakGrowth).toBeLessThan(LIMIT);
	}, 600_000);
});
