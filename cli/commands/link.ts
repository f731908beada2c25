import { LINK_DAYS, REFERENCE_MAX_CHARS } from '../../shared';
import type { CommandSpec } from '../args';
import { API_ENV, API_OPTIONS, apiClient } from '../api-client';
import type { Command, CommandContext } from '../command';
import { EXIT } from '../exit-codes';
import { fields } from '../human-format';

const spec: CommandSpec = {
	name: 'link',
	summary: "Create a subscriber's signed reading link to an issue (permission liens).",
	description:
		"Give each subscriber their own link, with --reference set to your internal subscriber id (not an\ne-mail address): `numero revoke <reference>` then turns off all of that subscriber's links.",
	positionals: [{ name: 'issue', sets: ['id'], description: 'The issue id, <domain>:<slug>.' }],
	options: {
		reference: {
			type: 'string',
			sets: ['reference'],
			value: '<reference>',
			description: `Your subscriber id: 1 to ${REFERENCE_MAX_CHARS} of letters, digits and _ . : @ + -`,
		},
		days: {
			type: 'string',
			sets: ['jours'],
			value: '<n>',
			description: `Days until the link expires, ${LINK_DAYS.min} to ${LINK_DAYS.max} (default: the account's setting).`,
		},
		page: {
			type: 'string',
			sets: ['page'],
			value: '<n>',
			description: 'Open the reader at this page (from 1).',
		},
		'idempotency-key': {
			type: 'string',
			sets: ['Idempotency-Key'],
			value: '<key>',
			description:
				'Repeat the call safely: the same key within 24 hours returns the same link (default: a new one).',
		},
		...API_OPTIONS,
	},
	env: API_ENV,
	examples: [
		'numero link numero.press:gazette-2026-03 --reference sub_4821 --days 7',
		'numero link numero.press:gazette-2026-03 --page 12 --json | jq -r .url',
	],
};

async function run(context: CommandContext): Promise<number> {
	const { args } = context;
	const reference = args.string('reference');
	const days = args.integer('days');
	const page = args.integer('page');
	const idempotencyKey = args.string('idempotency-key');
	const lien = await apiClient(context).createLink(
		{
			id: args.positional(0) ?? '',
			...(days !== undefined ? { jours: days } : {}),
			...(page !== undefined ? { page } : {}),
			...(reference !== undefined ? { reference } : {}),
		},
		idempotencyKey !== undefined ? { idempotencyKey } : {},
	);
	context.output.result(lien, () =>
		fields([
			['Link', lien.url],
			['Expires', lien.expire_le],
			['Embed', lien.iframe],
		]),
	);
	return EXIT.ok;
}

export const linkCommand: Command = {
	spec,
	run,
};
