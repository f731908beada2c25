import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { NumeroClient, StatisticsInput } from '../../../../shared/index';
import { withoutEmpty } from '../../helpers/without-empty';
import { calendarDate } from '../../helpers/zoned-date-time';
import { issueLocator } from '../common.descriptions';
import type { ApiFieldParameters } from '../../helpers/field-labels';

const properties: INodeProperties[] = [
	issueLocator,
	{
		displayName: 'Since',
		name: 'since',
		type: 'dateTime',
		default: '',
		description: 'First day of the window. Without it, the last 30 days.',
	},
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: false,
		description: 'Whether to return only the totals, without the reads per day and per source',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['statistics'], operation: ['get'] } },
	properties,
);

/** The parameter behind each field the core checks (errors name the field by that parameter's label). */
export const apiFields: ApiFieldParameters = { id: 'issueId', depuis: 'since' };

export async function execute(
	this: IExecuteFunctions,
	client: NumeroClient,
	itemIndex: number,
): Promise<IDataObject> {
	const id = this.getNodeParameter('issueId', itemIndex, '', { extractValue: true }) as string;
	const since = this.getNodeParameter('since', itemIndex, '') as string;
	const simplify = this.getNodeParameter('simplify', itemIndex, false) as boolean;
	const statistics = await client.getStatistics({
		id,
		...withoutEmpty({ depuis: calendarDate(since) }),
	} as StatisticsInput);
	if (!simplify) return { ...statistics };
	return {
		id: statistics.id,
		depuis: statistics.depuis,
		lectures: statistics.lectures,
		lectures_depuis_publication: statistics.lectures_depuis_publication,
		temps_moyen_secondes: statistics.temps_moyen_secondes,
		lu_jusqu_a_la_fin: statistics.lu_jusqu_a_la_fin,
	};
}
