import { defineTrigger } from 'zapier-platform-core';
import type { PublicationRef } from '../../../shared';
import { numeroClient } from '../numero-client';
import { withZapierErrors } from '../zapier-errors';
import { DROPDOWN_LIMIT } from './issue-list';

/**
 * Feeds the Periodical dropdowns. The API has no list of periodicals: they are gathered from the most
 * recent issues (a periodical without a recent issue can still be typed in by its code).
 */
export const periodicalList = defineTrigger({
	key: 'periodicalList',
	noun: 'Periodical',
	display: {
		label: 'Periodical List',
		description: 'Lists the periodicals of the most recent issues, for the Periodical dropdowns.',
		hidden: true,
	},
	operation: {
		type: 'polling',
		perform: withZapierErrors({}, async (z, bundle) => {
			if ((bundle.meta?.page ?? 0) > 0) return [];
			const { publications } = await numeroClient(z, bundle).listIssues({ limite: DROPDOWN_LIMIT });
			const periodicals = new Map<string, PublicationRef>();
			for (const issue of publications) {
				if (!periodicals.has(issue.publication.code))
					periodicals.set(issue.publication.code, issue.publication);
			}
			return [...periodicals.values()].map((periodical) => ({
				id: periodical.code,
				...periodical,
			}));
		}),
	},
});
