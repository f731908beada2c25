import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { NumeroClient } from '../../../../shared/index';
import { issueLocator } from '../common.descriptions';

const properties: INodeProperties[] = [issueLocator];

export const description = updateDisplayOptions(
	{ show: { resource: ['issue'], operation: ['get'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	client: NumeroClient,
	itemIndex: number,
): Promise<IDataObject> {
	const id = this.getNodeParameter('issueId', itemIndex, '', { extractValue: true }) as string;
	const { numero } = await client.getIssue({ id });
	return { ...numero };
}
