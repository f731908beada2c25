import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type IHookFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { SIGNATURE_HEADER } from '../../shared/index';
import { numeroWebhookSecrets } from './credential-test';
import { describeSelectedEvents, EVENT_OPTIONS } from './event-choices';
import { receiveDelivery, recordReceivedEvents } from './receive-delivery';
import {
	receivedEventsWithProcessMemory,
	rememberInProcess,
	triggerKeyOf,
} from './received-events';
import { parseSigningSecrets } from './signing-secrets';

/** Event ids remembered in the workflow's static data, oldest out first. */
const REMEMBERED_EVENTS = 1000;
/** Capped well under the day an event id is remembered, so a replayed signature never outlives the
 * memory of its event id; numero signs every attempt anew, so no genuine delivery is old. */
const MAX_TOLERANCE_SECONDS = 3600;
const STATIC_DATA_KEY = 'receivedEvents';

/** What n8n's webhook server puts on the request (packages/cli body-parser middleware). */
interface IncomingWebhookRequest {
	rawBody?: Uint8Array;
	readRawBody?: () => Promise<void>;
}

interface WebhookAnswer {
	status(code: number): { send(body: string): unknown };
}

async function rawBodyOf(request: IncomingWebhookRequest): Promise<Uint8Array> {
	if (request.rawBody === undefined && typeof request.readRawBody === 'function')
		await request.readRawBody();
	return request.rawBody ?? new Uint8Array(0);
}

/**
 * A delivery to the Test URL ('Listen for test event'): it neither counts as received nor is checked,
 * so the same event reaching the Production URL (a second endpoint) still starts the workflow.
 */
function isTestRun(mode: string): boolean {
	return mode === 'manual';
}

function headerValue(value: string | string[] | undefined): string | undefined {
	return Array.isArray(value) ? value.join(',') : value;
}

export class NumeroTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Numero Trigger',
		name: 'numeroTrigger',
		icon: { light: 'file:../Numero/numero.svg', dark: 'file:../Numero/numero.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["events"].join(", ") }}',
		description:
			'Starts the workflow when an issue is published, replaced, withdrawn or put back online on numero',
		defaults: { name: 'Numero Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'numeroWebhookApi', required: true, testedBy: 'numeroWebhookSecrets' }],
		// responseData '' : n8n then answers an accepted delivery with the node's webhookResponse.
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				responseData: '',
				path: 'webhook',
			},
		],
		triggerPanel: {
			header: '',
			executionsHelp: {
				inactive:
					"<b>While building</b>: click 'Listen for test event', then press the test button of the endpoint in numero's integrations area (or publish an issue) with the <b>Test URL</b> registered there.<br /><br /><b>In production</b>: register the <b>Production URL</b> in numero's integrations area and publish this workflow. numero then calls it on every chosen event.",
				active:
					'This workflow is published: numero\'s deliveries to the <b>Production URL</b> start it. Its executions are in the <a data-key="executions">executions list</a>.',
			},
			activationHint:
				"Once the workflow works, register the Production URL in numero's integrations area and publish the workflow.",
		},
		properties: [
			{
				displayName:
					"Numero calls this node when you register it: in your numero space, open the <b>integrations area</b>, add a webhook endpoint whose address is this node's <b>Production URL</b> (shown above under Webhook URLs), tick the same events as chosen below, save, then copy that endpoint's <b>signing secret</b> into the Numero Webhook API credential. Publish this workflow afterwards: numero only calls the production URL of a published workflow.",
				name: 'setupNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				default: [],
				options: EVENT_OPTIONS,
				description:
					'The events that start the workflow. Tick the same ones on the endpoint in numero; deliveries of other events are acknowledged and ignored.',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Receive Test Events',
						name: 'receiveTestEvents',
						type: 'boolean',
						default: false,
						description:
							"Whether the test event sent by the endpoint's test button in numero (type numero.test) starts the workflow. By default it is acknowledged without starting it.",
					},
					{
						displayName: 'Signature Tolerance (Seconds)',
						name: 'toleranceSeconds',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: MAX_TOLERANCE_SECONDS },
						default: 300,
						description:
							"How old (or how far in the future, for clocks that drift) a delivery's signature may be. Older deliveries are refused as possible replays.",
					},
				],
			},
		],
	};

	methods = { credentialTest: { numeroWebhookSecrets } };

	/**
	 * The numero API has no call to register webhook endpoints: the publisher adds the URL by hand
	 * in the integrations area. So nothing can be checked, created or deleted on the service; these
	 * methods only tell the n8n log what the user has to do.
	 */
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return false;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				const events = this.getNodeParameter('events', []) as string[];
				this.logger.info(
					`Numero Trigger "${this.getNode().name}" listens at ${this.getNodeWebhookUrl('default') ?? '(unknown URL)'}. numero cannot be told so through its API: register this URL by hand as a webhook endpoint in the integrations area of your numero space, with the events ${describeSelectedEvents(events)}.`,
				);
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				this.logger.info(
					`Numero Trigger "${this.getNode().name}" stopped listening at ${this.getNodeWebhookUrl('default') ?? '(unknown URL)'}. If it should not come back, remove that endpoint in the integrations area of your numero space, or numero keeps retrying its deliveries there.`,
				);
				return true;
			},
		},
	};

	/**
	 * Runs first in the execution a delivery started and records the event's id in the workflow's
	 * static data, which n8n saves when the execution ends: retries and resends of the event then
	 * start nothing, also after n8n restarts. It is recorded here and not in webhook() because n8n
	 * 2.40 loses static data changed while answering a webhook that starts an execution (creating
	 * the execution re-wraps the same static data object, which clears its "changed" mark). The ids
	 * this n8n process received are merged in, so executions saving at the same time lose none.
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		if (isTestRun(this.getMode())) return [items];
		const staticData = this.getWorkflowStaticData('node');
		const triggerKey = triggerKeyOf(this.getWorkflow().id, this.getNode().id);
		const received = recordReceivedEvents(
			receivedEventsWithProcessMemory(triggerKey, staticData[STATIC_DATA_KEY]),
			items.map((item) => item.json.id),
			Math.floor(Date.now() / 1000),
			REMEMBERED_EVENTS,
		);
		rememberInProcess(triggerKey, received);
		staticData[STATIC_DATA_KEY] = received as unknown as IDataObject;
		return [items];
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const credentials = await this.getCredentials('numeroWebhookApi');
		const secrets = parseSigningSecrets(credentials.signingSecrets);
		if (secrets.length === 0) {
			throw new NodeOperationError(
				this.getNode(),
				'The Numero Webhook API credential has no signing secret: copy the secret of the endpoint from the integrations area of your numero space into it.',
			);
		}
		const options = this.getNodeParameter('options', {}) as {
			receiveTestEvents?: boolean;
			toleranceSeconds?: number;
		};
		const rawBody = await rawBodyOf(this.getRequestObject() as IncomingWebhookRequest);
		// From here to rememberInProcess nothing waits, so concurrent deliveries see each other's ids.
		const triggerKey = triggerKeyOf(this.getWorkflow().id, this.getNode().id);
		const testRun = isTestRun(this.getMode());
		const received = testRun
			? undefined
			: receivedEventsWithProcessMemory(
					triggerKey,
					this.getWorkflowStaticData('node')[STATIC_DATA_KEY],
				);
		const now = Math.floor(Date.now() / 1000);
		const outcome = receiveDelivery({
			rawBody,
			signatureHeader: headerValue(this.getHeaderData()[SIGNATURE_HEADER.toLowerCase()]),
			secrets,
			toleranceSeconds: Math.min(options.toleranceSeconds ?? 300, MAX_TOLERANCE_SECONDS),
			selectedEvents: this.getNodeParameter('events', []) as string[],
			receiveTestEvents: options.receiveTestEvents === true,
			receivedEvents: received,
			rememberedEvents: REMEMBERED_EVENTS,
			now,
		});

		if (outcome.kind === 'misconfigured')
			throw new NodeOperationError(this.getNode(), outcome.message);
		if (outcome.kind === 'refused') {
			// The reason stays in n8n's log; the caller learns nothing about what failed.
			this.logger.warn(
				`Numero Trigger "${this.getNode().name}" refused a delivery (${outcome.reason})`,
			);
			(this.getResponseObject() as WebhookAnswer).status(401).send('Unauthorized');
			return { noWebhookResponse: true };
		}
		if (outcome.kind === 'ignored') {
			return { webhookResponse: { received: true, ignored: outcome.because, id: outcome.eventId } };
		}
		// Kept in this process at once; in the static data by execute(), when the execution starts.
		if (!testRun)
			rememberInProcess(
				triggerKey,
				recordReceivedEvents(received, [outcome.item.id], now, REMEMBERED_EVENTS),
			);
		return {
			workflowData: [this.helpers.returnJsonArray([outcome.item])],
			webhookResponse: { received: true, id: outcome.item.id },
		};
	}
}
