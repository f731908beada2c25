/**
 * A seeded fault schedule installed in the sandbox through its admin API (POST /faults): of every
 * block of `every` requests an origin receives, one (at a random place in the block) gets a fault,
 * the others pass. Faults are consumed in the order requests arrive, so the share of faulted
 * requests is exact whatever the concurrency; which request gets which fault is up to the timing.
 * The passing slots are "delay 0" faults, which do nothing. What was really consumed is read back
 * from the sandbox (GET /faults lists what is left).
 */
import type { Random } from './seeded-random';

export type FaultOrigin = 'api' | 'upload';

export type FaultKind =
	| '429 short Retry-After'
	| '429 long Retry-After'
	| '500'
	| '503'
	| 'dropped connection'
	| 'commit then drop'
	| 'latency past the timeout';

export const FAULT_KINDS: readonly FaultKind[] = [
	'429 short Retry-After',
	'429 long Retry-After',
	'500',
	'503',
	'dropped connection',
	'commit then drop',
	'latency past the timeout',
];

export interface FaultMix {
	/** Retry-After the client waits for (at most its maxRetryAfterSeconds). */
	shortRetryAfterSeconds: number;
	/** Retry-After beyond the client's maxRetryAfterSeconds: the call fails at once with a clear error. */
	longRetryAfterSeconds: number;
	/** How long a slow request is held before the sandbox handles it: past the client's per-attempt timeout. */
	slowDelayMs: number;
	/** At most this many slow faults (n8n and Zapier time out after 30 s and 20 s: each costs real time). */
	maxSlow: number;
	/**
	 * Put the slow faults in the first blocks, so that they hit requests sent at the same time (one
	 * per concurrent execution) and their waits overlap, instead of anywhere in the schedule.
	 */
	slowFirst?: boolean;
	/** Kinds left out of this origin's schedule. */
	without?: FaultKind[];
}

type Admin = <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;

interface InstalledFault {
	id: string;
	kind: FaultKind;
}

export interface FaultSchedule {
	origin: FaultOrigin;
	slots: number;
	planned: number;
	/** Latency faults among the planned ones. */
	plannedSlow: number;
	/** Faults the sandbox applied (consumed), by kind, read from the sandbox. */
	consumed(): Promise<Record<FaultKind, number>>;
}

function actionOf(kind: FaultKind, mix: FaultMix): Record<string, unknown> {
	switch (kind) {
		case '429 short Retry-After':
			return { action: 'status', status: 429, retryAfter: mix.shortRetryAfterSeconds };
		case '429 long Retry-After':
			return { action: 'status', status: 429, retryAfter: mix.longRetryAfterSeconds };
		case '500':
			return { action: 'status', status: 500 };
		case '503':
			return { action: 'status', status: 503 };
		case 'dropped connection':
			return { action: 'drop' };
		case 'commit then drop':
			return { action: 'commit_then_drop' };
		case 'latency past the timeout':
			return { action: 'delay', delayMs: mix.slowDelayMs };
	}
}

/** Installs `slots` request slots for one origin, one faulted in each block of `every`. */
export async function installFaultSchedule(
	admin: Admin,
	options: { origin: FaultOrigin; slots: number; every: number; random: Random; mix: FaultMix },
): Promise<FaultSchedule> {
	const { origin, slots, every, random, mix } = options;
	const kinds = FAULT_KINDS.filter((kind) => !(mix.without ?? []).includes(kind));
	const installed: InstalledFault[] = [];
	let passing = 0;
	let slow = 0;
	const flushPassing = async (): Promise<void> => {
		if (passing === 0) return;
		await admin('POST', '/faults', {
			match: { origin },
			count: passing,
			action: 'delay',
			delayMs: 0,
		});
		passing = 0;
	};
	for (let block = 0; block * every < slots; block++) {
		const faultAt = Math.floor(random() * every);
		for (let slot = 0; slot < every; slot++) {
			if (slot !== faultAt) {
				passing++;
				continue;
			}
			let kind = kinds[Math.floor(random() * kinds.length)]!;
			if (mix.slowFirst && kinds.includes('latency past the timeout') && slow < mix.maxSlow)
				kind = 'latency past the timeout';
			while (kind === 'latency past the timeout' && slow >= mix.maxSlow)
				kind = kinds[Math.floor(random() * kinds.length)]!;
			if (kind === 'latency past the timeout') slow++;
			await flushPassing();
			const { id } = await admin<{ id: string }>('POST', '/faults', {
				match: { origin },
				count: 1,
				...actionOf(kind, mix),
			});
			installed.push({ id, kind });
		}
	}
	await flushPassing();
	return {
		origin,
		slots,
		planned: installed.length,
		plannedSlow: slow,
		async consumed() {
			const { faults } = await admin<{ faults: Array<{ id: string }> }>('GET', '/faults');
			const left = new Set(faults.map((fault) => fault.id));
			const counts = Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0])) as Record<
				FaultKind,
				number
			>;
			for (const fault of installed) if (!left.has(fault.id)) counts[fault.kind]++;
			return counts;
		},
	};
}
