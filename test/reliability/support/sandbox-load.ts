/**
 * Load on the sandbox: many clients, each with its own keep-alive connection and one of the
 * sandbox's keys, sending a mix of reads and writes as fast as they can for a bounded time. Then:
 * every answer's status and rate-limit headers, and every acknowledged write looked up in the
 * sandbox's state (GET /admin/state).
 *
 * The test lasts less than the rate limit's one-minute window, so each key has exactly one window:
 * its allowed answers must count X-RateLimit-Remaining down from limit − 1 with no value twice and
 * none skipped, and a 429 (Remaining 0, a Retry-After) may only come once the limit is used up.
 */
import { createHash, randomBytes } from 'node:crypto';

import type { HttpResponse } from '../../../shared';
import { undiciTransport, type UndiciTransport } from '../../../standalone';
import type { Harness } from '../../core/support/sandbox-harness';
import { runPool } from './run-pool';

type KeyName = 'full' | 'lecture' | 'liens' | 'publication' | 'otherAccount';

export interface LoadOptions {
	clients: number;
	durationMs: number;
	/** The sandbox's calls per minute per key (as started). */
	rateLimit: number;
}

interface Answer {
	key: KeyName;
	status: number;
	headers: Record<string, string>;
}

interface Ledger {
	answers: Answer[];
	networkErrors: string[];
	links: Array<{ id: string; url: string }>;
	replays: Array<{ url: string; expected: string }>;
	revocations: number;
	uploads: string[];
	titles: Map<string, string[]>;
}

/** Which key each client uses: the full key is shared by the most clients, so its limit runs out first. */
const KEY_OF_CLIENT: KeyName[] = [
	'full',
	'full',
	'full',
	'lecture',
	'liens',
	'full',
	'publication',
	'otherAccount',
	'full',
	'liens',
];
const ISSUES_OF_MAIN = [
	'numero.press:gazette-2026-09',
	'numero.press:gazette-2026-10',
	'kiosque.press:revue-arts-ete-2026',
];
const ISSUE_OF_OTHER = 'numero.press:bulletin-quartier-2026-10';

const linkIdOf = (url: string) => new URL(url).searchParams.get('lien') ?? '';

async function clientLoop(
	harness: Harness,
	index: number,
	until: number,
	ledger: Ledger,
): Promise<void> {
	const key = KEY_OF_CLIENT[index % KEY_OF_CLIENT.length]!;
	const transport: UndiciTransport = undiciTransport({ connections: 1 });
	const base = harness.sandbox.baseUrl;
	const headers = {
		Authorization: `Bearer ${harness.sandbox.keys[key]}`,
		'User-Agent': `numero-load-test/1.0 (client ${index})`,
		Accept: 'application/json',
	};
	const call = async (
		method: 'GET' | 'POST' | 'PATCH',
		path: string,
		body?: object,
		extra: Record<string, string> = {},
	): Promise<HttpResponse | undefined> => {
		try {
			const response = await transport({
				method,
				url: `${base}${path}`,
				headers: { ...headers, ...extra, ...(body ? { 'Content-Type': 'application/json' } : {}) },
				...(body ? { body: JSON.stringify(body) } : {}),
				timeoutMs: 30_000,
			});
			ledger.answers.push({ key, status: response.status, headers: response.headers });
			return response;
		} catch (error) {
			ledger.networkErrors.push(`${method} ${path}: ${(error as Error).message}`);
			return undefined;
		}
	};
	const json = (response: HttpResponse | undefined) =>
		response ? (JSON.parse(response.body) as Record<string, unknown>) : {};
	let step = 0;
	let lastLink: { key: string; body: object; url: string } | undefined;
	try {
		while (Date.now() < until) {
			step++;
			const unique = `${index}-${step}-${randomBytes(3).toString('hex')}`;
			if (key === 'full' || key === 'otherAccount') {
				const issue =
					key === 'full' ? ISSUES_OF_MAIN[step % ISSUES_OF_MAIN.length]! : ISSUE_OF_OTHER;
				if (lastLink && step % 10 === 0) {
					// The same request with the same Idempotency-Key: the first link comes back, nothing new.
					const replay = await call('POST', '/liens', lastLink.body, {
						'Idempotency-Key': lastLink.key,
					});
					if (replay?.status === 201)
						ledger.replays.push({ url: String(json(replay).url), expected: lastLink.url });
					continue;
				}
				const body = { id: issue, reference: `load-${unique}` };
				const idempotencyKey = `load-${unique}`;
				const created = await call('POST', '/liens', body, { 'Idempotency-Key': idempotencyKey });
				if (created?.status === 201) {
					const url = String(json(created).url);
					ledger.links.push({ id: linkIdOf(url), url });
					lastLink = { key: idempotencyKey, body, url };
				}
				if (step % 3 === 0) await call('GET', `/numeros?id=${encodeURIComponent(issue)}`);
			} else if (key === 'liens') {
				const revoked = await call('POST', '/liens/revoquer', {
					reference: `load-revoke-${unique}`,
				});
				if (revoked?.status === 200) ledger.revocations++;
			} else if (key === 'publication') {
				const sha256 = createHash('sha256').update(unique).digest('hex');
				const upload = await call('POST', '/televersements', { sha256, taille: 1000 + step });
				if (upload?.status === 201) ledger.uploads.push(sha256);
				const issue = ISSUES_OF_MAIN[step % ISSUES_OF_MAIN.length]!;
				const titre = `Charge ${unique}`;
				const patched = await call('PATCH', `/numeros?id=${encodeURIComponent(issue)}`, { titre });
				if (patched?.status === 200)
					ledger.titles.set(issue, [...(ledger.titles.get(issue) ?? []), titre]);
			} else {
				const paths = [
					'/compte',
					'/publications?limite=20',
					`/statistiques?id=${encodeURIComponent(ISSUES_OF_MAIN[0]!)}`,
				];
				await call('GET', paths[step % paths.length]!);
			}
		}
	} finally {
		await transport.close();
	}
}

interface StateSnapshot {
	links: Array<{ id: string }>;
	revocations: unknown[];
	uploadRequests: Array<{ sha256: string }>;
	issues: Array<{ id: string; titre: string }>;
}

export interface LoadReport {
	counts: Record<string, number>;
	problems: string[];
}

/** Both accounts' state (the other account's key writes too). */
async function stateOfBothAccounts(harness: Harness): Promise<StateSnapshot> {
	const [main, other] = await Promise.all(
		['main', 'other'].map((account) =>
			harness.admin<StateSnapshot>('GET', `/state?account=${account}`),
		),
	);
	return {
		links: [...main!.links, ...other!.links],
		revocations: [...main!.revocations, ...other!.revocations],
		uploadRequests: [...main!.uploadRequests, ...other!.uploadRequests],
		issues: [...main!.issues, ...other!.issues],
	};
}

export async function runLoad(harness: Harness, options: LoadOptions): Promise<LoadReport> {
	const before = await stateOfBothAccounts(harness);
	const ledger: Ledger = {
		answers: [],
		networkErrors: [],
		links: [],
		replays: [],
		revocations: 0,
		uploads: [],
		titles: new Map(),
	};
	const until = Date.now() + options.durationMs;
	await runPool(
		Array.from({ length: options.clients }, (_, index) => index),
		options.clients,
		(index) => clientLoop(harness, index, until, ledger),
	);
	const after = await stateOfBothAccounts(harness);
	const problems: string[] = [];
	const note = (problem: string) => {
		if (problems.length < 20) problems.push(problem);
	};

	// Answers: no server error, the headers every answer carries, a consistent count per key.
	const serverErrors = ledger.answers.filter((answer) => answer.status >= 500);
	serverErrors.slice(0, 5).forEach((answer) => note(`HTTP ${answer.status} for ${answer.key}`));
	let headerProblems = 0;
	const byKey = new Map<KeyName, Answer[]>();
	for (const answer of ledger.answers) {
		byKey.set(answer.key, [...(byKey.get(answer.key) ?? []), answer]);
		const limit = Number(answer.headers['x-ratelimit-limit']);
		const remaining = Number(answer.headers['x-ratelimit-remaining']);
		const missing =
			!answer.headers['x-request-id'] ||
			limit !== options.rateLimit ||
			!Number.isInteger(remaining) ||
			remaining < 0 ||
			remaining >= limit;
		const bad429 =
			answer.status === 429 &&
			(remaining !== 0 ||
				!(
					Number(answer.headers['retry-after']) >= 1 && Number(answer.headers['retry-after']) <= 60
				));
		if (missing || bad429) {
			headerProblems++;
			note(
				`${answer.key} HTTP ${answer.status}: limit ${answer.headers['x-ratelimit-limit']}, remaining ${answer.headers['x-ratelimit-remaining']}, retry-after ${answer.headers['retry-after']}, request id ${answer.headers['x-request-id']}`,
			);
		}
	}
	let countingProblems = 0;
	let rateLimited = 0;
	for (const [key, answers] of byKey) {
		const allowed = answers
			.filter((answer) => answer.status !== 429)
			.map((answer) => Number(answer.headers['x-ratelimit-remaining']))
			.sort((a, b) => b - a);
		const refused = answers.length - allowed.length;
		rateLimited += refused;
		const expected = Array.from({ length: allowed.length }, (_, i) => options.rateLimit - 1 - i);
		const countsDown =
			allowed.length <= options.rateLimit && allowed.every((value, i) => value === expected[i]);
		const refusedOnlyWhenUsedUp = refused === 0 || allowed.length === options.rateLimit;
		if (!countsDown || !refusedOnlyWhenUsedUp) {
			countingProblems++;
			note(
				`${key}: ${allowed.length} allowed (remaining ${allowed.slice(0, 3).join(',')}…${allowed.slice(-3).join(',')}), ${refused} refused with 429`,
			);
		}
	}

	if (rateLimited === 0)
		note('the rate limit was never reached: its 429 answers were not checked (lower the limit)');

	// Writes: every acknowledged write is in the state, and nothing more.
	const knownLinks = new Set(before.links.map((link) => link.id));
	const newLinks = after.links.filter((link) => !knownLinks.has(link.id));
	const inState = new Set(after.links.map((link) => link.id));
	const lostLinks = ledger.links.filter((link) => !inState.has(link.id)).length;
	const badReplays = ledger.replays.filter((replay) => replay.url !== replay.expected).length;
	const newRevocations = after.revocations.length - before.revocations.length;
	const uploadsInState = new Set(after.uploadRequests.map((upload) => upload.sha256));
	const lostUploads = ledger.uploads.filter((sha256) => !uploadsInState.has(sha256)).length;
	let lostTitles = 0;
	for (const [issueId, titles] of ledger.titles) {
		const final = after.issues.find((issue) => issue.id === issueId)?.titre;
		if (!final || !titles.includes(final)) {
			lostTitles++;
			note(
				`${issueId}: final title ${JSON.stringify(final)} is none of the ${titles.length} acknowledged`,
			);
		}
	}
	const lostWrites = lostLinks + (ledger.revocations - newRevocations) + lostUploads + lostTitles;
	if (lostLinks) note(`${lostLinks} acknowledged links missing from the state`);
	if (newLinks.length !== ledger.links.length)
		note(`${newLinks.length} new links in the state for ${ledger.links.length} acknowledged`);
	if (newRevocations !== ledger.revocations)
		note(`${newRevocations} revocations in the state for ${ledger.revocations} acknowledged`);
	if (badReplays) note(`${badReplays} replays returned another link`);
	ledger.networkErrors.slice(0, 5).forEach(note);

	const writes =
		ledger.links.length +
		ledger.replays.length +
		ledger.revocations +
		ledger.uploads.length +
		[...ledger.titles.values()].reduce((sum, titles) => sum + titles.length, 0);
	return {
		counts: {
			clients: options.clients,
			'seconds (bounded)': options.durationMs / 1000,
			requests: ledger.answers.length + ledger.networkErrors.length,
			'writes acknowledged': writes,
			'rate limited (429)': rateLimited,
			'5xx': serverErrors.length,
			'network errors': ledger.networkErrors.length,
			'lost writes': lostWrites,
			'extra links': Math.max(0, newLinks.length - ledger.links.length),
			'replays not matching': badReplays,
			'answers with bad rate headers': headerProblems,
			'keys counting inconsistently': countingProblems,
		},
		problems,
	};
}

export function loadHeld(counts: Record<string, number>): boolean {
	return (
		[
			'5xx',
			'network errors',
			'lost writes',
			'extra links',
			'replays not matching',
			'answers with bad rate headers',
			'keys counting inconsistently',
		].every((name) => counts[name] === 0) && counts['writes acknowledged']! > 0
	);
}
