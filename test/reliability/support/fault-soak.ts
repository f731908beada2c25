/**
 * The fault soak of one integration: link creations, then publications, each phase under its own
 * seeded fault schedule (a quarter of the requests of each origin faulted), then the counts read
 * back from the sandbox.
 */
import type { Harness } from '../../core/support/sandbox-harness';
import { uniquePdf } from '../../../zapier/test/support/files';
import {
	FAULT_KINDS,
	installFaultSchedule,
	type FaultKind,
	type FaultMix,
	type FaultSchedule,
} from './fault-schedule';
import type { ResultRow } from './results';
import { seededRandom } from './seeded-random';
import {
	faultCounts,
	issueCounts,
	linkCounts,
	promiseHeld,
	runWithReruns,
	type IssueRequest,
	type LinkRequest,
	type Outcome,
	type SandboxIssue,
	type SandboxLink,
	type SoakDriver,
} from './soak-ledger';

export const SOAK_ISSUE = 'numero.press:gazette-2026-09';
/** Pages of SOAK_ISSUE: a link's page may not exceed them. */
const ISSUE_PAGES = 16;

export interface SoakOptions {
	seed: number;
	links: number;
	publications: number;
	/** One request in `every` is faulted (4: a quarter). */
	every: number;
	apiMix: FaultMix;
	uploadMix: FaultMix;
	/** Latency faults past the timeout in the publications phase (the links phase has apiMix.maxSlow). */
	publicationSlowFaults: number;
	/** After a phase with latency faults, how long a request they held may still be running in the sandbox. */
	settleMs: number;
}

export interface SoakReport {
	rows: ResultRow[];
	/** Faults the sandbox applied, by kind, per phase. */
	faultRows: ResultRow[];
	/** Error codes the integration gave, by phase (first runs and re-runs). */
	errorCodes: { links: Record<string, number>; publications: Record<string, number> };
}

interface State {
	links: SandboxLink[];
	issues: SandboxIssue[];
}

/** Each link request has its own (page, jours): the sandbox keeps both on the link. */
export function linkRequests(count: number, label: string, seed: number): LinkRequest[] {
	if (count > ISSUE_PAGES * 365) throw new Error(`at most ${ISSUE_PAGES * 365} distinct links`);
	return Array.from({ length: count }, (_, index) => ({
		index,
		reference: `soak-${label}-${index}`,
		page: 1 + (index % ISSUE_PAGES),
		jours: 1 + Math.floor(index / ISSUE_PAGES),
		idempotencyKey: `soak-${label}-${seed}-link-${index}`,
	}));
}

export function issueRequests(count: number, label: string, seed: number): IssueRequest[] {
	return Array.from({ length: count }, (_, index) => {
		const titre = `Soak ${label} ${seed} n°${index}`;
		return { index, titre, pdf: uniquePdf(titre) };
	});
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function phase<R extends { index: number }>(
	harness: Harness,
	options: SoakOptions & { apiMix: FaultMix },
	seed: number,
	slots: { api: number; upload: number },
	requests: R[],
	run: (batch: R[]) => Promise<Outcome[]>,
) {
	const { admin } = harness;
	const before = await admin<State>('GET', '/state');
	await admin('DELETE', '/faults');
	await admin('POST', '/requests/reset');
	await admin('POST', '/uploads/requests/reset');
	const random = seededRandom(seed);
	const schedules: FaultSchedule[] = [
		await installFaultSchedule(admin, {
			origin: 'api',
			slots: slots.api,
			every: options.every,
			random,
			mix: options.apiMix,
		}),
	];
	if (slots.upload > 0)
		schedules.push(
			await installFaultSchedule(admin, {
				origin: 'upload',
				slots: slots.upload,
				every: options.every,
				random,
				mix: options.uploadMix,
			}),
		);

	const tally = await runWithReruns(requests, run);
	if (schedules.some((schedule) => schedule.plannedSlow > 0)) await sleep(options.settleMs);

	const after = await admin<State>('GET', '/state');
	const { total } = await admin<{ total: number }>('GET', '/requests');
	const uploads = (await admin<{ requests: unknown[] }>('GET', '/uploads/requests')).requests
		.length;
	const faults = await faultCounts(total, uploads, schedules);
	await admin('DELETE', '/faults');
	const knownLinks = new Set(before.links.map((link) => link.id));
	const knownIssues = new Set(before.issues.map((issue) => issue.id));
	return {
		tally,
		faults,
		newLinks: after.links.filter((link) => !knownLinks.has(link.id)),
		newIssues: after.issues.filter((issue) => !knownIssues.has(issue.id)),
	};
}

function faultRow(through: string, what: string, byKind: Record<FaultKind, number>): ResultRow {
	return {
		through,
		what,
		counts: Object.fromEntries(FAULT_KINDS.map((kind) => [kind, byKind[kind] ?? 0])),
		held: null,
	};
}

export async function runSoak(
	harness: Harness,
	driver: SoakDriver,
	label: string,
	options: SoakOptions,
): Promise<SoakReport> {
	const rows: ResultRow[] = [];
	const faultRows: ResultRow[] = [];

	const links = linkRequests(options.links, label, options.seed);
	const linkPhase = await phase(
		harness,
		options,
		options.seed,
		{ api: options.links * 2 + 40, upload: 0 },
		links,
		(batch) => driver.createLinks(batch),
	);
	const linkRow = {
		...linkCounts(links, linkPhase.tally, linkPhase.newLinks),
		...linkPhase.faults.counts,
	};
	rows.push({
		through: driver.through,
		what: 'links',
		counts: linkRow,
		held: promiseHeld(linkRow) && linkPhase.newIssues.length === 0,
	});
	faultRows.push(faultRow(driver.through, 'links', linkPhase.faults.byKind));

	const issues = issueRequests(options.publications, label, options.seed);
	const issuePhase = await phase(
		harness,
		{ ...options, apiMix: { ...options.apiMix, maxSlow: options.publicationSlowFaults } },
		options.seed + 1,
		{ api: options.publications * 4 + 40, upload: options.publications * 2 + 20 },
		issues,
		(batch) => driver.publish(batch),
	);
	const issueRow = {
		...issueCounts(issues, issuePhase.tally, issuePhase.newIssues),
		...issuePhase.faults.counts,
	};
	rows.push({
		through: driver.through,
		what: 'publications',
		counts: issueRow,
		held: promiseHeld(issueRow) && issuePhase.newLinks.length === 0,
	});
	faultRows.push(faultRow(driver.through, 'publications', issuePhase.faults.byKind));

	return {
		rows,
		faultRows,
		errorCodes: { links: linkPhase.tally.errorCodes, publications: issuePhase.tally.errorCodes },
	};
}
