import { UsageError, type CommandSpec } from '../args';
import { JSON_OPTION, type Command, type CommandContext } from '../command';
import { EXIT } from '../exit-codes';
import { fields } from '../human-format';
import { readBody } from '../read-input';
import {
	DEFAULT_TOLERANCE_SECONDS,
	SIGNATURE_HEADER,
	verifyWebhook,
	WebhookVerificationError,
} from '../../shared';

const spec: CommandSpec = {
	name: 'verify',
	summary:
		'Check a delivery: is its Service-Signature valid for this body and secret? If not, why?',
	description: [
		"Runs the same verification as the n8n trigger and the Zapier app (the core's verifyWebhook) on the",
		'raw body: the header form, the timestamp (at most --tolerance seconds away), the HMAC-SHA256 against',
		"each --secret, then the JSON envelope. It prints the event's type and id, or the check that failed",
		'(a reason code and a sentence). It never prints the expected signature.',
		'',
		'The body must be byte for byte what was received: a newline added by echo or an editor breaks it.',
	].join('\n'),
	positionals: [],
	options: {
		secret: {
			type: 'string',
			value: '<secret>',
			multiple: true,
			description:
				'A signing secret (whsec_…); give several during a rotation. Default: $NUMERO_WEBHOOK_SECRET.',
		},
		header: {
			type: 'string',
			value: '<value>',
			description:
				'The Service-Signature header: "t=…,v1=…" (a leading "Service-Signature:" is accepted).',
		},
		'body-file': {
			type: 'string',
			value: '<file>',
			description: 'The raw body received. Default: read from stdin.',
		},
		tolerance: {
			type: 'string',
			value: '<seconds>',
			description: `Accepted distance between t and now (default ${DEFAULT_TOLERANCE_SECONDS}).`,
		},
		now: {
			type: 'string',
			value: '<unix-seconds>',
			description: 'Verify as at this instant (for a delivery logged earlier).',
		},
		json: JSON_OPTION,
	},
	env: [['NUMERO_WEBHOOK_SECRET', 'The signing secret, when no --secret is given.']],
	examples: [
		"numero verify --secret whsec_… --header 't=1767225600,v1=5f0c…' --body-file body.json",
		'pbpaste | numero verify --secret whsec_old… --secret whsec_new… --header "$SIG"',
	],
};

const HEADER_PREFIX = new RegExp(`^\\s*${SIGNATURE_HEADER}\\s*:\\s*`, 'i');

async function run({ args, io, output }: CommandContext): Promise<number> {
	const secrets = args.strings('secret');
	if (secrets.length === 0 && io.env['NUMERO_WEBHOOK_SECRET'])
		secrets.push(io.env['NUMERO_WEBHOOK_SECRET']);
	for (const secret of secrets) output.protect(secret);
	if (secrets.length === 0)
		throw new UsageError(
			"--secret is required: the endpoint's signing secret (or set NUMERO_WEBHOOK_SECRET).",
		);
	const headerArg = args.string('header');
	if (headerArg === undefined)
		throw new UsageError(
			`--header is required: the value of the ${SIGNATURE_HEADER} header received.`,
		);
	const header = headerArg.replace(HEADER_PREFIX, '');
	const tolerance = args.integer('tolerance');
	if (tolerance !== undefined && tolerance < 0)
		throw new UsageError(`--tolerance must be 0 or more seconds (got ${tolerance}).`);
	const now = args.integer('now');
	const body = await readBody(io, args.string('body-file'), '--body-file');

	const verify = (payload: Buffer) =>
		verifyWebhook({
			payload,
			header,
			secrets,
			...(tolerance !== undefined ? { toleranceSeconds: tolerance } : {}),
			...(now !== undefined ? { now } : {}),
		});
	try {
		const event = verify(body);
		output.result(
			{ valid: true, event: { id: event.id, type: event.type, cree_le: event.cree_le } },
			() =>
				[
					'Valid signature.',
					fields([
						['Type', event.type],
						['Id', event.id],
						['Created', event.cree_le],
					]),
				].join('\n'),
		);
		return EXIT.ok;
	} catch (error) {
		if (!(error instanceof WebhookVerificationError)) throw error;
		const hint =
			error.reason === 'no_matching_signature' ? trailingNewlineHint(body, verify) : undefined;
		output.result(
			{ valid: false, reason: error.reason, message: error.message, ...(hint ? { hint } : {}) },
			() => [`Invalid: ${error.reason}`, error.message, ...(hint ? [hint] : [])].join('\n'),
		);
		return EXIT.verificationFailed;
	}
}

/** The usual cause of a mismatch when a body is pasted or piped: a final newline that was not sent. */
function trailingNewlineHint(
	body: Buffer,
	verify: (payload: Buffer) => unknown,
): string | undefined {
	const trimmed = body.toString('latin1').replace(/\r?\n+$/, '');
	if (trimmed.length === body.length) return undefined;
	try {
		verify(body.subarray(0, trimmed.length));
		return "Hint: the signature matches the body without its final newline, which was added after delivery (by echo, an editor or a copy). Send the exact bytes, e.g. with printf '%s' or --body-file.";
	} catch {
		return undefined;
	}
}

export const verifyCommand: Command = { spec, run };
