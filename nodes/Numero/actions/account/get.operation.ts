import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { NumeroClient } from '../../../../shared/index';
import type { ApiFieldParameters } from '../../helpers/field-labels';

export const description: INodeProperties[] = [];

/** The parameter behind each field the core checks (errors name the field by that parameter's label). */
export const apiFields: ApiFieldParameters = {};

export async function execute(this: IExecuteFunctions, client: NumeroClient): Promise<IDataObject> {
	const { compte } = await client.getAccount();
	return { ...compte } as unknown as IDataObject;
}
