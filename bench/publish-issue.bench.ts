/**
 * publishIssue of a 256 MiB file to the sandbox (in its own process) against `sha256sum` + `curl`
 * doing the same steps with the same headers: hash, POST /televersements, PUT to the upload address,
 * POST /numeros. Each run gets new file content, so no upload is skipped as `deja_present`. Then the
 * peak RSS of a process publishing 1 GiB.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishIssue } from '../shared';
import { createClient, fileSource, undiciTransport } from '../standalone';
import { atMost, type BenchRow } from './bench-row';
import { median, pairedRatio, timeMs } from './measure';
import { stampRun, writeGeneratedFile } from './generated-file';
import { publishWithCurl, run } from './curl-publish';
import { BENCH_USER_AGENT, startSandboxProcess, type SandboxProcess } from './sandbox-process';

const MIB = 1024 * 1024;
const SIZE = 256 * MIB;
const PEAK_SIZE = 1024 * MIB;
const ROUNDS = 3;
const PEAK_LIMIT = 100 * MIB;

/** The command that prints the file's SHA-256 first on its output line. */
const HASHERS = {
	sha256sum: ['sha256sum'],
	// OpenSSL's SHA-256 uses the CPU's SHA instructions, as Node's does; coreutils' sha256sum does not.
	openssl: ['openssl', 'dgst', '-sha256', '-r'],
} as const;

/** The same publication by hand: hash, then curl for the two API calls and `curl -T` for the file. */
async function publishWithHasherAndCurl(
	sandbox: SandboxProcess,
	path: string,
	titre: string,
	hasher: keyof typeof HASHERS,
): Promise<void> {
	const [command, ...args] = HASHERS[hasher];
	const { stdout } = await run(command, [...args, path]);
	await publishWithCurl(sandbox, path, { sha256: stdout.slice(0, 64), taille: SIZE }, titre);
}

async function peakRssOfPublish(sandbox: SandboxProcess, path: string): Promise<number> {
	const { stdout } = await run(process.execPath, [join(__dirname, 'publish-peak-rss.child.js')], {
		env: {
			PATH: process.env.PATH,
			NUMERO_BASE_URL: sandbox.baseUrl,
			NUMERO_API_KEY: sandbox.keys.full,
			NUMERO_USER_AGENT: BENCH_USER_AGENT,
			NUMERO_FILE: path,
		},
	});
	const report = JSON.parse(stdout.trim().split('\n').pop()!) as {
		peakRss: number;
		taille: number;
		dejaPresent: boolean;
	};
	if (report.taille !== PEAK_SIZE || report.dejaPresent)
		throw new Error(`peak RSS child: unexpected result ${stdout}`);
	return report.peakRss;
}

export async function publishIssueBench(): Promise<BenchRow[]> {
	const dir = mkdtempSync(join(tmpdir(), 'numero-bench-publish-'));
	const sandbox = await startSandboxProcess({ rateLimit: 0 });
	const transport = undiciTransport();
	try {
		await sandbox.admin('POST', '/plans', { maxFileBytes: 2 * PEAK_SIZE, maxIssues: null });
		const client = createClient({
			baseUrl: sandbox.baseUrl,
			apiKey: sandbox.keys.full,
			userAgent: BENCH_USER_AGENT,
			transport,
		});
		const file = join(dir, 'issue.pdf');
		writeGeneratedFile(file, SIZE);

		let stamp = 0;
		const ours = async (): Promise<void> => {
			const published = await publishIssue(client, {
				pdf: fileSource(file, 'issue.pdf'),
				fields: { titre: `Benchmark ${stamp}`, publication: 'gazette' },
			});
			if (published.pdf.deja_present || published.pdf.taille !== SIZE)
				throw new Error('publishIssue: the file was not uploaded');
		};
		const sides = {
			ours,
			sha256sum: () => publishWithHasherAndCurl(sandbox, file, `Benchmark ${stamp}`, 'sha256sum'),
			openssl: () => publishWithHasherAndCurl(sandbox, file, `Benchmark ${stamp}`, 'openssl'),
		};
		type Side = keyof typeof sides;
		const names = Object.keys(sides) as Side[];
		const times: Record<Side, number[]> = { ours: [], sha256sum: [], openssl: [] };
		// Round 0 is the warm-up (connections, compiled code, the file in the page cache); then the order rotates.
		for (let round = 0; round <= ROUNDS; round++) {
			for (let i = 0; i < names.length; i++) {
				const side = names[(round + i) % names.length]!;
				stampRun(file, ++stamp);
				const ms = await timeMs(sides[side]);
				if (round > 0) times[side].push(ms);
			}
		}
		rmSync(file);

		const large = join(dir, 'large.pdf');
		writeGeneratedFile(large, PEAK_SIZE);
		const peak = await peakRssOfPublish(sandbox, large);
		rmSync(large);

		return [
			atMost(
				1.15,
				{
					name: 'publishIssue 256 MiB, wall time',
					ours: median(times.ours) / 1000,
					baseline: median(times.sha256sum) / 1000,
					baselineName: 'sha256sum + curl -T (same calls, same headers)',
					unit: 's',
				},
				pairedRatio(times.ours, times.sha256sum),
			),
			{
				...atMost(
					1.15,
					{
						name: 'publishIssue 256 MiB, wall time',
						ours: median(times.ours) / 1000,
						baseline: median(times.openssl) / 1000,
						baselineName: 'openssl dgst -sha256 + curl -T (same calls)',
						unit: 's',
					},
					pairedRatio(times.ours, times.openssl),
				),
				met: null,
				target: '— (info)',
				note: "coreutils sha256sum hashes without the CPU's SHA instructions; this faster shell baseline is shown for comparison",
			},
			{
				name: 'publishIssue 1 GiB, peak RSS of the process',
				ours: peak / MIB,
				baseline: null,
				baselineName: '—',
				unit: 'MiB',
				ratio: null,
				target: `< ${PEAK_LIMIT / MIB} MiB`,
				met: peak < PEAK_LIMIT,
			},
		];
	} finally {
		await transport.close();
		await sandbox.close();
		rmSync(dir, { recursive: true, force: true });
	}
}
