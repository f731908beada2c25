import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { LINK_DAYS, REFERENCE_MAX_CHARS, type NumeroClient } from '../../../../shared/index';
import { withoutEmpty } from '../../helpers/without-empty';
import { idempotencyOptions, issueLocator } from '../common.descriptions';
import type { ApiFieldParameters } from '../../helpers/field-labels';

const properties: INodeProperties[] = [
	issueLocator,
	{
		displayName: 'Subscriber Reference',
		name: 'reference',
		type: 'string',
		default: '',
		placeholder: 'e.g. sub_12345',
		description: `Your own identifier of the subscriber: 1 to ${REFERENCE_MAX_CHARS} letters, digits and _ . : @ + -. Only a fingerprint of it is kept; every link created with it can be revoked at once. An internal ID is advised rather than an email address.`,
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Days Valid',
				name: 'days',
				type: 'number',
				default: 30,
				description: `How many days the link works, ${LINK_DAYS.min} to ${LINK_DAYS.max}. Remove this field to use your account's own setting instead.`,
			},
			{
				displayName: 'Page',
				name: 'page',
				type: 'number',
				default: 1,
				description: 'The page the reader opens at',
			},
		],
	},
	idempotencyOptions(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['link'], operation: ['create'] } },
	properties,
);

/** The parameter behind each field the core checks (errors name the field by that parameter's label). */
export const apiFields: ApiFieldParameters = {
	id: 'issueId',
	reference: 'reference',
	jours: 'additionalFields.days',
	page: 'additionalFields.page',
	'Idempotency-Key': 'options.idempotencyKey',
};

export async function execute(
	this: IExecuteFunctions,
	client: NumeroClient,
	itemIndex: number,
): Promise<IDataObject> {
	const id = this.getNodeParameter('issueId', itemIndex, '', { extractValue: true }) as string;
	const reference = this.getNodeParameter('reference', itemIndex, '') as string;
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as {
		days?: number;
		page?: number;
	};
	const options = this.getNodeParameter('options', itemIndex, {}) as { idempotencyKey?: string };
	const lien = await client.createLink(
		{ id, ...withoutEmpty({ reference, jours: fields.days, page: fields.page }) },
		withoutEmpty({ idempotencyKey: options.idempotencyKey }),
	);
	return { ...lien };
}
