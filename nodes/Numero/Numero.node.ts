import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as account from './actions/account/Account.resource';
import * as issue from './actions/issue/Issue.resource';
import * as link from './actions/link/Link.resource';
import { router } from './actions/router';
import * as statistics from './actions/statistics/Statistics.resource';
import { listSearch, loadOptions } from './methods';

export class Numero implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Numero',
		name: 'numero',
		icon: { light: 'file:numero.svg', dark: 'file:numero.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Publish issues, send signed reading links and read statistics with numero',
		defaults: { name: 'Numero' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'numeroApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Account', value: 'account' },
					{ name: 'Issue', value: 'issue' },
					{ name: 'Link', value: 'link' },
					{ name: 'Statistic', value: 'statistics' },
				],
				default: 'link',
			},
			...account.description,
			...issue.description,
			...link.description,
			...statistics.description,
		],
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
