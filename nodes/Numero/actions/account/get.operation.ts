import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { NumeroClient } from '../../../../shared/index';

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions, client: NumeroClient): Promise<IDataObject> {
	const { compte } = await client.getAccount();
	return { ...compte } as unknown as IDataObject;
}
