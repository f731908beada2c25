import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { periodicalsOf } from '../../../shared/index';
import { createNumeroClient } from '../transport/create-client';
import { toNodeError } from '../helpers/node-error';
import { MAX_LISTED_ISSUES } from '../actions/issue/get-many.operation';

/**
 * The account's periodicals, for the Periodical fields. The API has no list of periodicals, so they
 * are gathered from the publications of the account's issues (the 200 the API lists).
 */
export async function getPeriodicals(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	try {
		const client = await createNumeroClient(this);
		const { publications } = await client.listIssues({ limite: MAX_LISTED_ISSUES });
		return periodicalsOf(publications)
			.map(({ code, nom }) => ({ name: nom || code, value: code, description: `Code ${code}` }))
			.sort((a, b) => a.name.localeCompare(b.name));
	} catch (error) {
		throw toNodeError(this.getNode(), error, 0);
	}
}
