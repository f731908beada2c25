import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';

export { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['statistics'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get the reads of an issue: per day, per source, since publication',
				action: 'Get the statistics of an issue',
			},
		],
		default: 'get',
	},
	...get.description,
];
