import { chain, NUMERO_API_CREDENTIAL, NUMERO_NODE, type WorkflowJson } from './workflow-json';

export const READING_LINK_WORKFLOW_ID = 'numeroReadingLnk';
/** The Webhook node's path: production URL `<n8n>/webhook/numero-reading-link`. */
export const READING_LINK_PATH = 'numero-reading-link';

/**
 * A CRM (or a members' area) asks for a subscriber's reading link: Webhook receiving
 * `{ "subscriber": "<your subscriber id>", "issue": "<issue id>" }` → Numero (Link → Create) →
 * Respond to Webhook with `{ url, expire_le }`.
 */
export function crmReadingLink(): WorkflowJson {
	return chain(READING_LINK_WORKFLOW_ID, 'Numero: reading link for a subscriber', [
		{
			id: '2b7e4f10-8c3d-4e21-a5f6-0d9c8b7a6e01',
			name: 'Subscriber Opens Issue',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			webhookId: '2b7e4f10-8c3d-4e21-a5f6-0d9c8b7a6e0f',
			parameters: {
				httpMethod: 'POST',
				path: READING_LINK_PATH,
				responseMode: 'responseNode',
				options: {},
			},
		},
		{
			id: '2b7e4f10-8c3d-4e21-a5f6-0d9c8b7a6e02',
			name: 'Create Reading Link',
			type: NUMERO_NODE,
			typeVersion: 1,
			parameters: {
				resource: 'link',
				operation: 'create',
				issueId: { __rl: true, mode: 'id', value: '={{ $json.body.issue }}' },
				reference: '={{ $json.body.subscriber }}',
				additionalFields: {},
				options: {},
			},
			credentials: { numeroApi: NUMERO_API_CREDENTIAL },
		},
		{
			id: '2b7e4f10-8c3d-4e21-a5f6-0d9c8b7a6e03',
			name: 'Answer With Link',
			type: 'n8n-nodes-base.respondToWebhook',
			typeVersion: 1.1,
			parameters: {
				respondWith: 'json',
				responseBody: '={{ JSON.stringify({ url: $json.url, expire_le: $json.expire_le }) }}',
				options: {},
			},
		},
	]);
}
