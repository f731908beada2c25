import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as revoke from './revoke.operation';

export { create, revoke };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['link'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a signed reading link for a subscriber',
				action: 'Create a reading link',
			},
			{
				name: 'Revoke',
				value: 'revoke',
				description: 'Deactivate every link of a subscriber reference',
				action: 'Revoke the links of a subscriber',
			},
		],
		default: 'create',
	},
	...create.description,
	...revoke.description,
];
