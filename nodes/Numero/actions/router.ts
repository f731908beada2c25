import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { NumeroClient } from '../../../shared/index';
import { createNumeroClient } from '../transport/create-client';
import { operationFieldNamer, type ApiFieldParameters } from '../helpers/field-labels';
import { errorItemJson, toNodeError } from '../helpers/node-error';
import { toToolError } from '../helpers/tool-error';
import * as account from './account/Account.resource';
import * as issue from './issue/Issue.resource';
import * as link from './link/Link.resource';
import type { OperationExecute } from './operation';
import * as statistics from './statistics/Statistics.resource';

/** The resources of the node; each exports its operations by their n8n value, as n8n's Airtable v2 does. */
const RESOURCES = { account, issue, link, statistics };

/** What the router needs of an operation's module: its run, its declarations, and which parameter gives which API field. */
export interface OperationModule {
	execute: OperationExecute;
	description: INodeProperties[];
	apiFields: ApiFieldParameters;
}

/** `RESOURCES[resource][operation]`, or undefined for a resource or operation the node lacks. */
export function operationOf(resource: string, operation: string): OperationModule | undefined {
	if (!Object.hasOwn(RESOURCES, resource)) return undefined;
	const operations: Record<string, unknown> = RESOURCES[resource as keyof typeof RESOURCES];
	const chosen = Object.hasOwn(operations, operation)
		? (operations[operation] as Partial<OperationModule>)
		: undefined;
	return typeof chosen?.execute === 'function' ? (chosen as OperationModule) : undefined;
}

/**
 * Operations run for several items at once: one small API call per subscriber and no upload. One item
 * at a time, n8n sat idle during every round trip (18% of a 1,000-item Link → Create run in a real n8n's
 * CPU profile, bench/profile-n8n.ts), while n8n's HTTP Request node sends all its items at once.
 */
const ITEMS_AT_ONCE: Record<string, number> = { 'link.create': 8, 'link.revoke': 8 };

/**
 * Runs the chosen operation once per input item (for a few items at once where ITEMS_AT_ONCE says so).
 * Output items keep the input's order, each paired with the item it came from; with "Continue On
 * Fail" a failing item becomes an item holding the error and its code. Otherwise no further item is
 * started after a failure, and the error of the first failing item is thrown once the others in
 * flight have finished.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const chosen = operationOf(resource, operation);
	if (!chosen) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" of "${resource}" is not supported`,
		);
	}
	const { execute } = chosen;
	const fieldName = operationFieldNamer(chosen.description, chosen.apiFields);

	let client: Promise<NumeroClient> | undefined;
	const outputs: INodeExecutionData[][] = [];
	const runItem = async (itemIndex: number): Promise<void> => {
		try {
			client ??= createNumeroClient(this);
			const result = await execute.call(this, await client, itemIndex);
			outputs[itemIndex] = this.helpers.constructExecutionMetaData(
				this.helpers.returnJsonArray(result),
				{
					itemData: { item: itemIndex },
				},
			);
		} catch (error) {
			// Numero Tool: the model reads the error, so it gets a sentence it can act on.
			if (this.isToolExecution()) throw toToolError(this.getNode(), error, itemIndex);
			if (this.continueOnFail()) {
				outputs[itemIndex] = [
					{ json: errorItemJson(error, fieldName), pairedItem: { item: itemIndex } },
				];
				return;
			}
			throw toNodeError(this.getNode(), error, itemIndex, fieldName);
		}
	};

	let next = 0;
	const failures: Array<{ itemIndex: number; error: unknown }> = [];
	const worker = async (): Promise<void> => {
		while (failures.length === 0 && next < items.length) {
			const itemIndex = next++;
			try {
				await runItem(itemIndex);
			} catch (error) {
				failures.push({ itemIndex, error });
			}
		}
	};
	const atOnce = Math.min(ITEMS_AT_ONCE[`${resource}.${operation}`] ?? 1, items.length);
	await Promise.all(Array.from({ length: atOnce }, worker));
	if (failures.length > 0) {
		throw failures.reduce((first, failure) =>
			failure.itemIndex < first.itemIndex ? failure : first,
		).error;
	}
	return [outputs.flat()];
}
