import { defineTrigger } from 'zapier-platform-core';
import { periodicalsOf } from '../../../shared';
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
		description:
			'Triggers when a Periodical dropdown is opened: lists the periodicals of the most recent issues.',
		hidden: true,
	},
	operation: {
		type: 'polling',
		perform: withZapierErrors({}, async (z, bundle) => {
			if ((bundle.meta?.page ?? 0) > 0) return [];
			const { publications } = await numeroClient(z, bundle).listIssues({ limite: DROPDOWN_LIMIT });
			return periodicalsOf(publications).map((periodical) => ({
				id: periodical.code,
				...periodical,
			}));
		}),
	},
});
