import { compileCli, removeCompiled } from './support/compile-cli';
import { runNumero, STACK_LINE } from './support/run-numero';

const COMMAND_NAMES = [
	'sandbox',
	'trigger',
	'verify',
	'publish',
	'update',
	'issues',
	'issue',
	'link',
	'revoke',
	'stats',
	'account',
];

let compiled: { outDir: string; main: string };
beforeAll(() => {
	compiled = compileCli();
});
afterAll(() => removeCompiled(compiled.outDir));

describe('numero --help and usage errors', () => {
	test('numero --help lists every command and the exit codes', async () => {
		const run = await runNumero(compiled.main, ['--help']);
		expect(run.code).toBe(0);
		for (const name of COMMAND_NAMES)
			expect(run.stdout).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
		expect(run.stdout).toContain('Exit codes:');
		expect(run.stdout).toMatch(/^ {2}5 +trigger: the receiver answered/m);
	});

	test('numero alone prints the help on stderr and exits 2', async () => {
		const run = await runNumero(compiled.main, []);
		expect(run.code).toBe(2);
		expect(run.stdout).toBe('');
		expect(run.stderr).toContain('Usage: numero <command> [options]');
	});

	test.each(COMMAND_NAMES)(
		'numero %s --help shows its usage, options and examples',
		async (name) => {
			const run = await runNumero(compiled.main, [name, '--help']);
			expect(run.code).toBe(0);
			expect(run.stdout).toMatch(new RegExp(`^Usage: numero ${name}\\b`));
			expect(run.stdout).toContain('Options:');
			expect(run.stdout).toContain('-h, --help');
			expect(run.stdout).toContain(`Examples:\n  numero ${name}`);
			const same = await runNumero(compiled.main, ['help', name]);
			expect(same.stdout).toBe(run.stdout);
		},
	);

	test('an unknown command is a usage error naming the commands', async () => {
		const run = await runNumero(compiled.main, ['publsh', 'x.pdf']);
		expect(run.code).toBe(2);
		expect(run.stderr).toContain('Unknown command "publsh"');
		expect(run.stderr).toContain('publish');
	});

	test('an unknown option is a usage error with a suggestion, and no stack trace', async () => {
		const run = await runNumero(compiled.main, [
			'trigger',
			'numero.publie',
			'--too',
			'http://127.0.0.1:9/',
		]);
		expect(run.code).toBe(2);
		expect(run.stderr).toContain('Unknown option --too. Did you mean --to?');
		expect(run.stderr).toContain("Run 'numero trigger --help'");
		expect(run.stderr).not.toMatch(STACK_LINE);
	});

	test('a misplaced value is not echoed (it could be a secret)', async () => {
		const run = await runNumero(compiled.main, ['verify', 'whsec_misplacedSecretValue123']);
		expect(run.code).toBe(2);
		expect(run.stderr).toContain('numero verify takes no argument');
		expect(run.stderr).not.toContain('whsec_misplacedSecretValue123');
	});

	test('--json turns a usage error into a JSON document on stdout', async () => {
		const run = await runNumero(compiled.main, ['issues', '--limit', 'ten', '--json']);
		expect(run.code).toBe(2);
		expect(JSON.parse(run.stdout)).toEqual({
			error: { kind: 'usage', message: '--limit must be a whole number (got "ten").' },
		});
	});

	test('--version prints the version of the bin package', async () => {
		const run = await runNumero(compiled.main, ['--version']);
		expect(run.code).toBe(0);
		expect(run.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
	});
});
