import { bytes } from './human-format';
import type { Io, TextSink } from './io';

/** What the core's publishIssue reports through onProgress. */
export interface ProgressEvent {
	phase: 'hash' | 'upload';
	file: 'pdf' | 'cover';
	bytes: number;
	total: number;
}

const PHASE_LABELS = { hash: 'Hashing', upload: 'Uploading' } as const;

/**
 * One line per step (hashing the PDF, uploading it, the cover likewise), redrawn in place on stderr;
 * a finished step stays on screen. Only for a terminal: see progressBarFor.
 */
export class ProgressBar {
	private current: { key: string; line: string; percent: number; width: number } | undefined;

	constructor(
		private readonly sink: TextSink,
		private readonly fileNames: { pdf: string; cover?: string },
	) {}

	update(event: ProgressEvent): void {
		const key = `${event.phase}:${event.file}`;
		const percent =
			event.total > 0 ? Math.min(100, Math.floor((event.bytes / event.total) * 100)) : 100;
		const width = this.sink.columns ?? 80;
		if (this.current && this.current.key !== key) this.finishLine();
		if (this.current && this.current.percent === percent && this.current.width === width) return;
		const line = this.render(event, percent, width);
		this.sink.write(`\r${line}\x1b[K`);
		this.current = { key, line, percent, width };
	}

	/** Ends the line being drawn, so that what follows starts on a fresh line. */
	finish(): void {
		this.finishLine();
	}

	render(event: ProgressEvent, percent: number, width: number): string {
		const name = event.file === 'pdf' ? this.fileNames.pdf : (this.fileNames.cover ?? 'cover');
		const label = `${PHASE_LABELS[event.phase].padEnd(9)} ${truncate(name, 24).padEnd(24)}`;
		const amount = `${String(percent).padStart(3)}%  ${bytes(event.bytes)} / ${bytes(event.total)}`;
		const barWidth = Math.max(10, Math.min(40, width - label.length - amount.length - 6));
		const filled = Math.round((barWidth * percent) / 100);
		const line = `${label} [${'█'.repeat(filled)}${'░'.repeat(barWidth - filled)}] ${amount}`;
		// A line longer than the terminal would wrap, and \r would then redraw only its last part.
		return line.length < width ? line : line.slice(0, Math.max(1, width - 1));
	}

	private finishLine(): void {
		if (this.current) this.sink.write('\n');
		this.current = undefined;
	}
}

/** A progress bar when stderr is a terminal, nothing otherwise (pipes, CI logs, --json consumers). */
export function progressBarFor(
	io: Io,
	fileNames: { pdf: string; cover?: string },
): ProgressBar | undefined {
	return io.stderr.isTTY === true ? new ProgressBar(io.stderr, fileNames) : undefined;
}

function truncate(text: string, max: number): string {
	return text.length <= max ? text : `…${text.slice(text.length - max + 1)}`;
}
