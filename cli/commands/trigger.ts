import { performance } from 'node:perf_hooks';
import { UsageError, type CommandSpec } from '../args';
import { JSON_OPTION, type Command, type CommandContext } from '../command';
import { isTriggerEventType, sampleEvent, TRIGGER_EVENT_TYPES } from '../event-samples';
import { EXIT } from '../exit-codes';
import { fields } from '../human-format';
import {
	defaultStateFile,
	findSentEvent,
	readSentEvents,
	rememberSentEvent,
	type SentEvent,
} from '../trigger-state';
import { TRIGGER_USER_AGENT } from '../user-agent';
import {
	DEFAULT_TOLERANCE_SECONDS,
	SIGNATURE_HEADER,
	signWebhook,
	TransportError,
	type TransportFailure,
} from '../../shared';
import { undiciTransport } from '../../standalone';

/** How far --stale and --future move the timestamp: twice what a receiver tolerates (numero-api.md, "Signature verification"). */
const SHIFT_SECONDS = 2 * DEFAULT_TOLERANCE_SECONDS;
/** The service gives up on a receiver after 4 seconds (numero-api.md, "Delivery"). */
const SERVICE_WAIT_MS = 4000;
const SHOWN_BODY_CHARS = 2000;
const NO_ANSWER: Record<TransportFailure, string> = {
	refused: 'connection refused; is the receiver running, on this address and port?',
	timeout: 'it did not answer in time',
	reset: 'the connection was closed before an answer',
	other: 'the request failed',
};

const spec: CommandSpec = {
	name: 'trigger',
	summary: 'Send a realistic, signed numero event to a webhook URL (n8n, Zapier, your own server).',
	description: [
		'Builds the event the service would send (envelope id evt_…, type, cree_le, donnees), signs it with',
		'the secret like the service does (header Service-Signature: t=<unix seconds>,v1=<hmac>), POSTs it',
		"and prints the receiver's answer. A receiver must answer 2xx within 4 seconds.",
		'',
		'To see your receiver reject bad deliveries: --stale (timestamp 10 minutes old), --future',
		'(10 minutes ahead), --timestamp, or a wrong --secret. To check that it ignores duplicates:',
		'--resend last (same id and body, new signature, as the service retries and resends).',
	].join('\n'),
	positionals: [
		{
			name: 'event',
			description: `The event type: ${TRIGGER_EVENT_TYPES.join(', ')}.\nNot needed with --resend of an event sent before.`,
			optional: true,
		},
	],
	options: {
		to: {
			type: 'string',
			value: '<url>',
			description: 'The receiver: the webhook URL of your n8n trigger, Zapier hook or server.',
		},
		secret: {
			type: 'string',
			value: '<secret>',
			description: "The endpoint's signing secret (whsec_…). Default: $NUMERO_WEBHOOK_SECRET.",
		},
		resend: {
			type: 'string',
			value: '<evt_id|last>',
			description:
				'Send an event again: same id and body, new signature. An id sent before from this\nmachine (see --state-file) or "last"; another evt_ id is sent as a new <event> with that id.',
		},
		stale: {
			type: 'boolean',
			description: 'Sign with a timestamp 10 minutes old (a receiver must reject it).',
		},
		future: {
			type: 'boolean',
			description: 'Sign with a timestamp 10 minutes ahead (a receiver must reject it).',
		},
		timestamp: {
			type: 'string',
			value: '<unix-seconds>',
			description: 'Sign with this timestamp.',
		},
		'state-file': {
			type: 'string',
			value: '<path>',
			description:
				'Where the last sent events are kept for --resend.\nDefault: ~/.cache/numero-connectors/trigger-events.json ($NUMERO_CACHE moves the folder).',
		},
		timeout: {
			type: 'string',
			value: '<seconds>',
			description: 'Give up waiting for the receiver after this long (default 30).',
		},
		json: JSON_OPTION,
	},
	env: [
		[
			'NUMERO_WEBHOOK_SECRET',
			'The signing secret, when --secret is not given (keeps it out of shell history).',
		],
		['NUMERO_CACHE', 'Folder of the state file (default ~/.cache/numero-connectors).'],
	],
	examples: [
		'numero trigger numero.publie --to https://n8n.example.com/webhook/abc --secret whsec_…',
		'numero trigger numero.test --to http://127.0.0.1:5678/webhook-test/numero',
		'numero trigger --resend last --to https://hooks.zapier.com/hooks/catch/123/abc',
		'numero trigger numero.retire --stale --to http://127.0.0.1:3000/hooks/numero',
	],
};

async function run({ args, io, output }: CommandContext): Promise<number> {
	const secret = args.string('secret') ?? io.env['NUMERO_WEBHOOK_SECRET'];
	output.protect(secret);
	const to = receiverUrl(args.requiredString('to', 'the URL to send the event to.'));
	if (!secret)
		throw new UsageError(
			"--secret is required: the endpoint's signing secret (or set NUMERO_WEBHOOK_SECRET).",
		);
	const timeoutMs = timeoutOption(args.integer('timeout'));
	const now = Date.now();
	const timestamp = signingTimestamp(
		args.flag('stale'),
		args.flag('future'),
		args.integer('timestamp'),
		now,
	);
	const stateFile = args.string('state-file') ?? defaultStateFile(io.env);

	const type = args.positional(0);
	if (type !== undefined && !isTriggerEventType(type)) {
		throw new UsageError(
			`Unknown event type "${type}". Choose one of: ${TRIGGER_EVENT_TYPES.join(', ')}.`,
		);
	}
	const resend = args.string('resend');
	const sent = resend === undefined ? undefined : await previousEvent(stateFile, resend, type);
	const event = sent ?? freshEvent(type, now, resend);

	const signature = signWebhook({ payload: event.body, secret, timestamp });
	const transport = undiciTransport();
	const started = performance.now();
	let response;
	try {
		response = await transport({
			method: 'POST',
			url: to,
			headers: {
				'Content-Type': 'application/json',
				[SIGNATURE_HEADER]: signature,
				'User-Agent': TRIGGER_USER_AGENT,
			},
			body: event.body,
			timeoutMs,
		});
	} catch (error) {
		if (error instanceof TransportError)
			throw new TransportError(
				error.kind,
				`No answer from ${to}: ${NO_ANSWER[error.kind]} (${error.message}).`,
			);
		throw error;
	} finally {
		await transport.close();
		await remember(stateFile, event, output);
	}
	const durationMs = Math.round(performance.now() - started);
	const accepted = response.status >= 200 && response.status < 300;
	const shift = timestamp - Math.floor(now / 1000);
	const timing = shift === 0 ? 'now' : shift < 0 ? 'stale' : 'future';

	output.result(
		{
			accepted,
			resent: sent !== undefined,
			event: JSON.parse(event.body) as unknown,
			request: { url: to, timestamp, timing, signatureHeader: signature },
			response: {
				status: response.status,
				headers: response.headers,
				body: response.body,
				durationMs,
			},
		},
		() =>
			[
				fields([
					[
						'Event',
						`${event.type} ${event.id}${sent ? ' (resent: same id and body, new signature)' : ''}`,
					],
					['Signed', `t=${timestamp}${timing === 'now' ? '' : ` (${describeShift(shift)})`}`],
					['Sent to', to],
					[
						'Status',
						`${response.status} ${accepted ? '(accepted)' : '(rejected)'} in ${durationMs} ms`,
					],
				]),
				'',
				shownBody(response.body),
			].join('\n'),
	);
	if (accepted && Math.abs(shift) > DEFAULT_TOLERANCE_SECONDS) {
		output.note(
			`Warning: the receiver accepted a signature ${describeShift(shift)}; it should reject timestamps more than 5 minutes away.`,
		);
	}
	const location = response.headers['location'];
	if (response.status >= 300 && response.status < 400 && location) {
		output.note(
			`Note: the receiver redirects to ${location}. Webhook deliveries do not follow redirects: use the final address.`,
		);
	}
	if (durationMs > SERVICE_WAIT_MS) {
		output.note(
			'Warning: the receiver took more than 4 seconds; the service would count this delivery as failed and retry it.',
		);
	}
	return accepted ? EXIT.ok : EXIT.receiverRejected;
}

function receiverUrl(value: string): string {
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		throw new UsageError(
			`--to must be a full http(s) URL, like https://n8n.example.com/webhook/… (got "${value}").`,
		);
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		throw new UsageError(`--to must be an http or https URL (got ${url.protocol}).`);
	}
	return url.toString();
}

function timeoutOption(seconds: number | undefined): number {
	if (seconds === undefined) return 30_000;
	if (seconds < 1 || seconds > 600)
		throw new UsageError(`--timeout must be from 1 to 600 seconds (got ${seconds}).`);
	return seconds * 1000;
}

function signingTimestamp(
	stale: boolean,
	future: boolean,
	explicit: number | undefined,
	now: number,
): number {
	if ([stale, future, explicit !== undefined].filter(Boolean).length > 1) {
		throw new UsageError('Choose at most one of --stale, --future and --timestamp.');
	}
	const current = Math.floor(now / 1000);
	if (explicit !== undefined) {
		if (explicit < 0) throw new UsageError(`--timestamp must be Unix seconds (got ${explicit}).`);
		return explicit;
	}
	return stale ? current - SHIFT_SECONDS : future ? current + SHIFT_SECONDS : current;
}

async function previousEvent(
	stateFile: string,
	wanted: string,
	type: string | undefined,
): Promise<SentEvent | undefined> {
	const found = findSentEvent(await readSentEvents(stateFile), wanted);
	if (found) {
		if (type !== undefined && type !== found.type) {
			throw new UsageError(
				`${found.id} was a ${found.type} event, not ${type}. Leave out the type to resend it as it was.`,
			);
		}
		return found;
	}
	if (wanted === 'last') throw new UsageError(`No event was sent yet (nothing in ${stateFile}).`);
	if (!/^evt_[A-Za-z0-9_]{1,100}$/.test(wanted)) {
		throw new UsageError(
			`--resend takes an event id (evt_ followed by letters and digits) or "last" (got "${wanted}").`,
		);
	}
	if (type === undefined) {
		throw new UsageError(
			`${wanted} was not sent from here (not in ${stateFile}). Give its type to send a new event with that id.`,
		);
	}
	return undefined;
}

function freshEvent(type: string | undefined, now: number, id: string | undefined): SentEvent {
	if (type === undefined)
		throw new UsageError(`Missing <event>: one of ${TRIGGER_EVENT_TYPES.join(', ')}.`);
	const event = sampleEvent(type, new Date(now), id);
	return {
		id: event.id,
		type: event.type,
		body: JSON.stringify(event),
		sentAt: new Date(now).toISOString(),
	};
}

async function remember(
	stateFile: string,
	event: SentEvent,
	output: CommandContext['output'],
): Promise<void> {
	try {
		await rememberSentEvent(stateFile, { ...event, sentAt: new Date().toISOString() });
	} catch (error) {
		output.note(
			`Note: could not keep the event for --resend in ${stateFile}: ${(error as Error).message}`,
		);
	}
}

function describeShift(seconds: number): string {
	const minutes = Math.round(Math.abs(seconds) / 60);
	const amount =
		minutes >= 1 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.abs(seconds)} seconds`;
	return seconds < 0 ? `${amount} old` : `${amount} in the future`;
}

function shownBody(body: string): string {
	if (body.length === 0) return '(empty response body)';
	return body.length > SHOWN_BODY_CHARS
		? `${body.slice(0, SHOWN_BODY_CHARS)}\n… (${body.length - SHOWN_BODY_CHARS} more characters)`
		: body;
}

export const triggerCommand: Command = { spec, run };
