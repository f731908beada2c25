import { NodeOperationError, sleep, type IExecuteFunctions } from 'n8n-workflow';

/**
 * Which events already started this trigger's workflow, decided with n8n's own deduplication record
 * (the ProcessedData table behind the Remove Duplicates node). It lives in n8n's database, so every
 * n8n process sees it: in queue mode the webhook process that received a delivery and the worker that
 * runs its execution are different processes, each with its own memory.
 *
 * n8n's helper reads the record, adds the new ids and writes it back whole: two executions doing that
 * at the same moment would both find an id new, and one's write would drop the ids the other added.
 * So the check runs under a lock, and the lock is the one step of the helper that is atomic: creating
 * a record that does not exist yet (its key is unique in the database). The lock is the workflow-level
 * record holding a single entry; it exists for the few milliseconds of the check and is then deleted.
 */

/** Event ids remembered in n8n's database, oldest out first (numero retries for about 2.5 hours). */
export const REMEMBERED_EVENT_IDS = 10_000;
const LOCK_ENTRY = 'numero-trigger:lock';
/** A lock older than this was left by a process that died while holding it (it is held for milliseconds). */
const STALE_LOCK_MS = 30_000;

type Helpers = Pick<
	IExecuteFunctions['helpers'],
	'checkProcessedAndRecord' | 'getProcessedDataCount' | 'removeProcessed' | 'clearAllProcessedItems'
>;

export interface ClaimedEvents {
	/** Ids not seen before: their events go on. */
	new: string[];
	/** Ids already recorded by an earlier execution: retries and resends. */
	processed: string[];
}

/** Another node of the workflow keeps its own workflow-level record, which the lock needs. */
function lockConflict(context: IExecuteFunctions): NodeOperationError {
	return new NodeOperationError(
		context.getNode(),
		"Numero Trigger needs this workflow's workflow-level duplicate record, and another node uses it",
		{
			description:
				"A Remove Duplicates node with Scope set to Workflow shares that record with this trigger. Set that node's Scope to Node: the trigger then starts each numero event once, in every n8n process.",
		},
	);
}

/** The database refused a second record with the same key: another execution created the lock first. */
function lostTheRace(error: unknown): boolean {
	return /unique|duplicate key|constraint/i.test((error as Error)?.message ?? '');
}

async function tryLock(
	helpers: Helpers,
	context: IExecuteFunctions,
): Promise<'acquired' | 'taken'> {
	let outcome;
	try {
		outcome = await helpers.checkProcessedAndRecord([LOCK_ENTRY], 'workflow', { mode: 'entries' });
	} catch (error) {
		if (lostTheRace(error)) return 'taken';
		if (/incompatible/i.test((error as Error)?.message ?? '')) throw lockConflict(context);
		throw new NodeOperationError(context.getNode(), error as Error, {
			description:
				"n8n's duplicate record could not be read; the delivery's execution stopped before the rest of the workflow ran.",
		});
	}
	if (outcome.new.length === 0) return 'taken';
	// New to the record: either this execution created the lock, or the record is another node's data.
	if ((await helpers.getProcessedDataCount('workflow', { mode: 'entries' })) === 1)
		return 'acquired';
	await helpers.removeProcessed([LOCK_ENTRY], 'workflow', { mode: 'entries' });
	throw lockConflict(context);
}

async function withLock<T>(context: IExecuteFunctions, work: () => Promise<T>): Promise<T> {
	const helpers = context.helpers as Helpers;
	let waitingSince = Date.now();
	for (let attempt = 0; (await tryLock(helpers, context)) === 'taken'; attempt += 1) {
		if (Date.now() - waitingSince > STALE_LOCK_MS) {
			context.logger.warn(
				`Numero Trigger "${context.getNode().name}" removed a duplicate-check lock held for over ${STALE_LOCK_MS / 1000} s (left by an n8n process that stopped while holding it)`,
			);
			await helpers.clearAllProcessedItems('workflow', { mode: 'entries' });
			waitingSince = Date.now();
			continue;
		}
		// Short, jittered waits: the lock is held for a few database round trips.
		await sleep(Math.min(2 + attempt, 20) + Math.random() * 5);
	}
	try {
		return await work();
	} finally {
		await helpers.clearAllProcessedItems('workflow', { mode: 'entries' });
	}
}

interface Waiting {
	context: IExecuteFunctions;
	ids: string[];
	resolve: (claimed: ClaimedEvents) => void;
	reject: (error: unknown) => void;
}

/** Per trigger in this process: the executions waiting for the next check, and whether one runs. */
const batches = new Map<string, { waiting: Waiting[]; running: boolean }>();

/**
 * One locked check for every id of a batch. An id that two executions of the batch carry is new for
 * the first only (n8n's helper would call it new twice).
 */
async function checkBatch(waiting: Waiting[]): Promise<void> {
	const { context } = waiting[0]!;
	try {
		const unique = [...new Set(waiting.flatMap((one) => one.ids))];
		const outcome = await withLock(context, () =>
			context.helpers.checkProcessedAndRecord(unique, 'node', {
				mode: 'entries',
				maxEntries: REMEMBERED_EVENT_IDS,
			}),
		);
		const fresh = new Set(outcome.new.map(String));
		for (const one of waiting) {
			const claimed: ClaimedEvents = { new: [], processed: [] };
			for (const id of one.ids) {
				if (fresh.delete(id)) claimed.new.push(id);
				else claimed.processed.push(id);
			}
			one.resolve(claimed);
		}
	} catch (error) {
		for (const one of waiting) one.reject(error);
	}
}

/**
 * Records the ids in n8n's shared record and says which were new; two executions never both get one
 * id as new. The executions of one trigger that wait in this process at the same time (a worker runs
 * ten at once) share one check: one lock, one read and one write of the record for all of them.
 */
export function claimEvents(context: IExecuteFunctions, ids: string[]): Promise<ClaimedEvents> {
	if (ids.length === 0) return Promise.resolve({ new: [], processed: [] });
	const key = `${context.getWorkflow().id}:${context.getNode().id}`;
	const batch = batches.get(key) ?? { waiting: [], running: false };
	batches.set(key, batch);
	const claimed = new Promise<ClaimedEvents>((resolve, reject) =>
		batch.waiting.push({ context, ids, resolve, reject }),
	);
	if (!batch.running) {
		batch.running = true;
		void (async () => {
			while (batch.waiting.length > 0) await checkBatch(batch.waiting.splice(0));
			batch.running = false;
			batches.delete(key);
		})();
	}
	return claimed;
}
