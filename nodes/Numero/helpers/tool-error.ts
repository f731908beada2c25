import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { NumeroApiError, NumeroNetworkError, NumeroValidationError } from '../../../shared/index';

/** What a model should do next after numero answered with this error. */
function nextStep(error: NumeroApiError): string {
	if (error.status === 401 || error.status === 403) {
		return 'The numero credential of this tool must be fixed by a person in n8n; do not call the tool again until then.';
	}
	if (error.status === 404) {
		return 'Call the tool that lists the issues to find the right issue id (shaped domain:address), then call this tool again with it.';
	}
	if (error.status === 429) {
		return `Wait ${error.retryAfter ?? 60} seconds before calling a numero tool again.`;
	}
	if (error.status === 402)
		return 'The numero plan does not allow it: tell the person you are helping; do not retry.';
	if (error.status >= 500) return 'numero had a problem: try again in a minute.';
	return 'Correct the input as the message says, then call the tool again.';
}

/**
 * The error of a Numero Tool call as a sentence a language model can act on: what went wrong and what
 * to do next, never a stack or n8n's internals. n8n hands the message to the agent or MCP client.
 */
export function toolErrorSentence(error: unknown): string {
	if (error instanceof NumeroValidationError) {
		return `${error.message} Nothing was sent to numero: correct "${error.field}" and call the tool again.`;
	}
	if (error instanceof NumeroApiError) return `${error.message} ${nextStep(error)}`;
	if (error instanceof NumeroNetworkError)
		return `${error.message} numero could not be reached: try again in a minute.`;
	// The node's own refusals (a bad PDF address, a missing parameter) are sentences already.
	if (error instanceof NodeOperationError || error instanceof NodeApiError) return error.message;
	const message = error instanceof Error ? error.message : String(error);
	return `The numero tool failed: ${message.split('\n')[0]}`;
}

/** The error Numero Tool throws: only the sentence, so n8n shows the model nothing else. */
export function toToolError(node: INode, error: unknown, itemIndex: number): NodeOperationError {
	return new NodeOperationError(node, toolErrorSentence(error), { itemIndex, level: 'warning' });
}
