import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { NumeroClient } from '../../../../shared/index';
import { issueLocator } from '../common.descriptions';
import type { ApiFieldParameters } from '../../helpers/field-labels';

const properties: INodeProperties[] = [issueLocator];

export const description = updateDisplayOptions(
	{ show: { resource: ['issue'], operation: ['get'] } },
	properties,
);

/** The parameter behind each field the core checks (errors name the field by that parameter's label). */
export const apiFields: ApiFieldParameters = { id: 'issueId' };

export async function execute(
	this: IExecuteFunctions,
	client: NumeroClient,
	itemIndex: number,
): Promise<IDataObject> {
	const id = this.getNodeParameter('issueId', itemIndex, '', { extractValue: true }) as string;
	const { numero } = await client.getIssue({ id });
	return { ...numero };
}
