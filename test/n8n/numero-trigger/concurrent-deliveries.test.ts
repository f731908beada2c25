/**
 * Deliveries handled at the same time, as a real n8n handles them: each request loads the workflow's
 * static data as stored, and saves it whole once handled (the last save wins). An event id recorded
 * by one delivery must not be lost to the save of another, or a later retry of that event would
 * start the workflow again (the reliability suite's webhook fuzz saw exactly that in a real n8n).
 */
import { randomUUID } from 'node:crypto';

import type {
	IDataObject,
	INode,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { signWebhook } from '../../../shared/index';
import { NumeroTrigger } from '../../../nodes/NumeroTrigger/NumeroTrigger.node';
import { NumeroWebhookApi } from '../../../credentials/NumeroWebhookApi.credentials';
import { createEnvironment } from '../harness';
import { core } from '../harness/n8n-modules';

const TYPE = 'n8n-nodes-numero.numeroTrigger';
const SECRET = 'whsec_concurrent_test_secret_000000';

const environment = createEnvironment({
	credentials: { numeroWebhookApi: { signingSecrets: SECRET } },
	extraNodeTypes: { [TYPE]: new NumeroTrigger() },
	extraCredentialTypes: { numeroWebhookApi: new NumeroWebhookApi() },
});

/** One workflow as stored in n8n's database: its id and its static data. */
function storedWorkflow() {
	const node: INode = {
		id: 'trigger',
		name: 'Numero Trigger',
		type: TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { events: ['numero.publie'] },
		credentials: { numeroWebhookApi: { id: 'cred-1', name: 'Numero Webhook API' } },
		webhookId: randomUUID(),
	};
	return { id: `wf-${randomUUID()}`, node, staticData: {} as IDataObject };
}

/** Starts handling a delivery: loads the static data as stored now; `save()` stores it back whole. */
async function receive(stored: ReturnType<typeof storedWorkflow>, body: string) {
	const workflow = new Workflow({
		id: stored.id,
		name: 'Concurrent deliveries',
		nodes: [stored.node],
		connections: {},
		active: true,
		nodeTypes: environment.nodeTypes,
		staticData: structuredClone(stored.staticData),
	});
	const signature = signWebhook({
		payload: body,
		secret: SECRET,
		timestamp: Math.floor(Date.now() / 1000),
	});
	const additionalData = {
		...environment.additionalData(),
		httpRequest: {
			headers: { 'content-type': 'application/json', 'service-signature': signature },
			body: JSON.parse(body),
			rawBody: Buffer.from(body),
			params: {},
			query: {},
		},
		httpResponse: { status: () => ({ send: () => undefined }) },
	} as unknown as IWorkflowExecuteAdditionalData;
	const webhookData: IWebhookData = {
		httpMethod: 'POST',
		node: stored.node.name,
		path: `${stored.node.webhookId}/webhook`,
		webhookDescription: new NumeroTrigger().description.webhooks![0]!,
		workflowId: stored.id,
		workflowExecuteAdditionalData: additionalData,
	};
	const context = new core.WebhookContext(
		workflow,
		stored.node,
		additionalData,
		'webhook',
		webhookData,
		[],
		null,
	);
	const result: IWebhookResponseData = await new NumeroTrigger().webhook.call(context);
	return {
		started: result.workflowData !== undefined,
		save: () => {
			stored.staticData = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
		},
	};
}

const event = (id: string) =>
	JSON.stringify({
		id,
		type: 'numero.publie',
		cree_le: new Date().toISOString(),
		donnees: { id: 'numero.press:gazette-2026-05', titre: 'Gazette' },
	});

test('two events handled at once, then a retry of the one whose save was overwritten: the retry starts nothing', async () => {
	const stored = storedWorkflow();
	const first = await receive(stored, event('evt_concurrent_a'));
	const second = await receive(stored, event('evt_concurrent_b'));
	expect([first.started, second.started]).toEqual([true, true]);
	first.save();
	second.save(); // the last save wins: the stored static data no longer holds evt_concurrent_a

	const retryOfFirst = await receive(stored, event('evt_concurrent_a'));
	const retryOfSecond = await receive(stored, event('evt_concurrent_b'));
	expect([retryOfFirst.started, retryOfSecond.started]).toEqual([false, false]);
});

test('a retry arriving before the first delivery was saved starts nothing', async () => {
	const stored = storedWorkflow();
	const first = await receive(stored, event('evt_early_retry'));
	const retry = await receive(stored, event('evt_early_retry'));
	expect([first.started, retry.started]).toEqual([true, false]);
});

test('each trigger remembers its own events: another workflow receiving the same event id starts', async () => {
	const one = storedWorkflow();
	const other = storedWorkflow();
	expect((await receive(one, event('evt_shared'))).started).toBe(true);
	expect((await receive(other, event('evt_shared'))).started).toBe(true);
});
