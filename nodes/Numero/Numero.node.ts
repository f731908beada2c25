import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as account from './actions/account/Account.resource';
import * as issue from './actions/issue/Issue.resource';
import * as link from './actions/link/Link.resource';
import { router } from './actions/router';
import * as statistics from './actions/statistics/Statistics.resource';
import { toolDescriptionProperties } from './actions/tool-descriptions';
import { outputFieldHints } from './helpers/output-fields';
import { listSearch, loadOptions } from './methods';

const operationProperties: INodeProperties[] = [
	...account.description,
	...issue.description,
	...link.description,
	...statistics.description,
];

export class Numero implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Numero',
		name: 'numero',
		icon: { light: 'file:numero.svg', dark: 'file:numero.dark.svg' },
		group: ['transform'],
		version: 1,
		// What a person reads on the canvas: the operation's action. A literal, as n8n's lint requires; a test
		// checks that it gives every operation's own `action` text.
		subtitle:
			'={{ {"account.get":"Get the account","issue.get":"Get an issue","issue.getMany":"Get many issues","issue.publish":"Publish an issue","issue.replacePdf":"Replace the PDF of an issue","issue.update":"Update an issue","link.create":"Create a reading link","link.revoke":"Revoke the links of a subscriber","statistics.get":"Get the statistics of an issue"}[$parameter["resource"] + "." + $parameter["operation"]] }}',
		description: 'Publish issues, send signed reading links and read statistics with numero',
		defaults: { name: 'Numero' },
		usableAsTool: true,
		hints: outputFieldHints(),
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
			...operationProperties,
			...toolDescriptionProperties,
		],
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
