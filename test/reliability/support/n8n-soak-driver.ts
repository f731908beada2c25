/**
 * The Numero node under soak, run by n8n's own engine (test/n8n/harness): each batch of requests is
 * one workflow execution whose items feed the node, with "Continue On Fail" so that a failing item
 * becomes an error item and the others go on. Several executions run at once. The node waits with
 * n8n's real sleep and n8n's per-request timeout (the core's default, 30 s).
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Harness } from '../../core/support/sandbox-harness';
import { runNode, type TestItem } from '../../n8n/harness';
import { NUMERO_NODE_TYPE } from '../../n8n/support/numero-sandbox';
import { SOAK_ISSUE } from './fault-soak';
import { batches, runPool } from './run-pool';
import { linkIdOf, type Outcome, type SoakDriver } from './soak-ledger';

export interface N8nSoakOptions {
	itemsPerExecution: number;
	concurrentExecutions: number;
}

/** What an n8n output item says: a result, or (Continue On Fail) the error of its input item. */
export function n8nItemOutcome(
	item: INodeExecutionData | undefined,
	resourceOf: (json: INodeExecutionData['json']) => string,
): Outcome {
	if (!item) return { kind: 'missing' };
	const json = item.json;
	if (json.error !== undefined) {
		const details = (json.details ?? {}) as { code?: unknown };
		const code = String(json.code ?? details.code ?? '');
		const message = typeof json.error === 'string' ? json.error : JSON.stringify(json.error);
		return {
			kind: 'error',
			code: code || 'no_code',
			message,
			clear: typeof json.error === 'string' && json.error.length > 0 && code.length > 0,
		};
	}
	return { kind: 'ok', resourceId: resourceOf(json) };
}

export function n8nSoakDriver(harness: Harness, options: N8nSoakOptions): SoakDriver {
	const credentials = {
		numeroApi: { apiKey: harness.sandbox.keys.full, baseUrl: harness.sandbox.baseUrl },
	};

	async function execute(
		parameters: INodeParameters,
		input: TestItem[],
		resourceOf: (json: INodeExecutionData['json']) => string,
	): Promise<Outcome[]> {
		const result = await runNode({
			credentials,
			input,
			node: { type: NUMERO_NODE_TYPE, parameters, continueOnFail: true },
		});
		if (result.status !== 'success') {
			// The whole execution failed: every item is reported by n8n's execution error.
			const message = result.error?.message ?? '';
			return input.map(() => ({
				kind: 'error',
				code: 'execution_failed',
				message,
				clear: message.length > 0,
			}));
		}
		const byItem = new Map<number, INodeExecutionData>();
		for (const item of result.items) {
			const paired = item.pairedItem as { item: number } | undefined;
			if (paired && !byItem.has(paired.item)) byItem.set(paired.item, item);
		}
		return input.map((_, position) => n8nItemOutcome(byItem.get(position), resourceOf));
	}

	async function inBatches<R>(
		requests: R[],
		run: (batch: R[]) => Promise<Outcome[]>,
	): Promise<Outcome[]> {
		const results = await runPool(
			batches(requests, options.itemsPerExecution),
			options.concurrentExecutions,
			run,
		);
		return results.flat();
	}

	return {
		through: 'n8n node',
		createLinks: (requests) =>
			inBatches(requests, (batch) =>
				execute(
					{
						resource: 'link',
						operation: 'create',
						issueId: { __rl: true, mode: 'id', value: SOAK_ISSUE },
						reference: '={{ $json.reference }}',
						additionalFields: { days: '={{ $json.jours }}', page: '={{ $json.page }}' },
						options: { idempotencyKey: '={{ $json.idempotencyKey }}' },
					},
					batch.map((request) => ({
						json: {
							reference: request.reference,
							jours: request.jours,
							page: request.page,
							idempotencyKey: request.idempotencyKey,
						},
					})),
					(json) => linkIdOf(json.url),
				),
			),
		publish: (requests) =>
			inBatches(requests, (batch) =>
				execute(
					{
						resource: 'issue',
						operation: 'publish',
						binaryPropertyName: 'data',
						title: '={{ $json.titre }}',
						periodicalMode: 'existing',
						periodical: 'gazette',
					},
					batch.map((request) => ({
						json: { titre: request.titre },
						binary: {
							data: {
								bytes: request.pdf,
								fileName: `soak-${request.index}.pdf`,
								mimeType: 'application/pdf',
							},
						},
					})),
					(json) => String((json.numero as { id?: unknown } | undefined)?.id ?? ''),
				),
			),
	};
}
