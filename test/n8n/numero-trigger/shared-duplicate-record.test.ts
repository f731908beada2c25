/**
 * The trigger's execute() as n8n's queue mode runs it: each execution on whichever worker picks it up,
 * each worker with its own memory and its own copy of the workflow's static data, all sharing n8n's
 * database. The event ids are decided in n8n's deduplication record (the harness's ProcessedData
 * table, with the database round trips during which other executions run); a real queue-mode n8n on
 * PostgreSQL runs the same node in test/e2e and the reliability suite.
 */
import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';
import { createRunExecutionData, Workflow } from 'n8n-workflow';

import { NumeroTrigger } from '../../../nodes/NumeroTrigger/NumeroTrigger.node';
import { NumeroWebhookApi } from '../../../credentials/NumeroWebhookApi.credentials';
import { createEnvironment, useProcessedDataTable } from '../harness';
import { core } from '../harness/n8n-modules';

const TYPE = 'n8n-nodes-numero.numeroTrigger';
type TriggerClass = typeof NumeroTrigger;

/** The node as one n8n process loads it: its own memory of event ids. */
function triggerOfAnotherProcess(): TriggerClass {
	let loaded!: TriggerClass;
	jest.isolateModules(() => {
		loaded = (
			require('../../../nodes/NumeroTrigger/NumeroTrigger.node') as { NumeroTrigger: TriggerClass }
		).NumeroTrigger;
	});
	return loaded;
}

const environment = createEnvironment({
	credentials: { numeroWebhookApi: { signingSecrets: 'whsec_shared_record_test_secret_00' } },
	extraNodeTypes: { [TYPE]: new NumeroTrigger() },
	extraCredentialTypes: { numeroWebhookApi: new NumeroWebhookApi() },
});

let workflowCount = 0;
function publishedWorkflow() {
	const node: INode = {
		id: 'trigger-node',
		name: 'Numero Trigger',
		type: TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { events: ['numero.publie'] },
		credentials: { numeroWebhookApi: { id: 'cred-1', name: 'Numero Webhook API' } },
		webhookId: 'c0ffee00-0000-4000-8000-00000000000a',
	};
	return { id: `wf-shared-${++workflowCount}`, node };
}

const item = (id: string): INodeExecutionData => ({
	json: {
		id,
		type: 'numero.publie',
		cree_le: new Date().toISOString(),
		donnees: { id: 'numero.press:gazette-2026-05' },
		signe_le: new Date().toISOString(),
	},
});

/** One execution on a worker: the trigger's execute() with the delivery's item; its output items. */
async function runOnWorker(
	stored: ReturnType<typeof publishedWorkflow>,
	Trigger: TriggerClass,
	items: INodeExecutionData[],
) {
	const workflow = new Workflow({
		id: stored.id,
		name: 'Newsletter',
		nodes: [stored.node],
		connections: {},
		active: true,
		nodeTypes: environment.nodeTypes,
		staticData: {} as IDataObject,
	});
	const executeData = { node: stored.node, data: { main: [items] }, source: null };
	const context = new core.ExecuteContext(
		workflow,
		stored.node,
		environment.additionalData(),
		'webhook',
		createRunExecutionData({ executionData: { nodeExecutionStack: [executeData] } }),
		0,
		items,
		{ main: [items] },
		executeData,
		[],
	);
	const [output] = await new Trigger().execute.call(context);
	return output!;
}

test("n8n's record alone is not enough: two executions reading it at once both find the same id new", async () => {
	const table = useProcessedDataTable();
	const stored = publishedWorkflow();
	const context = { workflow: { id: stored.id }, node: stored.node } as never;
	const both = await Promise.all(
		[1, 2].map(() =>
			table
				.checkProcessedAndRecord(['evt_raced'], 'node', context, { mode: 'entries' })
				.catch(() => undefined),
		),
	);
	// The first insert is atomic (one of the two fails), so race on a record that exists already.
	await table.checkProcessedAndRecord(['evt_first'], 'node', context, { mode: 'entries' });
	const again = await Promise.all(
		[1, 2].map(() =>
			table.checkProcessedAndRecord(['evt_raced_again'], 'node', context, { mode: 'entries' }),
		),
	);
	expect(both.filter((outcome) => outcome?.new.length === 1)).toHaveLength(1);
	expect(again.map((outcome) => outcome.new)).toEqual([['evt_raced_again'], ['evt_raced_again']]);
});

test('copies of one event run at the same moment on several workers: exactly one goes on, for every event', async () => {
	const stored = publishedWorkflow();
	const workers = [triggerOfAnotherProcess(), triggerOfAnotherProcess(), triggerOfAnotherProcess()];
	const ids = Array.from({ length: 30 }, (_, index) => `evt_concurrent_${index}`);
	const runs = ids.flatMap((id) =>
		[0, 1, 2, 3].map((copy) => ({ id, worker: workers[copy % workers.length]! })),
	);
	const outputs = await Promise.all(
		runs.map(async ({ id, worker }) => ({
			id,
			output: await runOnWorker(stored, worker, [item(id)]),
		})),
	);

	const wentOn = new Map<string, number>();
	for (const { id, output } of outputs) wentOn.set(id, (wentOn.get(id) ?? 0) + output.length);
	expect([...wentOn.values()]).toEqual(ids.map(() => 1));
	// The lock is gone once the executions are done.
	expect([...useProcessedDataTable().rows.keys()].filter((key) => key === `${stored.id}|`)).toEqual(
		[],
	);

	// A resend much later, on a worker that never saw the event: still recorded in the shared record.
	expect(await runOnWorker(stored, triggerOfAnotherProcess(), [item('evt_concurrent_7')])).toEqual(
		[],
	);
});

test('a Remove Duplicates node with Scope "Workflow" in the same workflow: a clear error, and its record is kept', async () => {
	const table = useProcessedDataTable();
	const stored = publishedWorkflow();
	const context = { workflow: { id: stored.id }, node: { id: 'remove-duplicates' } } as never;
	await table.checkProcessedAndRecord(['customer-1', 'customer-2'], 'workflow', context, {
		mode: 'entries',
	});

	await expect(runOnWorker(stored, NumeroTrigger, [item('evt_with_other_record')])).rejects.toThrow(
		"Numero Trigger needs this workflow's workflow-level duplicate record, and another node uses it",
	);
	expect(await table.getProcessedDataCount('workflow', context, { mode: 'entries' })).toBe(2);
	const stillThere = await table.checkProcessedAndRecord(['customer-1'], 'workflow', context, {
		mode: 'entries',
	});
	expect(stillThere).toEqual({ new: [], processed: ['customer-1'] });
});

test('a lock left by a process that died while holding it is removed after 30 seconds, and the event goes on', async () => {
	const table = useProcessedDataTable();
	const stored = publishedWorkflow();
	const context = { workflow: { id: stored.id }, node: stored.node } as never;
	await table.checkProcessedAndRecord(['numero-trigger:lock'], 'workflow', context, {
		mode: 'entries',
	});

	jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
	try {
		let output: INodeExecutionData[] | undefined;
		const running = runOnWorker(stored, NumeroTrigger, [item('evt_after_stale_lock')]).then(
			(items) => (output = items),
		);
		for (let second = 0; second < 29 && output === undefined; second += 1)
			await jest.advanceTimersByTimeAsync(1000);
		expect(output).toBeUndefined();
		for (let second = 0; second < 5 && output === undefined; second += 1)
			await jest.advanceTimersByTimeAsync(1000);
		await running;
		expect(output?.map((one) => one.json.id)).toEqual(['evt_after_stale_lock']);
	} finally {
		jest.useRealTimers();
	}
});
