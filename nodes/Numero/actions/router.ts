import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { NumeroClient } from '../../../shared/index';
import { createNumeroClient } from '../transport/create-client';
import { errorItemJson, toNodeError } from '../helpers/node-error';
import * as account from './account/Account.resource';
import * as issue from './issue/Issue.resource';
import * as link from './link/Link.resource';
import type { OperationExecute } from './operation';
import * as statistics from './statistics/Statistics.resource';

const OPERATIONS: Record<string, Record<string, OperationExecute>> = {
  account: { get: account.get.execute },
  issue: {
    get: issue.get.execute,
    getMany: issue.getMany.execute,
    publish: issue.publish.execute,
    replacePdf: issue.replacePdf.execute,
    update: issue.update.execute,
  },
  link: { create: link.create.execute, revoke: link.revoke.execute },
  statistics: { get: statistics.get.execute },
};

/**
 * Runs the chosen operation once per input item. Every output item is paired with the input item it
 * came from; with "Continue On Fail" a failing item becomes an item holding the error and its code.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
  const items = this.getInputData();
  const resource = this.getNodeParameter('resource', 0) as string;
  const operation = this.getNodeParameter('operation', 0) as string;
  const execute = OPERATIONS[resource]?.[operation];
  if (!execute) {
    throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
  }

  let client: NumeroClient | undefined;
  const returnData: INodeExecutionData[] = [];
  for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
    try {
      client ??= await createNumeroClient(this);
      const result = await execute.call(this, client, itemIndex);
      returnData.push(
        ...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(result), {
          itemData: { item: itemIndex },
        }),
      );
    } catch (error) {
      if (this.continueOnFail()) {
        returnData.push({ json: errorItemJson(error), pairedItem: { item: itemIndex } });
        continue;
      }
      throw toNodeError(this.getNode(), error, itemIndex);
    }
  }
  return [returnData];
}
