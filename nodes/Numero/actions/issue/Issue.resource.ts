import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getMany from './get-many.operation';
import * as publish from './publish.operation';
import * as replacePdf from './replace-pdf.operation';
import * as update from './update.operation';

export { get, getMany, publish, replacePdf, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['issue'] } },
		options: [
			{ name: 'Get', value: 'get', description: 'Get an issue', action: 'Get an issue' },
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the issues of your account',
				action: 'Get many issues',
			},
			{
				name: 'Publish',
				value: 'publish',
				description: 'Upload a PDF and publish it as a new issue',
				action: 'Publish an issue',
			},
			{
				name: 'Replace PDF',
				value: 'replacePdf',
				description: "Replace an issue's PDF, keeping its addresses and links",
				action: 'Replace the PDF of an issue',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Edit an issue, take it offline, put it back online or publish it now',
				action: 'Update an issue',
			},
		],
		default: 'publish',
	},
	...get.description,
	...getMany.description,
	...publish.description,
	...replacePdf.description,
	...update.description,
];
