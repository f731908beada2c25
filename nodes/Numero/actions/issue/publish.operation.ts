import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	SERVICE_DOMAINS,
	periodicalRuleValue,
	publishIssue,
	type IssueFields,
	type NumeroClient,
} from '../../../../shared/index';
import { pdfAndCover } from '../../transport/pdf-and-cover';
import { withoutEmpty } from '../../helpers/without-empty';
import { withTimeZone } from '../../helpers/zoned-date-time';
import {
	accessField,
	coverBinaryField,
	downloadRuleField,
	fileNameField,
	idempotencyOptions,
	pdfSourceFields,
	printRuleField,
} from '../common.descriptions';
import type { ApiFieldParameters } from '../../helpers/field-labels';

const properties: INodeProperties[] = [
	...pdfSourceFields(
		'The name of the input binary field holding the PDF',
		'Without it, page 1 is rendered as the cover within two minutes.',
	),
	{
		displayName: 'Title',
		name: 'title',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. La Revue, March 2026',
		description: 'Title of the issue, at most 200 characters',
	},
	{
		displayName: 'Publish In',
		name: 'periodicalMode',
		type: 'options',
		options: [
			{
				name: 'Existing Periodical',
				value: 'existing',
				description: 'A periodical of your account',
			},
			{ name: 'New Periodical', value: 'new', description: 'Create a periodical with this issue' },
		],
		default: 'existing',
	},
	{
		displayName: 'Periodical Name or ID',
		name: 'periodical',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getPeriodicals' },
		required: true,
		default: '',
		description:
			'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
		displayOptions: { show: { periodicalMode: ['existing'] } },
	},
	{
		displayName: 'New Periodical Name',
		name: 'newPeriodicalName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. La Revue',
		displayOptions: { show: { periodicalMode: ['new'] } },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			accessField,
			{
				displayName: 'Address',
				name: 'address',
				type: 'string',
				default: '',
				placeholder: 'e.g. la-revue-mars-2026',
				description:
					"End of the issue's address: 1 to 100 lower-case letters, digits and -. Without it the service makes one from the periodical and the title.",
			},
			coverBinaryField(
				'The name of the input binary field holding a JPEG cover. Without it, page 1 is rendered as the cover within two minutes.',
			),
			{
				displayName: 'Domain',
				name: 'domain',
				type: 'options',
				options: SERVICE_DOMAINS.map((domain) => ({ name: domain, value: domain })),
				default: 'numero.press',
				description: 'The service domain the issue lives on',
			},
			downloadRuleField,
			fileNameField,
			{
				displayName: 'Pages',
				name: 'pages',
				type: 'number',
				default: 1,
				description: 'Number of pages of the issue',
			},
			printRuleField,
			{
				displayName: 'Purchase Link',
				name: 'purchaseLink',
				type: 'string',
				default: '',
				placeholder: 'https://example.com/subscribe',
				description: "Where the public page's button leads (an http or https address)",
			},
			{
				displayName: 'Release Month',
				name: 'releaseMonth',
				type: 'string',
				default: '',
				placeholder: 'e.g. 2026-03',
				description: 'Release month as YYYY-MM; the issue is dated the first day of that month',
			},
			{
				displayName: 'Schedule For',
				name: 'publishAt',
				type: 'dateTime',
				default: '',
				description:
					"Put the issue online at this date and time instead of now: in the future, at most one year ahead. A time without zone is in the workflow's time zone.",
			},
		],
	},
	idempotencyOptions(
		'Sent as Idempotency-Key (at most 120 characters). Without it, one is derived from the PDF and the fields, so re-running the workflow within 24 hours returns the issue already published instead of publishing it twice.',
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['issue'], operation: ['publish'] } },
	properties,
);

/** The parameter behind each field the core checks (errors name the field by that parameter's label). */
export const apiFields: ApiFieldParameters = {
	pdf: 'binaryPropertyName',
	'pdf.size': 'binaryPropertyName',
	cover: 'additionalFields.coverBinaryPropertyName',
	'cover.size': 'additionalFields.coverBinaryPropertyName',
	titre: 'title',
	publication: 'periodical',
	nouvelle_publication: 'newPeriodicalName',
	parution: 'additionalFields.releaseMonth',
	acces: 'additionalFields.access',
	lien_achat: 'additionalFields.purchaseLink',
	telechargement: 'additionalFields.download',
	impression: 'additionalFields.print',
	domaine: 'additionalFields.domain',
	adresse: 'additionalFields.address',
	pages: 'additionalFields.pages',
	nom_fichier: 'additionalFields.fileName',
	publier_le: 'additionalFields.publishAt',
	'Idempotency-Key': 'options.idempotencyKey',
};

interface PublishFields {
	access?: string;
	address?: string;
	coverBinaryPropertyName?: string;
	domain?: string;
	download?: string;
	fileName?: string;
	pages?: number;
	print?: string;
	purchaseLink?: string;
	releaseMonth?: string;
	publishAt?: string;
}

export async function execute(
	this: IExecuteFunctions,
	client: NumeroClient,
	itemIndex: number,
): Promise<IDataObject> {
	const title = this.getNodeParameter('title', itemIndex) as string;
	const periodicalMode = this.getNodeParameter('periodicalMode', itemIndex) as 'existing' | 'new';
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as PublishFields;
	const options = this.getNodeParameter('options', itemIndex, {}) as { idempotencyKey?: string };

	const periodical =
		periodicalMode === 'new'
			? { nouvelle_publication: this.getNodeParameter('newPeriodicalName', itemIndex) as string }
			: { publication: this.getNodeParameter('periodical', itemIndex) as string };
	const issueFields = {
		titre: title,
		...periodical,
		...withoutEmpty({
			parution: fields.releaseMonth,
			acces: fields.access,
			lien_achat: fields.purchaseLink,
			telechargement: periodicalRuleValue(fields.download),
			impression: periodicalRuleValue(fields.print),
			domaine: fields.domain,
			adresse: fields.address,
			pages: fields.pages,
			nom_fichier: fields.fileName,
			publier_le: withTimeZone(fields.publishAt, this.getTimezone()),
		}),
	} as IssueFields;

	const { pdf, cover } = await pdfAndCover(this, itemIndex, fields.coverBinaryPropertyName);
	const published = await publishIssue(client, {
		pdf,
		...(cover ? { cover } : {}),
		fields: issueFields,
		...withoutEmpty({ idempotencyKey: options.idempotencyKey }),
	});
	return { ...published } as unknown as IDataObject;
}
