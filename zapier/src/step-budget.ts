import { NumeroNetworkError, type Clock, type FieldNamer, type Transport } from '../../shared';

/**
 * Zapier stops a create after 30 seconds, its requests and its code together ("Create/search action:
 * requests(s) + scripting: 30 seconds", https://docs.zapier.com/platform/build/operating-constraints),
 * and then shows only a generic error. Publish Issue and Replace Issue PDF therefore run the download,
 * the hash and every API call within one deadline measured from the start of the step, and end with
 * their own message when it passes. Tests shorten these figures (jest.replaceProperty).
 */
export const STEP_TIME = {
	/** All of the step's work ends by then: 3 of Zapier's 30 s are left for loading the app, the error and the logs. */
	totalMs: 27_000,
	/** The downloads (hashed as they arrive) end by then, so that 12 s are left to send the files and create the issue. */
	downloadMs: 15_000,
};

/**
 * Timers run on the event loop's clock, which can be a few ms behind Date.now when they are set: a
 * timeout cut to the deadline may fire that much before Date.now reaches it.
 */
const TIMER_SLACK_MS = 20;

/** What the step is doing: the message names it when the time runs out. */
export type StepActivity =
	| { kind: 'download'; field: string }
	| { kind: 'upload'; field: string }
	| { kind: 'call'; endpoint: string };

/** The API calls of the publishing steps, as the message names them. */
const CALLS: Readonly<Record<string, string>> = {
	'GET /compte': "Reading your plan's file size limit",
	'GET /numeros': "Reading the issue's current title",
	'POST /televersements': 'Asking numero where to send the file',
	'POST /numeros': 'Creating the issue',
};

/** The step ran out of time; the message names what was still running, each field by its label. */
export class StepTimeError extends Error {
	readonly #phrase: (name: FieldNamer) => string;
	constructor(phrase: (name: FieldNamer) => string) {
		super(phrase((field) => `"${field}"`));
		this.name = 'StepTimeError';
		this.#phrase = phrase;
	}

	sentence(name: FieldNamer): string {
		return this.#phrase(name);
	}
}

export function seconds(ms: number): string {
	return ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${(ms / 1000).toFixed(1)} s`;
}

function describe(activity: StepActivity | undefined, name: FieldNamer): string {
	if (activity?.kind === 'download') return `Downloading ${name(activity.field)}`;
	if (activity?.kind === 'upload') return `Sending ${name(activity.field)} to numero`;
	return (activity && CALLS[activity.endpoint]) ?? 'Calling numero';
}

function advice(activity: StepActivity | undefined): string {
	if (activity?.kind === 'download')
		return 'Nothing was uploaded. Use a smaller file or a host that serves it faster.';
	if (activity?.kind === 'upload')
		return 'Use a smaller file: its download and upload must fit together. Running the step again is safe: nothing is created twice.';
	return 'numero answered slowly: run the step again in a moment (nothing is created twice).';
}

/** One step's time: its deadline, the downloads' own, and what the step is doing. */
export class StepBudget {
	readonly now: Clock;
	readonly startedAt: number;
	/** No request starts, and none still runs, after it (the core's `deadlineAt`). */
	readonly deadline: number;
	/** The downloads end by then. */
	readonly downloadDeadline: number;
	#activity: StepActivity | undefined;

	constructor(now: Clock = Date.now) {
		this.now = now;
		this.startedAt = now();
		this.deadline = this.startedAt + STEP_TIME.totalMs;
		this.downloadDeadline = this.startedAt + Math.min(STEP_TIME.downloadMs, STEP_TIME.totalMs);
	}

	doing(activity: StepActivity): void {
		this.#activity = activity;
	}

	/** A signal that aborts a download when the downloads' time is up. */
	downloadSignal(): AbortSignal {
		return AbortSignal.timeout(Math.max(0, this.downloadDeadline - this.now()));
	}

	expired(): boolean {
		return this.now() >= this.deadline - TIMER_SLACK_MS;
	}

	/** The downloads' time ran out while `field` was downloading. */
	downloadTookTooLong(field: string): StepTimeError {
		const limit = seconds(this.downloadDeadline - this.startedAt);
		return new StepTimeError(
			(name) =>
				`Downloading ${name(field)} took more than the ${limit} this step allows for downloads (Zapier stops a step at 30 s; the rest is kept to send the file to numero). Nothing was uploaded. Use a smaller file or a host that serves it faster.`,
		);
	}

	/** The step's time ran out while doing what it was last doing. */
	ranOut(): StepTimeError {
		const activity = this.#activity;
		const limit = seconds(this.deadline - this.startedAt);
		return new StepTimeError(
			(name) =>
				`${describe(activity, name)} did not finish within the ${limit} this step allows (Zapier stops a step at 30 s). ${advice(activity)}`,
		);
	}

	/** The API transport, noting each call as the step's activity (the upload PUT is noted by its file). */
	watch(transport: Transport, baseUrl: string): Transport {
		return (request) => {
			if (request.url.startsWith(`${baseUrl}/`)) {
				const path = request.url.slice(baseUrl.length).split('?')[0];
				this.doing({ kind: 'call', endpoint: `${request.method} ${path}` });
			}
			return transport(request);
		};
	}

	/** Runs the step's work; a call the deadline cut short becomes the step's own message. */
	async within<T>(work: () => Promise<T>): Promise<T> {
		try {
			return await work();
		} catch (error) {
			if (error instanceof NumeroNetworkError && error.kind === 'timeout' && this.expired())
				throw this.ranOut();
			throw error;
		}
	}
}
