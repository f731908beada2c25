/**
 * What a user builds by hand in n8n to check numero's signature without the Numero Trigger: n8n's
 * Webhook node (raw body kept, as a binary) → Extract From File (the raw body as text: n8n keeps
 * binaries outside the item, in the database in queue mode) → Crypto node (HMAC-SHA256 of
 * `<t>.<raw body>` with the endpoint's signing secret, `t` taken from the Service-Signature header by
 * an expression) → IF (a `v1` of the header equals that HMAC) → on true, the same newsletter call as
 * the Numero Trigger's workflow.
 * It checks the HMAC only: no timestamp tolerance, no duplicate check, no constant-time comparison.
 */
import { SIGNATURE_HEADER } from '../shared';
import type { WorkflowJson } from '../scripts/e2e/workflows';

export const HAND_BUILT_WORKFLOW_ID = 'benchHandBuiltHmac';
export const HAND_BUILT_PATH = 'bench-hand-built-hmac';
const CRYPTO_CREDENTIAL = {
	id: 'benchCryptoHmac',
	name: 'Numero signing secret (Crypto node, bench)',
};
/** What the newsletter call carries to tell the two workflows apart at the stand-in. */
export const HAND_BUILT_MARK = 'webhook+crypto';

export function handBuiltVerifier(options: { newsletterUrl: string; webhookSecret: string }): {
	credentials: unknown[];
	workflows: WorkflowJson[];
} {
	const header = `$('Numero Webhook').item.json.headers['${SIGNATURE_HEADER.toLowerCase()}']`;
	const body = `$('Numero Webhook').item.json.body`;
	const nodes: WorkflowJson['nodes'] = [
		{
			id: 'b3a1c0de-0000-4000-8000-000000000001',
			name: 'Numero Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2.1,
			webhookId: 'b3a1c0de-0000-4000-8000-0000000000ff',
			position: [0, 0],
			parameters: {
				httpMethod: 'POST',
				path: HAND_BUILT_PATH,
				responseMode: 'onReceived',
				options: { rawBody: true },
			},
		},
		{
			id: 'b3a1c0de-0000-4000-8000-000000000005',
			name: 'Raw Body As Text',
			type: 'n8n-nodes-base.extractFromFile',
			typeVersion: 1,
			position: [120, 0],
			parameters: {
				operation: 'text',
				binaryPropertyName: 'data',
				destinationKey: 'rawBody',
				options: {},
			},
		},
		{
			id: 'b3a1c0de-0000-4000-8000-000000000002',
			name: 'HMAC Of Body',
			type: 'n8n-nodes-base.crypto',
			typeVersion: 2,
			position: [240, 0],
			parameters: {
				action: 'hmac',
				type: 'SHA256',
				binaryData: false,
				value: `={{ (${header} ?? '').match(/(?:^|,)\\s*t=(\\d+)/)?.[1] ?? '' }}.{{ $json.rawBody }}`,
				dataPropertyName: 'expected',
				encoding: 'hex',
			},
			credentials: { crypto: CRYPTO_CREDENTIAL },
		},
		{
			id: 'b3a1c0de-0000-4000-8000-000000000003',
			name: 'Signature Matches',
			type: 'n8n-nodes-base.if',
			typeVersion: 2.2,
			position: [480, 0],
			parameters: {
				conditions: {
					options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
					conditions: [
						{
							id: 'b3a1c0de-0000-4000-8000-00000000000a',
							leftValue: `={{ (${header} ?? '').split(',').map(part => part.trim()).includes('v1=' + $json.expected) }}`,
							rightValue: '',
							operator: { type: 'boolean', operation: 'true', singleValue: true },
						},
					],
					combinator: 'and',
				},
				options: {},
			},
		},
		{
			id: 'b3a1c0de-0000-4000-8000-000000000004',
			name: 'Announce In Newsletter',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			position: [720, 0],
			parameters: {
				method: 'POST',
				url: options.newsletterUrl,
				sendBody: true,
				specifyBody: 'json',
				jsonBody: `={{ JSON.stringify({ event_id: ${body}.id, issue_id: ${body}.donnees.id, title: ${body}.donnees.titre, periodical: ${body}.donnees.publication.nom, page: ${body}.donnees.page_publique, via: '${HAND_BUILT_MARK}' }) }}`,
				options: {},
			},
		},
	];
	const workflow: WorkflowJson = {
		id: HAND_BUILT_WORKFLOW_ID,
		name: 'Bench: Webhook + Crypto HMAC check (by hand)',
		active: false,
		nodes,
		connections: {
			'Numero Webhook': { main: [[{ node: 'Raw Body As Text', type: 'main', index: 0 }]] },
			'Raw Body As Text': { main: [[{ node: 'HMAC Of Body', type: 'main', index: 0 }]] },
			'HMAC Of Body': { main: [[{ node: 'Signature Matches', type: 'main', index: 0 }]] },
			// IF: output 0 is true (accepted), output 1 false (refused: the execution ends there).
			'Signature Matches': {
				main: [[{ node: 'Announce In Newsletter', type: 'main', index: 0 }], []],
			},
		},
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
	return {
		credentials: [
			{ ...CRYPTO_CREDENTIAL, type: 'crypto', data: { hmacSecret: options.webhookSecret } },
		],
		workflows: [workflow],
	};
}
