import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { NumeroClient, UpdateIssueInput } from '../../../../shared/index';
import { periodicalRule } from '../../helpers/periodical-rule';
import { withoutEmpty } from '../../helpers/without-empty';
import { withTimeZone } from '../../helpers/zoned-date-time';
import {
	accessField,
	issueLocator,
	downloadRuleField,
	printRuleField,
} from '../common.descriptions';

const properties: INodeProperties[] = [
	issueLocator,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			accessField,
			downloadRuleField,
			{
				displayName: 'Online Status',
				name: 'onlineStatus',
				type: 'options',
				options: [
					{
						name: 'Publish Now',
						value: 'publishNow',
						description: 'Put a scheduled issue online now, before its date',
					},
					{
						name: 'Put Back Online',
						value: 'putBackOnline',
						description: 'Put a withdrawn issue back online',
					},
					{
						name: 'Take Offline',
						value: 'takeOffline',
						description: 'Withdraw the issue: readers and links see that it is not available',
					},
				],
				default: 'takeOffline',
			},
			{
				displayName: 'Periodical Name or ID',
				name: 'periodical',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getPeriodicals' },
				default: '',
				description:
					'Move the issue to another periodical of your account. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			printRuleField,
			{
				displayName: 'Purchase Link',
				name: 'purchaseLink',
				type: 'string',
				default: '',
				placeholder: 'https://example.com/subscribe',
				description:
					"Where the public page's button leads. Leave it empty to remove the button's link.",
			},
			{
				displayName: 'Scheduled Date',
				name: 'publishAt',
				type: 'dateTime',
				default: '',
				description:
					"New date and time of a scheduled issue: in the future, at most one year ahead. A time without zone is in the workflow's time zone.",
			},
			{
				displayName: 'Title',
				name: 'title',
				type: 'string',
				default: '',
				description: 'New title, at most 200 characters',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['issue'], operation: ['update'] } },
	properties,
);

interface UpdateFields {
	access?: string;
	download?: string;
	onlineStatus?: 'publishNow' | 'putBackOnline' | 'takeOffline';
	periodical?: string;
	print?: string;
	purchaseLink?: string;
	publishAt?: string;
	title?: string;
}

/** The Online Status choice as en_ligne; another value (from an expression) is passed on for the core to refuse, naming the field. */
function onlineValue(status: string | undefined): boolean | string | undefined {
	if (status === undefined || status === '') return undefined;
	if (status === 'takeOffline') return false;
	if (status === 'publishNow' || status === 'putBackOnline') return true;
	return status;
}

export async function execute(
	this: IExecuteFunctions,
	client: NumeroClient,
	itemIndex: number,
): Promise<IDataObject> {
	const id = this.getNodeParameter('issueId', itemIndex, '', { extractValue: true }) as string;
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as UpdateFields;
	const patch = {
		...withoutEmpty({
			titre: fields.title,
			acces: fields.access,
			telechargement: periodicalRule(fields.download),
			impression: periodicalRule(fields.print),
			publication: fields.periodical,
			publier_le: withTimeZone(fields.publishAt, this.getTimezone()),
			en_ligne: onlineValue(fields.onlineStatus),
		}),
		// An empty Purchase Link that was added to the fields removes the link.
		...('purchaseLink' in fields ? { lien_achat: fields.purchaseLink || null } : {}),
	} as UpdateIssueInput;
	const { numero } = await client.updateIssue(id, patch);
	return { ...numero };
}
