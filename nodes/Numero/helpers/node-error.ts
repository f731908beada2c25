import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { NumeroApiError, NumeroNetworkError, NumeroValidationError } from '../../../shared/index';
import { fieldLabel } from './field-labels';

/**
 * Any error of an item as the error n8n shows: the core's message (which never holds the API key),
 * a description saying where to look, and the item index.
 */
export function toNodeError(
	node: INode,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex ??= itemIndex;
		return error;
	}
	if (error instanceof NumeroValidationError) {
		const label = fieldLabel(error.field);
		return new NodeOperationError(node, error.message, {
			itemIndex,
			description: `${label ? `Check the field "${label}". ` : ''}Nothing was sent to numero.`,
		});
	}
	if (error instanceof NumeroApiError) {
		const response: JsonObject = { message: error.message, code: error.code, status: error.status };
		if (error.requestId) response.requestId = error.requestId;
		return new NodeApiError(node, response, {
			itemIndex,
			message: error.message,
			httpCode: String(error.status),
			description: `numero answered HTTP ${error.status} (${error.code})${error.requestId ? `, request id ${error.requestId}` : ''}.`,
		});
	}
	if (error instanceof NumeroNetworkError) {
		return new NodeApiError(
			node,
			{ message: error.message, code: `network_${error.kind}` },
			{ itemIndex, message: error.message },
		);
	}
	return new NodeOperationError(node, error instanceof Error ? error : String(error), {
		itemIndex,
	});
}

/**
 * The error as the json of an output item, for "Continue On Fail": `error` is the message and `details`
 * says what failed (`code`, and `status`, `field`, `rule`… when known). Only these two keys, because n8n
 * sends an item shaped `{ error, details }` to the error output under "Continue (using error output)".
 */
export function errorItemJson(error: unknown): IDataObject {
	const message = error instanceof Error ? error.message : String(error);
	if (error instanceof NumeroValidationError) {
		return {
			error: message,
			details: {
				code: 'invalid_input',
				field: fieldLabel(error.field) ?? error.field,
				rule: error.rule,
			},
		};
	}
	if (error instanceof NumeroApiError) {
		const details: IDataObject = { code: error.code, status: error.status };
		if (error.requestId) details.requestId = error.requestId;
		return { error: message, details };
	}
	if (error instanceof NumeroNetworkError) {
		return { error: message, details: { code: `network_${error.kind}`, attempts: error.attempts } };
	}
	return { error: message, details: { code: 'n8n_error' } };
}
