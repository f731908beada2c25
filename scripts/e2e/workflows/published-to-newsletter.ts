import {
	chain,
	NUMERO_TRIGGER_NODE,
	NUMERO_WEBHOOK_CREDENTIAL,
	type WorkflowJson,
} from './workflow-json';

export const NEWSLETTER_WORKFLOW_ID = 'numeroNewsletter';
const TRIGGER_WEBHOOK_ID = '9a3c5e70-1d2f-4b86-8e4a-7f6b5c4d3e2f';

/** The trigger's production URL on an n8n at `n8nUrl` (no trailing slash). */
export function newsletterTriggerUrl(n8nUrl: string): string {
	return `${n8nUrl}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`;
}

/**
 * When an issue is published, the newsletter tool is asked to announce it: Numero Trigger
 * (Issue Published) → HTTP Request posting the title and public page.
 */
export function publishedToNewsletter(options: { newsletterUrl: string }): WorkflowJson {
	return chain(NEWSLETTER_WORKFLOW_ID, 'Numero: announce published issues in the newsletter', [
		{
			id: '9a3c5e70-1d2f-4b86-8e4a-7f6b5c4d3e01',
			name: 'Issue Published',
			type: NUMERO_TRIGGER_NODE,
			typeVersion: 1,
			webhookId: TRIGGER_WEBHOOK_ID,
			parameters: { events: ['numero.publie'], options: {} },
			credentials: { numeroWebhookApi: NUMERO_WEBHOOK_CREDENTIAL },
		},
		{
			id: '9a3c5e70-1d2f-4b86-8e4a-7f6b5c4d3e02',
			name: 'Announce In Newsletter',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				method: 'POST',
				url: options.newsletterUrl,
				sendBody: true,
				specifyBody: 'json',
				jsonBody:
					'={{ JSON.stringify({ event_id: $json.id, issue_id: $json.donnees.id, title: $json.donnees.titre, periodical: $json.donnees.publication.nom, page: $json.donnees.page_publique }) }}',
				options: {},
			},
		},
	]);
}
