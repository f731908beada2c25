/**
 * The sandbox's own clock: now = start + realElapsed × timeScale + manual advances.
 * Everything time-based in the sandbox (schedules, expiries, rate windows, retries) reads it,
 * so tests move time forward instead of waiting.
 */
export class SandboxClock {
	private readonly realStart = Date.now();
	private readonly start: number;
	private advancedMs = 0;

	constructor(
		readonly timeScale = 1,
		start = Date.now(),
	) {
		if (!Number.isFinite(timeScale) || timeScale < 0)
			throw new Error('timeScale must be a number >= 0');
		this.start = start;
	}

	/** Milliseconds since the Unix epoch, sandbox time. */
	now(): number {
		return Math.floor(
			this.start + (Date.now() - this.realStart) * this.timeScale + this.advancedMs,
		);
	}

	advance(seconds: number): void {
		this.advancedMs += seconds * 1000;
	}

	iso(ms = this.now()): string {
		return new Date(ms).toISOString();
	}
}
