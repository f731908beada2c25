import { defineTrigger } from 'zapier-platform-core';
import { numeroClient } from '../numero-client';
import { withZapierErrors } from '../zapier-errors';

/** The API lists at most 200 issues per call and has no paging: the dropdown shows the 200 most recent. */
export const DROPDOWN_LIMIT = 200;

/** Feeds the Issue dropdowns: the most recent issues, newest first, labelled with periodical and date. */
export const issueList = defineTrigger({
	key: 'issueList',
	noun: 'Issue',
	display: {
		label: 'Issue List',
		description: 'Lists the most recent issues, for the Issue dropdowns.',
		hidden: true,
	},
	operation: {
		type: 'polling',
		perform: withZapierErrors({}, async (z, bundle) => {
			if ((bundle.meta?.page ?? 0) > 0) return [];
			const { publications } = await numeroClient(z, bundle).listIssues({ limite: DROPDOWN_LIMIT });
			return publications.map((issue) => ({
				...issue,
				choice_label: [issue.titre, issue.publication.nom, issue.date].filter(Boolean).join(' · '),
			}));
		}),
	},
});
