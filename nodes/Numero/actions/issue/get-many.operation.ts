import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { NumeroClient } from '../../../../shared/index';
import { withoutEmpty } from '../../helpers/without-empty';

/** The most issues GET /publications returns; the API has no paging. */
export const MAX_LISTED_ISSUES = 200;

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
		typeOptions: { minValue: 1, maxValue: MAX_LISTED_ISSUES, numberPrecision: 0 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
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

export async function execute(
	this: IExecuteFunctions,
	client: NumeroClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
	const limit = returnAll
		? MAX_LISTED_ISSUES
		: (this.getNodeParameter('limit', itemIndex) as number);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as { periodical?: string };
	const { publications } = await client.listIssues({
		limite: limit,
		...withoutEmpty({ publication: filters.periodical }),
	});
	return publications.map((issue) => ({ ...issue }));
}
