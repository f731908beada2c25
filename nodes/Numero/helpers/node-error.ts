import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import {
	NumeroApiError,
	NumeroNetworkError,
	NumeroValidationError,
	type FieldNamer,
} from '../../../shared/index';

/** Without an operation's declarations (an error before any operation ran), fields keep the API's name. */
const apiNames: FieldNamer = (field) => `"${field}"`;

/** The headline of refused input: the problem in the node's words, and that nothing left n8n. */
function refusedInputMessage(error: NumeroValidationError, name: FieldNamer): string {
	return `${error.sentence(name)} Nothing was sent to numero.`;
}

/**
 * Any error of an item as the error n8n shows: a headline naming each field as the operation's panel
 * shows it (`name`, from the operation's declarations), the API's names, rule, status and request id
 * in the description below it, and the item index. Nothing of it ever holds the API key.
 */
export function toNodeError(
	node: INode,
	error: unknown,
	itemIndex: number,
	name: FieldNamer = apiNames,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex ??= itemIndex;
		return error;
	}
	if (error instanceof NumeroValidationError) {
		return new NodeOperationError(node, refusedInputMessage(error, name), {
			itemIndex,
			description: `numero's field "${error.field}", rule "${error.rule}". ${error.message}`,
		});
	}
	if (error instanceof NumeroApiError) {
		const message = error.sentence(name);
		const response: JsonObject = { message, code: error.code, status: error.status };
		if (error.requestId) response.requestId = error.requestId;
		return new NodeApiError(node, response, {
			itemIndex,
			message,
			httpCode: String(error.status),
			description: `numero answered HTTP ${error.status} (${error.code}${error.field ? `, field "${error.field}"` : ''})${error.requestId ? `; request id ${error.requestId}` : ''}.`,
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
export function errorItemJson(error: unknown, name: FieldNamer = apiNames): IDataObject {
	const message = error instanceof Error ? error.message : String(error);
	if (error instanceof NumeroValidationError) {
		return {
			error: refusedInputMessage(error, name),
			details: { code: 'invalid_input', field: error.field, rule: error.rule },
		};
	}
	if (error instanceof NumeroApiError) {
		const details: IDataObject = { code: error.code, status: error.status };
		if (error.field) details.field = error.field;
		if (error.requestId) details.requestId = error.requestId;
		return { error: error.sentence(name), details };
	}
	if (error instanceof NumeroNetworkError) {
		return { error: message, details: { code: `network_${error.kind}`, attempts: error.attempts } };
	}
	return { error: message, details: { code: 'n8n_error' } };
}
