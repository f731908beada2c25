/**
 * The fault soak's bookkeeping: what each integration answered for each logical request, and what
 * the sandbox holds afterwards. Every count comes from an output or from the sandbox (GET /state,
 * GET /requests, GET /uploads/requests, GET /faults), never from what the test expected.
 *
 * Each logical link request has its own (page, jours) pair, which the sandbox keeps on the link
 * (page, expiresAt − createdAt): so each link in the sandbox says which request made it, and each
 * output can be checked against the link it names. Each publication has its own title.
 */
import type { FaultKind, FaultSchedule } from './fault-schedule';

export interface LinkRequest {
	index: number;
	reference: string;
	page: number;
	jours: number;
	idempotencyKey: string;
}

export interface IssueRequest {
	index: number;
	titre: string;
	pdf: Buffer;
}

export type Outcome =
	/** `resourceId`: the link id read from the returned url, or the returned issue id. */
	| { kind: 'ok'; resourceId: string }
	/** `clear`: the integration's own error form, with a message saying what happened. */
	| { kind: 'error'; code: string; message: string; clear: boolean }
	/** No output at all for this request (an n8n item that vanished). */
	| { kind: 'missing' };

/** An integration under soak: runs a batch of logical requests and says what each gave. */
export interface SoakDriver {
	through: string;
	createLinks(requests: LinkRequest[]): Promise<Outcome[]>;
	publish(requests: IssueRequest[]): Promise<Outcome[]>;
}

export const MAX_RERUNS = 3;
const DAY_MS = 24 * 3600 * 1000;

export interface SandboxLink {
	id: string;
	page: number | null;
	createdAt: string;
	expiresAt: string;
}

export interface SandboxIssue {
	id: string;
	titre: string;
}

export interface SoakTally {
	logical: number;
	okFirst: number;
	clearFirst: number;
	unclear: number;
	missingOutputs: number;
	okAfterRerun: number;
	failedAfterReruns: number;
	/** Error codes seen, with counts (first runs and re-runs). */
	errorCodes: Record<string, number>;
	/** The resource each logical request ended with, by its index. */
	resources: Map<number, string>;
}

/**
 * Runs the requests, then re-runs (same inputs, same idempotency key) those that failed with a
 * clear error, as Zapier's replay or an n8n "retry execution" would, at most MAX_RERUNS times.
 */
export async function runWithReruns<R extends { index: number }>(
	requests: R[],
	run: (batch: R[]) => Promise<Outcome[]>,
): Promise<SoakTally> {
	const tally: SoakTally = {
		logical: requests.length,
		okFirst: 0,
		clearFirst: 0,
		unclear: 0,
		missingOutputs: 0,
		okAfterRerun: 0,
		failedAfterReruns: 0,
		errorCodes: {},
		resources: new Map(),
	};
	let pending = requests;
	for (let round = 0; round <= MAX_RERUNS && pending.length > 0; round++) {
		const outcomes = await run(pending);
		const again: R[] = [];
		pending.forEach((request, position) => {
			const outcome = outcomes[position] ?? { kind: 'missing' };
			if (outcome.kind === 'ok') {
				tally.resources.set(request.index, outcome.resourceId);
				if (round === 0) tally.okFirst++;
				else tally.okAfterRerun++;
			} else if (outcome.kind === 'missing') {
				tally.missingOutputs++;
			} else {
				tally.errorCodes[outcome.code] = (tally.errorCodes[outcome.code] ?? 0) + 1;
				if (!outcome.clear) tally.unclear++;
				else {
					if (round === 0) tally.clearFirst++;
					again.push(request);
				}
			}
		});
		pending = again;
	}
	tally.failedAfterReruns = pending.length;
	return tally;
}

/** The link id an output's reader url carries (`…?lien=lnk_…`). */
export function linkIdOf(url: unknown): string {
	if (typeof url !== 'string') return '';
	try {
		return new URL(url).searchParams.get('lien') ?? '';
	} catch {
		return '';
	}
}

function tallyCounts(tally: SoakTally): Record<string, number> {
	return {
		'logical requests': tally.logical,
		'ok (first run)': tally.okFirst,
		'clear errors (first run)': tally.clearFirst,
		'unclear errors': tally.unclear,
		'items missing from output': tally.missingOutputs,
		'ok after re-run': tally.okAfterRerun,
		'failed after re-runs': tally.failedAfterReruns,
	};
}

/** Counts of a link phase: the outputs, then the links the sandbox holds that this phase made. */
export function linkCounts(
	requests: LinkRequest[],
	tally: SoakTally,
	newLinks: SandboxLink[],
): Record<string, number> {
	const requestOf = new Map(
		requests.map((request) => [`${request.page}/${request.jours}`, request.index]),
	);
	const linksPerRequest = new Map<number, SandboxLink[]>();
	let strays = 0;
	for (const link of newLinks) {
		const jours = (Date.parse(link.expiresAt) - Date.parse(link.createdAt)) / DAY_MS;
		const index = requestOf.get(`${link.page}/${jours}`);
		if (index === undefined) {
			strays++;
			continue;
		}
		linksPerRequest.set(index, [...(linksPerRequest.get(index) ?? []), link]);
	}
	let duplicates = 0;
	for (const links of linksPerRequest.values()) duplicates += links.length - 1;
	let mismatched = 0;
	for (const [index, linkId] of tally.resources) {
		if (!(linksPerRequest.get(index) ?? []).some((link) => link.id === linkId)) mismatched++;
	}
	return {
		...tallyCounts(tally),
		'links in sandbox': newLinks.length,
		'requests with 2+ links': [...linksPerRequest.values()].filter((links) => links.length > 1)
			.length,
		'extra links': duplicates + strays,
		'requests without a link': requests.length - linksPerRequest.size,
		'outputs not matching sandbox': mismatched,
	};
}

/** Counts of a publication phase: the outputs, then the issues the sandbox holds with these titles. */
export function issueCounts(
	requests: IssueRequest[],
	tally: SoakTally,
	newIssues: SandboxIssue[],
): Record<string, number> {
	const requestOf = new Map(requests.map((request) => [request.titre, request.index]));
	const issuesPerRequest = new Map<number, SandboxIssue[]>();
	let strays = 0;
	for (const issue of newIssues) {
		const index = requestOf.get(issue.titre);
		if (index === undefined) {
			strays++;
			continue;
		}
		issuesPerRequest.set(index, [...(issuesPerRequest.get(index) ?? []), issue]);
	}
	let duplicates = 0;
	for (const issues of issuesPerRequest.values()) duplicates += issues.length - 1;
	let mismatched = 0;
	for (const [index, issueId] of tally.resources) {
		if (!(issuesPerRequest.get(index) ?? []).some((issue) => issue.id === issueId)) mismatched++;
	}
	return {
		...tallyCounts(tally),
		'issues in sandbox': newIssues.length,
		'requests with 2+ issues': [...issuesPerRequest.values()].filter((issues) => issues.length > 1)
			.length,
		'extra issues': duplicates + strays,
		'requests without an issue': requests.length - issuesPerRequest.size,
		'outputs not matching sandbox': mismatched,
	};
}

/** The soak's promise, from a phase's counts. */
export function promiseHeld(counts: Record<string, number>): boolean {
	const zero = [
		'unclear errors',
		'items missing from output',
		'failed after re-runs',
		'extra links',
		'extra issues',
		'requests without a link',
		'requests without an issue',
		'outputs not matching sandbox',
	];
	return zero.every((name) => (counts[name] ?? 0) === 0);
}

/** Requests the sandbox received in a phase and the faults it applied to them. */
export async function faultCounts(
	apiRequests: number,
	uploadRequests: number,
	schedules: FaultSchedule[],
): Promise<{ counts: Record<string, number>; byKind: Record<FaultKind, number> }> {
	const byKind = {} as Record<FaultKind, number>;
	let faulted = 0;
	for (const schedule of schedules) {
		for (const [kind, count] of Object.entries(await schedule.consumed()) as Array<
			[FaultKind, number]
		>) {
			byKind[kind] = (byKind[kind] ?? 0) + count;
			faulted += count;
		}
	}
	const received = apiRequests + uploadRequests;
	return {
		counts: {
			'requests received': received,
			'requests faulted': faulted,
			'faulted %': received === 0 ? 0 : Math.round((faulted / received) * 1000) / 10,
		},
		byKind,
	};
}
