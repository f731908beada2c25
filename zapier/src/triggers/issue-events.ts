import { issueEventTrigger } from './issue-event-trigger';

export const issuePublished = issueEventTrigger({
	key: 'issuePublished',
	eventType: 'numero.publie',
});
export const issueReplaced = issueEventTrigger({
	key: 'issueReplaced',
	eventType: 'numero.remplace',
});
export const issueWithdrawn = issueEventTrigger({
	key: 'issueWithdrawn',
	eventType: 'numero.retire',
});
export const issueBackOnline = issueEventTrigger({
	key: 'issueBackOnline',
	eventType: 'numero.remis_en_ligne',
});
