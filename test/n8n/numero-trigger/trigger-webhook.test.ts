/**
 * The trigger through n8n's own contexts (n8n-core), as n8n calls it: webhook() in a WebhookContext
 * (credentials from the credentials helper, parameters with their defaults, the request/response
 * objects n8n hands over), then execute() in the ExecuteContext of the execution it started, which
 * records the event in the workflow's static data. The end-to-end suite (test/e2e) runs the same
 * node in a real n8n.
 */
import { randomUUID } from 'node:crypto';

import type {
	IDataObject,
	INode,
	INodeExecutionData,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { createRunExecutionData, Workflow } from 'n8n-workflow';

import { signWebhook } from '../../../shared/index';
import { NumeroTrigger } from '../../../nodes/NumeroTrigger/NumeroTrigger.node';
import { SECRETS_KEPT_MS } from '../../../nodes/NumeroTrigger/kept-signing-secrets';
import { NumeroWebhookApi } from '../../../credentials/NumeroWebhookApi.credentials';
import { createEnvironment } from '../harness';
import { core } from '../harness/n8n-modules';

const TYPE = 'n8n-nodes-numero.numeroTrigger';
const SECRET = 'whsec_trigger_test_secret_0123456789';
const NODE_NAME = 'Numero Trigger';

interface Answer {
	status?: number;
	body?: string;
}

type TriggerClass = typeof NumeroTrigger;

/** The node as a freshly started n8n process loads it: no event ids in memory yet. */
function freshlyLoadedTrigger(): TriggerClass {
	let loaded!: TriggerClass;
	jest.isolateModules(() => {
		loaded = (
			require('../../../nodes/NumeroTrigger/NumeroTrigger.node') as { NumeroTrigger: TriggerClass }
		).NumeroTrigger;
	});
	return loaded;
}

function setup(
	parameters: INode['parameters'],
	signingSecrets = SECRET,
	stored: { workflowId: string; staticData: IDataObject } = {
		workflowId: `wf-${randomUUID()}`,
		staticData: {},
	},
	Trigger: TriggerClass = NumeroTrigger,
) {
	// The credential as stored: a test may edit it, as a user does in n8n's credential dialog.
	const credential = { signingSecrets };
	const environment = createEnvironment({
		credentials: { numeroWebhookApi: credential },
		extraNodeTypes: { [TYPE]: new Trigger() },
		extraCredentialTypes: { numeroWebhookApi: new NumeroWebhookApi() },
	});
	const node: INode = {
		id: 'trigger',
		name: NODE_NAME,
		type: TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		// Each setup is another credential: the trigger keeps a credential's secrets by its id.
		credentials: { numeroWebhookApi: { id: `cred-${randomUUID()}`, name: 'Numero Webhook API' } },
		webhookId: 'c0ffee00-0000-4000-8000-000000000001',
	};
	// n8n loads the workflow (with its static data as stored) for each request and each execution.
	const loadWorkflow = () =>
		new Workflow({
			id: stored.workflowId,
			name: 'Trigger test',
			nodes: [node],
			connections: {},
			active: true,
			nodeTypes: environment.nodeTypes,
			staticData: structuredClone(stored.staticData),
		});

	async function deliver(
		body: string,
		signature: string | undefined,
		mode: 'webhook' | 'manual' = 'webhook',
	): Promise<{ result: IWebhookResponseData; answer: Answer }> {
		const workflow = loadWorkflow();
		const answer: Answer = {};
		const headers: Record<string, string> = { 'content-type': 'application/json' };
		if (signature !== undefined) headers['service-signature'] = signature;
		const additionalData = {
			...environment.additionalData(),
			httpRequest: {
				headers,
				body: JSON.parse(body) as unknown,
				rawBody: Buffer.from(body),
				params: {},
				query: {},
			},
			httpResponse: {
				status(code: number) {
					answer.status = code;
					return { send: (text: string) => (answer.body = text) };
				},
			},
		} as unknown as IWorkflowExecuteAdditionalData;
		const webhookData: IWebhookData = {
			httpMethod: 'POST',
			node: NODE_NAME,
			path: `${node.webhookId}/webhook`,
			webhookDescription: new Trigger().description.webhooks![0]!,
			workflowId: workflow.id,
			workflowExecuteAdditionalData: additionalData,
		};
		const context = new core.WebhookContext(
			workflow,
			node,
			additionalData,
			mode,
			webhookData,
			[],
			null,
		);
		const result = await new Trigger().webhook.call(context);
		return { result, answer };
	}

	/** The execution a delivery started: the trigger's execute() with its items; n8n then stores the static data. */
	async function execute(
		items: INodeExecutionData[],
		mode: 'webhook' | 'manual' = 'webhook',
	): Promise<INodeExecutionData[]> {
		const workflow = loadWorkflow();
		const executeData = { node, data: { main: [items] }, source: null };
		const context = new core.ExecuteContext(
			workflow,
			node,
			environment.additionalData(),
			mode,
			createRunExecutionData({ executionData: { nodeExecutionStack: [executeData] } }),
			0,
			items,
			{ main: [items] },
			executeData,
			[],
		);
		const [output] = await new Trigger().execute.call(context);
		if (workflow.staticData.__dataChanged === true)
			stored.staticData = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
		return output!;
	}

	/** A delivery handled the way n8n does: webhook(), then the execution if one was started. */
	async function deliverAndRun(
		body: string,
		signature: string | undefined,
		mode: 'webhook' | 'manual' = 'webhook',
	) {
		const delivered = await deliver(body, signature, mode);
		const items = delivered.result.workflowData?.[0];
		return { ...delivered, executed: items ? await execute(items, mode) : undefined };
	}

	const staticData = () =>
		stored.staticData[`node:${NODE_NAME}`] as Record<string, unknown> | undefined;
	return { deliver, deliverAndRun, staticData, stored, credential, environment };
}

const now = () => Math.floor(Date.now() / 1000);

function event(id: string, type = 'numero.publie'): string {
	return JSON.stringify({
		id,
		type,
		cree_le: new Date().toISOString(),
		donnees: { id: 'numero.press:gazette-2026-05', titre: 'Gazette de mai', statut: 'en_ligne' },
	});
}

const sign = (body: string, secret = SECRET, timestamp = now()) =>
	signWebhook({ payload: body, secret, timestamp });

describe('Numero Trigger webhook() in n8n-core', () => {
	test('starts the workflow once per event id; the retry is acknowledged and starts nothing', async () => {
		const { deliverAndRun, staticData } = setup({ events: ['numero.publie'] });
		const body = event('evt_once');
		const first = await deliverAndRun(body, sign(body));
		expect(first.result.webhookResponse).toEqual({ received: true, id: 'evt_once' });
		expect(first.executed?.map((item) => item.json)).toEqual([
			expect.objectContaining({
				id: 'evt_once',
				type: 'numero.publie',
				signe_le: expect.any(String),
			}),
		]);
		expect(staticData()?.receivedEvents).toEqual({
			version: 1,
			entries: [['evt_once', expect.any(Number)]],
		});

		const retry = await deliverAndRun(body, sign(body, SECRET, now() + 1));
		expect(retry.result).toEqual({
			webhookResponse: { received: true, ignored: 'duplicate', id: 'evt_once' },
		});
		expect(retry.answer.status).toBeUndefined();
	});

	test('the ids an execution recorded hold after n8n restarts (static data, not only memory)', async () => {
		const before = setup({ events: ['numero.publie'] });
		const body = event('evt_before_restart');
		await before.deliverAndRun(body, sign(body));

		const restarted = setup(
			{ events: ['numero.publie'] },
			SECRET,
			before.stored,
			freshlyLoadedTrigger(),
		);
		const resend = await restarted.deliver(body, sign(body));
		expect(resend.result).toEqual({
			webhookResponse: { received: true, ignored: 'duplicate', id: 'evt_before_restart' },
		});
		const other = event('evt_after_restart');
		expect((await restarted.deliver(other, sign(other))).result.workflowData).toBeDefined();
	});

	test("an event caught by 'Listen for test event' still starts the published workflow", async () => {
		const { deliverAndRun, staticData } = setup({ events: ['numero.publie'] });
		const body = event('evt_seen_in_test');
		expect((await deliverAndRun(body, sign(body), 'manual')).executed).toHaveLength(1);
		expect(staticData()).toBeUndefined();
		expect((await deliverAndRun(body, sign(body))).executed).toHaveLength(1);
		expect((await deliverAndRun(body, sign(body))).result.webhookResponse).toEqual(
			expect.objectContaining({ ignored: 'duplicate' }),
		);
	});

	test('answers 401 with no detail and starts nothing for forged and stale deliveries', async () => {
		const { deliver, staticData } = setup({ events: ['*'] });
		const body = event('evt_forged');
		for (const signature of [
			sign(body, 'whsec_someone_else_entirely_000000'),
			sign(body, SECRET, now() - 301),
			undefined,
		]) {
			const { result, answer } = await deliver(body, signature);
			expect(result).toEqual({ noWebhookResponse: true });
			expect(answer).toEqual({ status: 401, body: 'Unauthorized' });
		}
		expect(staticData()?.receivedEvents).toBeUndefined();
	});

	test('acknowledges the test event and unchosen types without starting the workflow', async () => {
		const { deliver } = setup({ events: ['numero.publie'] });
		const test = event('evt_test', 'numero.test');
		expect((await deliver(test, sign(test))).result).toEqual({
			webhookResponse: { received: true, ignored: 'test_event', id: 'evt_test' },
		});
		const other = event('evt_other', 'numero.retire');
		expect((await deliver(other, sign(other))).result).toEqual({
			webhookResponse: { received: true, ignored: 'event_not_selected', id: 'evt_other' },
		});
	});

	test('receives the test event when the option asks for it, and honours the tolerance option', async () => {
		const { deliver } = setup({
			events: ['numero.publie'],
			options: { receiveTestEvents: true, toleranceSeconds: 30 },
		});
		const test = event('evt_test_wanted', 'numero.test');
		expect((await deliver(test, sign(test))).result.workflowData?.[0]).toHaveLength(1);
		const late = event('evt_late');
		expect((await deliver(late, sign(late, SECRET, now() - 40))).answer.status).toBe(401);
	});

	test('accepts either secret of a rotation', async () => {
		const { deliver } = setup(
			{ events: ['*'] },
			`whsec_new_secret_0000000000000000000\nwhsec_old_secret_1111111111111111111`,
		);
		const body = event('evt_rotated');
		expect(
			(await deliver(body, sign(body, 'whsec_old_secret_1111111111111111111'))).result.workflowData,
		).toBeDefined();
	});

	test('a credential without a secret is an error that names the credential, not a silent 401', async () => {
		const { deliver } = setup({ events: ['*'] }, ' ');
		const body = event('evt_nosecret');
		await expect(deliver(body, sign(body))).rejects.toThrow(
			/Numero Webhook API credential has no signing secret/,
		);
	});
});

describe("the credential's signing secrets, kept by the n8n process for a minute", () => {
	const ADDED = 'whsec_trigger_test_added_secret_0000';

	test('are read once for the deliveries of that minute', async () => {
		const trigger = setup({ events: ['numero.publie'] });
		const reads = jest.spyOn(trigger.environment.credentialsHelper, 'getDecrypted');
		for (const id of ['evt_kept_1', 'evt_kept_2', 'evt_kept_3']) {
			const body = event(id);
			expect((await trigger.deliver(body, sign(body))).result.workflowData).toBeDefined();
		}
		expect(reads).toHaveBeenCalledTimes(1);
	});

	test('a secret added to the credential works for the very next delivery', async () => {
		const trigger = setup({ events: ['numero.publie'] });
		const first = event('evt_before_adding');
		await trigger.deliver(first, sign(first));
		trigger.credential.signingSecrets = `${SECRET}\n${ADDED}`;
		const body = event('evt_signed_with_added');
		const { result, answer } = await trigger.deliver(body, sign(body, ADDED));
		expect(answer.status).toBeUndefined();
		expect(result.workflowData?.[0]?.[0]?.json.id).toBe('evt_signed_with_added');
	});

	test('a forgery is refused after the credential was read again', async () => {
		const trigger = setup({ events: ['numero.publie'] });
		const reads = jest.spyOn(trigger.environment.credentialsHelper, 'getDecrypted');
		const first = event('evt_before_forgery');
		await trigger.deliver(first, sign(first));
		const forged = event('evt_forged');
		const { result, answer } = await trigger.deliver(forged, sign(forged, ADDED));
		expect(answer.status).toBe(401);
		expect(result.workflowData).toBeUndefined();
		expect(reads).toHaveBeenCalledTimes(2);
	});

	test('a secret removed from the credential is refused once the minute has passed', async () => {
		const trigger = setup({ events: ['numero.publie'] }, `${ADDED}\n${SECRET}`);
		const first = event('evt_signed_with_removed_1');
		await trigger.deliver(first, sign(first, ADDED));
		trigger.credential.signingSecrets = SECRET;

		const within = event('evt_signed_with_removed_2');
		expect((await trigger.deliver(within, sign(within, ADDED))).answer.status).toBeUndefined();

		const later = Date.now() + SECRETS_KEPT_MS + 1000;
		jest.spyOn(Date, 'now').mockReturnValue(later);
		try {
			const after = event('evt_signed_with_removed_3');
			const signed = sign(after, ADDED, Math.floor(later / 1000));
			expect((await trigger.deliver(after, signed)).answer.status).toBe(401);
			const current = event('evt_signed_with_current');
			const { result } = await trigger.deliver(
				current,
				sign(current, SECRET, Math.floor(later / 1000)),
			);
			expect(result.workflowData).toBeDefined();
		} finally {
			jest.restoreAllMocks();
		}
	});
});
