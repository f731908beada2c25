import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Numero, NumeroClient } from '../../../../shared/index';
import { withoutEmpty } from '../../helpers/without-empty';
import type { ApiFieldParameters } from '../../helpers/field-labels';

/** The most issues GET /publications returns; the API has no paging. */
export const MAX_LISTED_ISSUES = 200;

/** An issue as Numero Tool lists it by default: what an assistant needs to find it and name it. */
export function compactIssue(issue: Numero): IDataObject {
	return {
		id: issue.id,
		titre: issue.titre,
		publication: issue.publication.nom,
		date: issue.date,
		...(issue.statut === undefined ? {} : { statut: issue.statut }),
		page_publique: issue.page_publique,
	};
}

const properties: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
		hint: 'The API lists at most 200 issues; it has no paging',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		// Deliberately unbounded (no minValue/maxValue): a bounded n8n number box silently changes what is
		// typed (250 becomes 25). The core refuses a limit outside 1 to 200 with a message naming Limit.
		typeOptions: {},
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false], '@tool': [false] } },
	},
	// Numero Tool: what it returns goes into a model's context, so a few issues, compact, by default.
	{
		displayName: 'Max Issues',
		name: 'toolLimit',
		type: 'number',
		// Unbounded like Limit: the core refuses a number outside 1 to 200 in words, naming this field.
		typeOptions: {},
		default: 10,
		description: 'How many issues the tool returns at most, newest first (1 to 200)',
		displayOptions: { show: { returnAll: [false], '@tool': [true] } },
	},
	{
		displayName: 'Full Output',
		name: 'fullOutput',
		type: 'boolean',
		default: false,
		description:
			"Whether to return every field of each issue. Without it the tool returns only each issue's ID, titre, publication, date, statut and page_publique.",
		displayOptions: { show: { '@tool': [true] } },
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Periodical Name or ID',
				name: 'periodical',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getPeriodicals' },
				default: '',
				description:
					'Only the issues of this periodical. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['issue'], operation: ['getMany'] } },
	properties,
);

/** The parameter behind each field the core checks (errors name the field by that parameter's label). */
export const apiFields: ApiFieldParameters = { limite: 'limit', publication: 'filters.periodical' };

export async function execute(
	this: IExecuteFunctions,
	client: NumeroClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
	const isTool = this.isToolExecution();
	const limit = returnAll
		? MAX_LISTED_ISSUES
		: (this.getNodeParameter(isTool ? 'toolLimit' : 'limit', itemIndex) as number);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as { periodical?: string };
	const { publications } = await client.listIssues({
		limite: limit,
		...withoutEmpty({ publication: filters.periodical }),
	});
	if (isTool && !(this.getNodeParameter('fullOutput', itemIndex, false) as boolean)) {
		return publications.map(compactIssue);
	}
	return publications.map((issue) => ({ ...issue }));
}
