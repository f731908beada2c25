import { Output } from '../../cli/output';
import type { Io } from '../../cli/io';
import { bytes, fields, table } from '../../cli/human-format';

function capture(json = false) {
	const written = { stdout: '', stderr: '' };
	const io: Io = {
		stdout: { write: (text: string) => (written.stdout += text) },
		stderr: { write: (text: string) => (written.stderr += text) },
		stdin: (async function* () {})(),
		env: {},
		cwd: '/',
	};
	return { output: new Output(io, json), written };
}

describe('output', () => {
	test('a protected secret never reaches stdout or stderr, in text or in JSON', () => {
		const { output, written } = capture(true);
		const secret = 'nk_live_"quoted\\secret"42';
		output.protect(secret);
		output.line(`key ${secret} here`);
		output.note(`error with ${secret}`);
		output.document({ echoed: secret, nested: [`x${secret}x`] });
		expect(written.stdout + written.stderr).not.toContain(secret);
		expect(written.stdout).not.toContain(JSON.stringify(secret).slice(1, -1));
		expect(written.stdout).toContain('[redacted]');
		expect(JSON.parse(written.stdout.slice(written.stdout.indexOf('{')))).toEqual({
			echoed: '[redacted]',
			nested: ['x[redacted]x'],
		});
	});

	test('result prints JSON with --json and the human text otherwise', () => {
		const human = capture(false);
		human.output.result({ a: 1 }, () => 'A  1');
		expect(human.written.stdout).toBe('A  1\n');
		const json = capture(true);
		json.output.result({ a: 1 }, () => 'A  1');
		expect(JSON.parse(json.written.stdout)).toEqual({ a: 1 });
	});

	test('fields, tables and sizes', () => {
		expect(
			fields([
				['Id', 'x'],
				['Long label', null],
				['Skipped', undefined],
				['Yes', true],
			]),
		).toBe('Id          x\nLong label  -\nYes         yes');
		expect(
			table(
				['ID', 'TITLE'],
				[
					['a:b', 'One'],
					['a:longer', 'Two'],
				],
			),
		).toBe('ID        TITLE\na:b       One\na:longer  Two');
		expect([bytes(0), bytes(1536), bytes(524288000), bytes(5 * 1024 ** 3)]).toEqual([
			'0 B',
			'1.5 KB',
			'500 MB',
			'5.0 GB',
		]);
	});
});
