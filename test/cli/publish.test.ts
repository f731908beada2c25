import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { run } from '../../cli/run';
import type { Io } from '../../cli/io';
import { compileCli, removeCompiled } from './support/compile-cli';
import { runNumero } from './support/run-numero';
import { admin } from './support/sandbox-admin';
import { writeJpeg, writePdf } from './support/sample-files';

let compiled: { outDir: string; main: string };
let sandbox: RunningSandbox;
let folder: string;

beforeAll(async () => {
	compiled = compileCli();
	sandbox = await startSandbox({ rateLimit: 0 });
	folder = mkdtempSync(join(tmpdir(), 'numero-publish-'));
});
afterAll(async () => {
	await sandbox.close();
	removeCompiled(compiled.outDir);
	rmSync(folder, { recursive: true, force: true });
});

async function numero(args: string[], key: string = sandbox.keys.full) {
	const result = await runNumero(compiled.main, args, {
		env: { NUMERO_BASE_URL: sandbox.baseUrl, NUMERO_API_KEY: key },
	});
	expect(result.stdout + result.stderr).not.toContain(key);
	return result;
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

interface Published {
	numero: {
		id: string;
		titre: string;
		statut: string;
		publication: { code: string; nom: string };
		date: string;
		acces: string;
		publier_le: string | null;
	};
	couverture: string;
	pdf: { sha256: string; taille: number; deja_present: boolean };
	cover?: { sha256: string; taille: number; deja_present: boolean };
	idempotencyKey: string;
	replayed: boolean;
}

describe('numero publish', () => {
	test('hashes, uploads PDF and cover, creates the issue; a re-run returns the same issue', async () => {
		const pdf = writePdf(folder, 'decembre-2026.pdf', 'La Gazette du Port, decembre 2026');
		const cover = writeJpeg(folder, 'cover.jpg');
		const args = [
			'publish',
			pdf,
			'--title',
			'La Gazette du Port, décembre 2026',
			'--periodical',
			'gazette',
			'--month',
			'2026-12',
			'--cover',
			cover,
			'--access',
			'libre',
		];
		const first = await numero([...args, '--json']);
		expect(first.stderr).toBe(''); // no progress bar: stderr is not a terminal
		expect(first.code).toBe(0);
		const published = JSON.parse(first.stdout) as Published;
		expect(published).toMatchObject({
			numero: {
				titre: 'La Gazette du Port, décembre 2026',
				statut: 'en_ligne',
				publication: { code: 'gazette' },
				date: '2026-12-01',
				acces: 'libre',
			},
			couverture: 'prete',
			pdf: { sha256: sha256(pdf), deja_present: false },
			cover: { sha256: sha256(cover), deja_present: false },
			idempotencyKey: expect.stringMatching(/^pub_/),
			replayed: false,
		});
		const state = await admin<{
			issues: Array<{ id: string; sha256: string; nom_fichier: string }>;
		}>(sandbox, '/state');
		expect(state.issues.find((issue) => issue.id === published.numero.id)).toMatchObject({
			sha256: sha256(pdf),
			nom_fichier: 'decembre-2026.pdf',
		});

		const again = await numero(args);
		expect(again.code).toBe(0);
		expect(again.stdout).toContain(
			`Published ${published.numero.id}. (an earlier run with the same idempotency key had already done it`,
		);
		expect(again.stdout).toMatch(
			/^PDF +\d+ B, sha256 [0-9a-f]{64} \(already stored, not sent again\)$/m,
		);
		expect(again.stdout).toMatch(/^Cover +ready$/m);
	});

	test('a new periodical, a scheduled release, then replacing the PDF', async () => {
		const pdf = writePdf(folder, 'club-1.pdf', 'Bulletin du Club 1');
		const when = new Date(Date.now() + 3 * 86400_000);
		when.setUTCMilliseconds(0);
		const scheduled = await numero([
			'publish',
			pdf,
			'--title',
			'Bulletin du Club, numéro 1',
			'--new-periodical',
			'Bulletin du Club',
			'--schedule',
			when.toISOString().replace('.000Z', 'Z'),
		]);
		expect(scheduled.code).toBe(0);
		const id = /^Scheduled (\S+) for /m.exec(scheduled.stdout)?.[1] ?? '';
		expect(id).toMatch(/^numero\.press:/);
		expect(scheduled.stdout).toMatch(/^Periodical +Bulletin du Club \(\S+\)$/m);
		expect(scheduled.stdout).toMatch(/^Status +programme$/m);
		expect(scheduled.stdout).toMatch(/^Cover +being rendered from page 1/m);

		const fixed = writePdf(folder, 'club-1-fixed.pdf', 'Bulletin du Club 1, corrected');
		const replaced = await numero([
			'publish',
			fixed,
			'--title',
			'Bulletin du Club, numéro 1',
			'--replace',
			id,
			'--json',
		]);
		expect(replaced.code).toBe(0);
		const result = JSON.parse(replaced.stdout) as Published;
		expect(result.numero.id).toBe(id);
		expect(result.pdf.sha256).toBe(sha256(fixed));
		const human = await numero([
			'publish',
			fixed,
			'--title',
			'Bulletin du Club, numéro 1',
			'--replace',
			id,
		]);
		expect(human.stdout).toMatch(new RegExp(`^Replaced the PDF of ${id.replace('.', '\\.')}\\.`));

		// Without --title the current title is kept.
		const again = writePdf(folder, 'club-1-again.pdf', 'Bulletin du Club 1, corrected twice');
		const kept = JSON.parse(
			(await numero(['publish', again, '--replace', id, '--json'])).stdout,
		) as Published;
		expect(kept.numero).toMatchObject({ id, titre: 'Bulletin du Club, numéro 1' });
		expect(kept.pdf.sha256).toBe(sha256(again));
	});

	test('on a terminal, stderr shows the progress of hashing and uploading', async () => {
		const pdf = writePdf(folder, 'progress.pdf', 'Progress test');
		const written = { stdout: '', stderr: '' };
		const io: Io = {
			stdout: { write: (text: string) => (written.stdout += text) },
			stderr: { write: (text: string) => (written.stderr += text), isTTY: true, columns: 100 },
			stdin: (async function* () {})(),
			env: { NUMERO_BASE_URL: sandbox.baseUrl, NUMERO_API_KEY: sandbox.keys.full },
			cwd: folder,
		};
		const code = await run(
			['publish', pdf, '--title', 'Progress test', '--periodical', 'revue-arts'],
			io,
		);
		expect(code).toBe(0);
		expect(written.stderr).toMatch(/\rHashing {3}progress\.pdf +\[█+\] 100%/);
		expect(written.stderr).toMatch(/\rUploading progress\.pdf +\[█+\] 100%/);
		expect(written.stderr.endsWith('\n')).toBe(true);
		expect(written.stdout).toMatch(/^Published kiosque\.press:|^Published numero\.press:/);
	});

	test.each([
		['no --title', ['--periodical', 'gazette'], /: --title is required; it is missing\./],
		[
			'both periodical options',
			['--title', 'T', '--periodical', 'gazette', '--new-periodical', 'New'],
			/--periodical and --new-periodical cannot go together/,
		],
		[
			'bad --month',
			['--title', 'T', '--month', '2026-13'],
			/: --month must be a month written YYYY-MM with a month from 01 to 12; got "2026-13"\./,
		],
		[
			'past --schedule',
			['--title', 'T', '--schedule', '2020-01-01T00:00:00Z'],
			/: --schedule must be in the future/,
		],
		[
			'bad --access',
			['--title', 'T', '--access', 'public'],
			/--access must be one of abonnes, libre/,
		],
		[
			'bad --domain',
			['--title', 'T', '--domain', 'example.com'],
			/: --domain must be one of "numero\.press", "kiosque\.press"/,
		],
		[
			'bad --replace',
			['--title', 'T', '--replace', 'not an id'],
			/: --replace must be an issue id/,
		],
		[
			'--replace with --schedule',
			['--replace', 'numero.press:gazette-2026-03', '--schedule', '2030-01-01T00:00:00Z'],
			/: --schedule is not a field of a PDF replacement/,
		],
	])('refused before any request (exit 2): %s', async (_label, extra, message) => {
		const pdf = writePdf(folder, 'invalid.pdf', 'Invalid');
		const before = await admin<{ total: number }>(sandbox, '/requests');
		const result = await numero(['publish', pdf, ...extra]);
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(message);
		expect((await admin<{ total: number }>(sandbox, '/requests')).total).toBe(before.total);
	});

	test('a missing PDF is named', async () => {
		const result = await numero(['publish', join(folder, 'missing.pdf'), '--title', 'T']);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain(`Cannot read ${join(folder, 'missing.pdf')}: no such file.`);
	});

	test('a key without the publication permission: exit 1 and the permission named', async () => {
		const pdf = writePdf(folder, 'forbidden.pdf', 'Forbidden');
		const result = await numero(['publish', pdf, '--title', 'T', '--json'], sandbox.keys.lecture);
		expect(result.code).toBe(1);
		const { error } = JSON.parse(result.stdout) as {
			error: { kind: string; status: number; code: string; message: string };
		};
		expect(error).toMatchObject({ kind: 'api', status: 403, code: 'forbidden_scope' });
		expect(error.message).toContain('publication');
		expect(result.stderr).toContain('publication');
	});
});
