/**
 * Runs the secrets part's operations: each one succeeding or failing as intended, its output or its
 * error scanned, everything it logged captured and scanned, and the upload origin's record of the
 * PUT headers checked for the API key.
 */
import type { Harness } from '../../core/support/sandbox-harness';
import type { ResultRow } from './results';
import type { SecretScan } from './secret-scan';

export const SECRETS_PROMISE =
	'zero occurrences of an API key or a signing secret in any output, error or log line; no upload PUT carries the key.';

export interface Operation {
	name: string;
	/** What the operation is built to do: the part checks it did, so that both paths were really run. */
	expect: 'ok' | 'fail';
	run: () => Promise<unknown>;
	/** Sandbox setup for a failure (a fault, a plan limit), undone by `after`. */
	before?: () => Promise<void>;
	after?: () => Promise<void>;
}

export interface OperationTally {
	succeeded: number;
	failed: number;
	/** Operations that did not do what they were built to do (a test mistake, not a leak). */
	unexpected: string[];
	logLines: number;
}

export async function runOperations(
	scan: SecretScan,
	through: string,
	operations: Operation[],
): Promise<OperationTally> {
	const tally: OperationTally = { succeeded: 0, failed: 0, unexpected: [], logLines: 0 };
	for (const operation of operations) {
		await operation.before?.();
		try {
			const { value: outcome, lines } = await scan.capture(
				`${through} ${operation.name}`,
				async () => {
					try {
						return { ok: true, value: await operation.run() };
					} catch (error) {
						return { ok: false, value: error };
					}
				},
			);
			tally.logLines += lines;
			scan.scanValue(
				`${through} ${operation.name} ${outcome.ok ? 'output' : 'error'}`,
				outcome.value,
			);
			if (outcome.ok) tally.succeeded++;
			else tally.failed++;
			if (outcome.ok !== (operation.expect === 'ok')) {
				tally.unexpected.push(
					`${operation.name}: ${outcome.ok ? 'succeeded' : `failed (${(outcome.value as Error)?.message ?? String(outcome.value)})`}`,
				);
			}
		} finally {
			await operation.after?.();
		}
	}
	return tally;
}

/** The PUTs the upload origin received since the last reset, and how many carried an Authorization header. */
export async function uploadHeaders(
	harness: Harness,
	scan: SecretScan,
	through: string,
): Promise<{ puts: number; withAuthorization: number }> {
	const { requests } = await harness.admin<{
		requests: Array<{ method: string; headers: Record<string, string> }>;
	}>('GET', '/uploads/requests');
	const puts = requests.filter((request) => request.method === 'PUT');
	scan.scan(`${through} upload PUT headers`, JSON.stringify(puts));
	const withAuthorization = puts.filter((put) =>
		Object.keys(put.headers).some((name) => name.toLowerCase() === 'authorization'),
	).length;
	return { puts: puts.length, withAuthorization };
}

export function secretsRow(
	through: string,
	scan: SecretScan,
	tally: OperationTally,
	uploads: { puts: number; withAuthorization: number },
): ResultRow {
	const counts = {
		'operations succeeded': tally.succeeded,
		'operations failed': tally.failed,
		'log lines': tally.logLines,
		'texts scanned': scan.counts.texts,
		'bytes scanned': scan.counts.bytes,
		'upload PUTs': uploads.puts,
		'PUTs with Authorization': uploads.withAuthorization,
		'secret occurrences': scan.counts.occurrences,
	};
	return {
		through,
		what: 'every operation',
		counts,
		held: scan.counts.occurrences === 0 && uploads.withAuthorization === 0 && uploads.puts > 0,
	};
}
