import { defineCreate, defineInputFields } from 'zapier-platform-core';
import { REFERENCE_MAX_CHARS } from '../../../shared';
import { optionalValue } from '../input-values';
import { numeroClient } from '../numero-client';
import { CREATES_THROTTLE } from '../throttle';
import { labelsOf, withZapierErrors } from '../zapier-errors';

const inputFields = defineInputFields([
	{
		key: 'reference',
		label: 'Subscriber Reference',
		required: true,
		helpText: `The reference given when the links were created (1 to ${REFERENCE_MAX_CHARS} letters, digits or \`_ . : @ + -\`). Every link created with it, for every issue, stops working; links created afterwards with the same reference work normally.`,
	},
]);

export const revokeSubscriberLinks = defineCreate({
	key: 'revokeSubscriberLinks',
	noun: 'Revocation',
	display: {
		label: 'Revoke Subscriber Links',
		description:
			"Revokes all of a subscriber's reading links, for every issue (e.g. when a subscription ends).",
	},
	operation: {
		inputFields,
		throttle: CREATES_THROTTLE,
		perform: withZapierErrors(labelsOf(inputFields), async (z, bundle) =>
			numeroClient(z, bundle).revokeReference({
				reference: optionalValue(bundle.inputData.reference) as string,
			}),
		),
		sample: { reference: 'abo-2024-00871', revoque_le: '2026-03-02T08:15:04Z' },
		outputFields: [
			{ key: 'reference', label: 'Subscriber Reference', type: 'string' },
			{ key: 'revoque_le', label: 'Revoked At', type: 'datetime' },
		],
	},
});
