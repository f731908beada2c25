import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { issueChoiceLabel, newestFirst } from '../../../shared/index';
import { createNumeroClient } from '../transport/create-client';
import { toNodeError } from '../helpers/node-error';
import { MAX_LISTED_ISSUES } from '../actions/issue/get-many.operation';

/** The account's issues for the Issue field, newest first, filtered by title, periodical, date or id. */
export async function searchIssues(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	try {
		const client = await createNumeroClient(this);
		const { publications } = await client.listIssues({ limite: MAX_LISTED_ISSUES });
		const wanted = filter?.trim().toLowerCase();
		const results = newestFirst(publications)
			.filter(
				(issue) =>
					!wanted ||
					issueChoiceLabel(issue).toLowerCase().includes(wanted) ||
					issue.id.toLowerCase().includes(wanted),
			)
			.map((issue) => ({
				name: issueChoiceLabel(issue),
				value: issue.id,
				url: issue.page_publique,
			}));
		return { results };
	} catch (error) {
		throw toNodeError(this.getNode(), error, 0);
	}
}
