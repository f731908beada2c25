import { ProgressBar, progressBarFor } from '../../cli/progress-bar';
import type { Io, TextSink } from '../../cli/io';

class FakeTerminal implements TextSink {
	isTTY = true;
	columns = 100;
	written = '';
	write(text: string): void {
		this.written += text;
	}
	/** What the screen shows: each \r returns to the start of the line, \x1b[K clears the rest. */
	screen(): string[] {
		const lines: string[] = [''];
		for (const part of this.written.replace(/\x1b\[K/g, '').split(/(\r|\n)/)) {
			if (part === '\r') lines[lines.length - 1] = '';
			else if (part === '\n') lines.push('');
			else lines[lines.length - 1] += part;
		}
		return lines;
	}
}

function io(stderr: TextSink): Io {
	return {
		stdout: { write: () => true },
		stderr,
		stdin: (async function* () {})(),
		env: {},
		cwd: '/',
	};
}

describe('progress bar', () => {
	test('draws hashing then uploading of the PDF and the cover, one line per step, redrawn in place', () => {
		const terminal = new FakeTerminal();
		const bar = new ProgressBar(terminal, { pdf: 'mars-2026.pdf', cover: 'cover.jpg' });
		const total = 4 * 1024 * 1024;
		for (const phase of ['hash', 'upload'] as const) {
			for (let bytes = 0; bytes <= total; bytes += 1024 * 1024)
				bar.update({ phase, file: 'pdf', bytes, total });
		}
		bar.update({ phase: 'hash', file: 'cover', bytes: 500, total: 1000 });
		bar.finish();
		const screen = terminal.screen();
		expect(screen).toHaveLength(4);
		expect(screen[0]).toMatch(/^Hashing {3}mars-2026\.pdf +\[█+\] 100% {2}4\.0 MB \/ 4\.0 MB$/);
		expect(screen[1]).toMatch(/^Uploading mars-2026\.pdf +\[█+\] 100%/);
		expect(screen[2]).toMatch(/^Hashing {3}cover\.jpg +\[█+░+\] {2}50% {2}500 B \/ 1000 B$/);
		expect(screen[3]).toBe('');
		for (const line of screen) expect(line.length).toBeLessThanOrEqual(100);
	});

	test('redraws only when the percentage changes', () => {
		const terminal = new FakeTerminal();
		const bar = new ProgressBar(terminal, { pdf: 'a.pdf' });
		for (let bytes = 0; bytes <= 1_000_000; bytes += 10)
			bar.update({ phase: 'hash', file: 'pdf', bytes, total: 1_000_000 });
		expect(terminal.written.split('\r').length - 1).toBe(101);
	});

	test('fits a narrow terminal and shortens long file names', () => {
		const terminal = new FakeTerminal();
		terminal.columns = 60;
		const bar = new ProgressBar(terminal, { pdf: 'a-very-long-file-name-for-the-march-issue.pdf' });
		bar.update({ phase: 'upload', file: 'pdf', bytes: 1, total: 3 });
		expect(terminal.screen()[0]).toMatch(/^Uploading …for-the-march-issue\.pdf \[█+░+\] {2}33%/);
		terminal.columns = 40;
		bar.update({ phase: 'upload', file: 'pdf', bytes: 2, total: 3 });
		expect(terminal.screen()[0]).toMatch(/^Uploading …for-the-march-issue\.pdf \[█+$/);
		expect(terminal.screen()[0]).toHaveLength(39);
	});

	test('only on a terminal: nothing when stderr is a pipe or a file', () => {
		const pipe = new FakeTerminal();
		pipe.isTTY = false;
		expect(progressBarFor(io(pipe), { pdf: 'a.pdf' })).toBeUndefined();
		expect(progressBarFor(io(new FakeTerminal()), { pdf: 'a.pdf' })).toBeInstanceOf(ProgressBar);
	});
});
