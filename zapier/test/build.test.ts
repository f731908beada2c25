/**
 * `zapier-platform build` makes the zip Zapier runs. Unpacked alone in a temporary folder (nothing of
 * the repository around it), it must load with Zapier's own wrapper and run an action against the
 * sandbox: proof that the shared core and every dependency are inside.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { startSandboxFixture, type SandboxFixture } from './support/sandbox-fixture';

const run = promisify(execFile);
const APP_DIR = join(__dirname, '..');
const CLI = join(dirname(require.resolve('zapier-platform-cli/package.json')), 'src', 'bin', 'run');
// The CLI's own unzip (what its build check uses), so the test needs no unzip program.
const decompress: (
	zip: string,
	dest: string,
) => Promise<Array<{ path: string }>> = require('zapier-platform-cli/src/utils/decompress');

const CLI_ENV = { ...process.env, DISABLE_ZAPIER_ANALYTICS: '1', NO_UPDATE_NOTIFIER: '1' };

/** Runs in the unpacked folder, in its own Node process: Zapier's wrapper, then one create (Zapier logs to stdout too). */
const RUN_IN_ZIP = `
const { handler } = require('./zapierwrapper.js');
const { method, bundle } = JSON.parse(process.env.ZAP_EVENT);
handler({ command: 'execute', method, bundle })
  .then((output) => process.stdout.write('\\nRESULT ' + JSON.stringify({ results: output.results, core: require.resolve('zapier-platform-core') }) + '\\n'))
  .catch((error) => { process.stderr.write(String(error && error.message)); process.exit(1); });
`;

let fx: SandboxFixture;
let unpacked: string;
let entries: string[];

beforeAll(async () => {
	fx = await startSandboxFixture();
	await run(process.execPath, [CLI, 'build', '--skip-validation'], {
		cwd: APP_DIR,
		env: CLI_ENV,
		timeout: 240_000,
	});
	unpacked = await mkdtemp(join(tmpdir(), 'numero-zapier-zip-'));
	entries = (await decompress(join(APP_DIR, 'build', 'build.zip'), unpacked)).map(
		(file) => file.path,
	);
}, 300_000);

afterAll(async () => {
	if (unpacked) await rm(unpacked, { recursive: true, force: true });
	await fx?.close();
});

test('the zip holds the app, the compiled core and its dependencies, all under its root', () => {
	for (const path of [
		'zapierwrapper.js',
		'index.js',
		'definition.json',
		'package.json',
		'lib/zapier/src/index.js',
		'lib/shared/index.js',
		'lib/shared/numero-client.js',
		'node_modules/zapier-platform-core/index.js',
	]) {
		expect(entries).toContain(path);
	}
	expect(entries.filter((path) => path.startsWith('..') || path.startsWith('/'))).toEqual([]);
	expect(entries.filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts'))).toEqual([]);
});

test('unpacked alone, it loads with Zapier’s wrapper and creates a reading link on the sandbox', async () => {
	const event = {
		method: 'creates.createReadingLink.operation.perform',
		bundle: {
			authData: fx.authData,
			inputData: { id: 'numero.press:gazette-2026-10', jours: '3' },
		},
	};
	const { stdout } = await run(process.execPath, ['-e', RUN_IN_ZIP], {
		cwd: unpacked,
		env: { PATH: process.env.PATH ?? '', ZAP_EVENT: JSON.stringify(event) },
		timeout: 60_000,
	});
	const line = stdout.split('\n').find((text) => text.startsWith('RESULT '));
	const { results, core } = JSON.parse(line!.slice('RESULT '.length));
	expect(relative(unpacked, core).startsWith('..')).toBe(false);
	expect(results.issue_id).toBe('numero.press:gazette-2026-10');
	expect(Date.parse(results.expire_le) - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
	const reader = await fetch(results.url);
	expect(reader.status).toBe(200);
});

test('unpacked alone, it refuses bad input with the core’s message naming the field', async () => {
	const event = {
		method: 'creates.createReadingLink.operation.perform',
		bundle: {
			authData: fx.authData,
			inputData: { id: 'numero.press:gazette-2026-10', jours: '400' },
		},
	};
	const failure = await run(process.execPath, ['-e', RUN_IN_ZIP], {
		cwd: unpacked,
		env: { PATH: process.env.PATH ?? '', ZAP_EVENT: JSON.stringify(event) },
		timeout: 60_000,
	}).catch((error: { stderr: string }) => error);
	expect((failure as { stderr: string }).stderr).toMatch(
		/Validity \(Days\) must be a whole number from 1 to 365/,
	);
});
