import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type IHookFunctions,
	type INode,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { DEFAULT_TOLERANCE_SECONDS, SIGNATURE_HEADER } from '../../shared/index';
import { numeroWebhookSecrets } from './credential-test';
import { describeSelectedEvents, EVENT_OPTIONS, EVENTS_SUBTITLE } from './event-choices';
import { receiveDelivery, recordReceivedEvents } from './receive-delivery';
import {
	receivedEventsWithProcessMemory,
	rememberInProcess,
	triggerKeyOf,
} from './received-events';
import { signingSecretsOf, type SigningSecrets } from './kept-signing-secrets';
import { claimEvents } from './processed-events';

/** Event ids remembered in the workflow's static data, oldest out first. */
const REMEMBERED_EVENTS = 1000;
/** Capped well under the day an event id is remembered, so a replayed signature never outlives the
 * memory of its event id; numero signs every attempt anew, so no genuine delivery is old. */
const MAX_TOLERANCE_SECONDS = 3600;

/**
 * The Signature Tolerance option as typed. The editor's number box is not bounded (a bounded box
 * silently turns a typed 4000 into 400), so a value out of range is refused here, in the option's words.
 */
function checkedTolerance(node: INode, value: number | undefined): number {
	if (value === undefined) return DEFAULT_TOLERANCE_SECONDS;
	if (!Number.isInteger(value) || value < 1 || value > MAX_TOLERANCE_SECONDS) {
		throw new NodeOperationError(
			node,
			`Signature Tolerance (Seconds) must be a whole number from 1 to ${MAX_TOLERANCE_SECONDS}; got ${value}. Change it in the trigger's Options.`,
		);
	}
	return value;
}

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
		subtitle: EVENTS_SUBTITLE,
		// n8n's nodes panel merges Numero and Numero Trigger into one "Numero" entry and shows this
		// description above both nodes' actions, so it says what the two do together.
		description:
			'Publish issues, send signed reading links and read statistics with numero, and start workflows when an issue is published, replaced, withdrawn or put back online',
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
					"<b>To send a test event</b>: the <b>Test URL</b> must be registered as an endpoint in numero's integrations area (<code>npm start</code>'s sandbox registers it for you). Click 'Listen for test event', then either press that endpoint's <b>test</b> button (its event starts the workflow only with the option Receive Test Events on), publish an issue, or run <code>numero trigger numero.publie --to &lt;Test URL&gt; --secret &lt;signing secret&gt;</code>.<br /><br /><b>In production</b>: register the <b>Production URL</b> in numero's integrations area and publish this workflow. numero then calls it on every chosen event.",
				active:
					"This workflow is published: numero's deliveries to the <b>Production URL</b> start it. Its executions are in the <a data-key=\"executions\">executions list</a>.<br /><br /><b>To send a test event</b>: with the <b>Test URL</b> registered as an endpoint in numero's integrations area (<code>npm start</code>'s sandbox registers it for you), click 'Listen for test event', then press that endpoint's <b>test</b> button (with the option Receive Test Events on), publish an issue, or run <code>numero trigger numero.publie --to &lt;Test URL&gt; --secret &lt;signing secret&gt;</code>.",
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
						default: DEFAULT_TOLERANCE_SECONDS,
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
	 * Runs first in the execution a delivery started, in the process that runs it (a worker in queue
	 * mode), and decides with n8n's database whether the event is new (claimEvents): a retry or resend
	 * that got past webhook()'s quick check ends here, and two copies of one event running at the same
	 * moment on two workers start the rest of the workflow once. The ids are also kept in the workflow's
	 * static data and this process's memory, which webhook() reads to answer duplicates at once.
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		if (isTestRun(this.getMode())) return [items];
		const ids = items
			.map((item) => item.json.id)
			.filter((id): id is string => typeof id === 'string');
		const claimed = await claimEvents(this, ids);
		const staticData = this.getWorkflowStaticData('node');
		const triggerKey = triggerKeyOf(this.getWorkflow().id, this.getNode().id);
		const received = recordReceivedEvents(
			receivedEventsWithProcessMemory(triggerKey, staticData[STATIC_DATA_KEY]),
			ids,
			Math.floor(Date.now() / 1000),
			REMEMBERED_EVENTS,
		);
		rememberInProcess(triggerKey, received);
		staticData[STATIC_DATA_KEY] = received as unknown as IDataObject;
		if (claimed.processed.length > 0) {
			this.logger.info(
				`Numero Trigger "${this.getNode().name}" ignored ${claimed.processed.join(', ')}: already started this workflow (a retry or resend)`,
			);
		}
		const fresh = new Set(claimed.new);
		return [items.filter((item) => typeof item.json.id !== 'string' || fresh.has(item.json.id))];
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const options = this.getNodeParameter('options', {}) as {
			receiveTestEvents?: boolean;
			toleranceSeconds?: number;
		};
		const toleranceSeconds = checkedTolerance(this.getNode(), options.toleranceSeconds);
		const selectedEvents = this.getNodeParameter('events', []) as string[];
		const signatureHeader = headerValue(this.getHeaderData()[SIGNATURE_HEADER.toLowerCase()]);
		const rawBody = await rawBodyOf(this.getRequestObject() as IncomingWebhookRequest);
		const triggerKey = triggerKeyOf(this.getWorkflow().id, this.getNode().id);
		const testRun = isTestRun(this.getMode());
		const receive = ({ secrets }: SigningSecrets) => {
			if (secrets.length === 0) {
				throw new NodeOperationError(
					this.getNode(),
					'The Numero Webhook API credential has no signing secret: copy the secret of the endpoint from the integrations area of your numero space into it.',
				);
			}
			const received = testRun
				? undefined
				: receivedEventsWithProcessMemory(
						triggerKey,
						this.getWorkflowStaticData('node')[STATIC_DATA_KEY],
					);
			const now = Math.floor(Date.now() / 1000);
			const outcome = receiveDelivery({
				rawBody,
				signatureHeader,
				secrets,
				toleranceSeconds,
				selectedEvents,
				receiveTestEvents: options.receiveTestEvents === true,
				receivedEvents: received,
				rememberedEvents: REMEMBERED_EVENTS,
				now,
			});
			return { outcome, received, now };
		};
		// From receive() to rememberInProcess nothing waits, so concurrent deliveries see each other's ids.
		const kept = await signingSecretsOf(this, { fresh: false });
		let { outcome, received, now } = receive(kept);
		if (
			kept.fromMemory &&
			outcome.kind === 'refused' &&
			outcome.reason === 'no_matching_signature'
		) {
			// Perhaps signed with a secret added to the credential since this process read it.
			({ outcome, received, now } = receive(await signingSecretsOf(this, { fresh: true })));
		}

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
