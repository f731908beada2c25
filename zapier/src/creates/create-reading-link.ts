import { defineCreate, defineInputFields } from 'zapier-platform-core';
import { LINK_DAYS, REFERENCE_MAX_CHARS } from '../../../shared';
import { ISSUE_ID_HELP, issueField } from '../fields';
import { optionalInteger, optionalValue } from '../input-values';
import { numeroClient } from '../numero-client';
import { CREATES_THROTTLE } from '../throttle';
import { labelsOf, withZapierErrors } from '../zapier-errors';

const inputFields = defineInputFields([
	issueField('id', 'Issue', ISSUE_ID_HELP),
	{
		key: 'reference',
		label: 'Subscriber Reference',
		required: false,
		helpText: `Your own identifier of the subscriber (1 to ${REFERENCE_MAX_CHARS} letters, digits or \`_ . : @ + -\`). Only a fingerprint of it is stored in the link; **Revoke Subscriber Links** with the same reference deactivates all of this subscriber's links. An internal id is advised rather than an e-mail address.`,
	},
	{
		key: 'jours',
		label: 'Validity (Days)',
		type: 'integer',
		required: false,
		helpText: `How many days the link works, from ${LINK_DAYS.min} to ${LINK_DAYS.max}. Leave empty for the default set in your numero account.`,
	},
	{
		key: 'page',
		label: 'Opening Page',
		type: 'integer',
		required: false,
		helpText: 'The page the reader opens at (1 or more). Leave empty for the first page.',
	},
	{
		key: 'idempotency_key',
		label: 'Idempotency Key',
		required: false,
		helpText:
			'Optional. A run repeated with the same key within 24 hours returns the first link instead of creating another (at most 120 characters). Leave empty for a new link on every run.',
	},
]);

/** Errors name the fields by these inputFields' labels; the core's Idempotency-Key is the idempotency_key field. */
const LABELS = labelsOf(inputFields, { 'Idempotency-Key': 'idempotency_key' });

export const createReadingLink = defineCreate({
	key: 'createReadingLink',
	noun: 'Reading Link',
	display: {
		label: 'Create Reading Link',
		description:
			'Creates a signed reading link that opens an issue in the online reader for one subscriber.',
	},
	operation: {
		inputFields,
		throttle: CREATES_THROTTLE,
		perform: withZapierErrors(LABELS, async (z, bundle) => {
			const client = numeroClient(z, bundle);
			const input = bundle.inputData;
			const id = optionalValue(input.id) as string;
			const idempotencyKey = optionalValue(input.idempotency_key) as string | undefined;
			const lien = await client.createLink(
				{
					id,
					jours: optionalInteger(input.jours) as number | undefined,
					page: optionalInteger(input.page) as number | undefined,
					reference: optionalValue(input.reference) as string | undefined,
				},
				idempotencyKey === undefined ? {} : { idempotencyKey },
			);
			return { ...lien, issue_id: id, replayed: client.lastResponse?.replayed ?? false };
		}),
		sample: {
			url: 'https://numero.press/lire/gazette-du-port-mars-2026?l=eyJpIjoiZ2F6ZXR0ZSIsImUiOjE3NzU1NjQ4MDB9.Q2xkZ1Vn',
			expire_le: '2026-04-01T08:15:04Z',
			iframe:
				'<iframe src="https://numero.press/lire/gazette-du-port-mars-2026?l=eyJpIjoiZ2F6ZXR0ZSIsImUiOjE3NzU1NjQ4MDB9.Q2xkZ1Vn" width="100%" height="720" frameborder="0" allowfullscreen></iframe>',
			issue_id: 'numero.press:gazette-du-port-mars-2026',
			replayed: false,
		},
		outputFields: [
			{ key: 'url', label: 'Reading Link URL', type: 'string' },
			{ key: 'expire_le', label: 'Expires At', type: 'datetime' },
			{ key: 'iframe', label: 'Embed Code (iframe)', type: 'string' },
			{ key: 'issue_id', label: 'Issue ID', type: 'string' },
			{
				key: 'replayed',
				label: 'Returned by an Earlier Run (Same Idempotency Key)',
				type: 'boolean',
			},
		],
	},
});
