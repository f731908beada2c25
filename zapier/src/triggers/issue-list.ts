import { defineTrigger } from 'zapier-platform-core';
import { issueChoiceLabel, newestFirst } from '../../../shared';
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
		description: 'Triggers when an Issue dropdown is opened: lists the most recent issues.',
		hidden: true,
	},
	operation: {
		type: 'polling',
		perform: withZapierErrors({}, async (z, bundle) => {
			if ((bundle.meta?.page ?? 0) > 0) return [];
			const { publications } = await numeroClient(z, bundle).listIssues({ limite: DROPDOWN_LIMIT });
			return newestFirst(publications).map((issue) => ({
				...issue,
				choice_label: issueChoiceLabel(issue),
			}));
		}),
	},
});
