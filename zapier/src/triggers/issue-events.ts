import { issueEventTrigger } from './issue-event-trigger';

export const issuePublished = issueEventTrigger({
	key: 'issuePublished',
	eventType: 'numero.publie',
	statutAfter: 'en_ligne',
	label: 'Issue Published',
	description:
		'Triggers instantly when an issue is published, including a scheduled issue reaching its release time.',
});

export const issueReplaced = issueEventTrigger({
	key: 'issueReplaced',
	eventType: 'numero.remplace',
	statutAfter: 'en_ligne',
	label: 'Issue Replaced',
	description:
		"Triggers instantly when an issue's PDF is replaced (same addresses and links, new file).",
});

export const issueWithdrawn = issueEventTrigger({
	key: 'issueWithdrawn',
	eventType: 'numero.retire',
	statutAfter: 'retire',
	label: 'Issue Withdrawn',
	description: 'Triggers instantly when an issue is taken offline.',
});

export const issueBackOnline = issueEventTrigger({
	key: 'issueBackOnline',
	eventType: 'numero.remis_en_ligne',
	statutAfter: 'en_ligne',
	label: 'Issue Back Online',
	description: 'Triggers instantly when a withdrawn issue is put back online.',
});
