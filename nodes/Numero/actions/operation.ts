import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { NumeroClient } from '../../../shared/index';

/** What one operation does for one input item: its result becomes one output item, or one per element. */
export type OperationExecute = (
	this: IExecuteFunctions,
	client: NumeroClient,
	itemIndex: number,
) => Promise<IDataObject | IDataObject[]>;
