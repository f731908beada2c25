export { dropFolderToIssue, DROP_FOLDER_WORKFLOW_ID } from './drop-folder-to-issue';
export { crmReadingLink, READING_LINK_WORKFLOW_ID, READING_LINK_PATH } from './crm-reading-link';
export {
	publishedToNewsletter,
	newsletterTriggerUrl,
	NEWSLETTER_WORKFLOW_ID,
} from './published-to-newsletter';
export {
	NUMERO_API_CREDENTIAL,
	NUMERO_WEBHOOK_CREDENTIAL,
	NUMERO_NODE,
	NUMERO_TRIGGER_NODE,
} from './workflow-json';
export type { WorkflowJson, WorkflowNodeJson, CredentialRef } from './workflow-json';
