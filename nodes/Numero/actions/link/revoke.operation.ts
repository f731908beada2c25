import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { NumeroClient } from '../../../../shared/index';
import type { ApiFieldParameters } from '../../helpers/field-labels';

const properties: INodeProperties[] = [
	{
		displayName: 'Subscriber Reference',
		name: 'reference',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. sub_12345',
		description:
			'Every link created with this reference, for every issue, stops working. Links created later with it work normally.',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['link'], operation: ['revoke'] } },
	properties,
);

/** The parameter behind each field the core checks (errors name the field by that parameter's label). */
export const apiFields: ApiFieldParameters = { reference: 'reference' };

export async function execute(
	this: IExecuteFunctions,
	client: NumeroClient,
	itemIndex: number,
): Promise<IDataObject> {
	const reference = this.getNodeParameter('reference', itemIndex) as string;
	return { ...(await client.revokeReference({ reference })) };
}
