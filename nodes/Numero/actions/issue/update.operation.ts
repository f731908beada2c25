import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	availabilityValue,
	periodicalRuleValue,
	type NumeroClient,
	type UpdateIssueInput,
} from '../../../../shared/index';
import { withoutEmpty } from '../../helpers/without-empty';
import { withTimeZone } from '../../helpers/zoned-date-time';
import {
	accessField,
	availabilityField,
	issueLocator,
	downloadRuleField,
	printRuleField,
} from '../common.descriptions';
import type { ApiFieldParameters } from '../../helpers/field-labels';

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
			availabilityField,
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

/** The parameter behind each field the core checks (errors name the field by that parameter's label). */
export const apiFields: ApiFieldParameters = {
	id: 'issueId',
	patch: 'updateFields',
	titre: 'updateFields.title',
	acces: 'updateFields.access',
	lien_achat: 'updateFields.purchaseLink',
	en_ligne: 'updateFields.availability',
	telechargement: 'updateFields.download',
	impression: 'updateFields.print',
	publication: 'updateFields.periodical',
	publier_le: 'updateFields.publishAt',
};

interface UpdateFields {
	access?: string;
	download?: string;
	availability?: string;
	periodical?: string;
	print?: string;
	purchaseLink?: string;
	publishAt?: string;
	title?: string;
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
			telechargement: periodicalRuleValue(fields.download),
			impression: periodicalRuleValue(fields.print),
			publication: fields.periodical,
			publier_le: withTimeZone(fields.publishAt, this.getTimezone()),
			en_ligne: availabilityValue(fields.availability),
		}),
		// An empty Purchase Link that was added to the fields removes the link.
		...('purchaseLink' in fields ? { lien_achat: fields.purchaseLink || null } : {}),
	} as UpdateIssueInput;
	const { numero } = await client.updateIssue(id, patch);
	return { ...numero };
}
