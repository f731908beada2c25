import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { replaceIssuePdf, type NumeroClient } from '../../../../shared/index';
import { pdfAndCover } from '../../transport/pdf-and-cover';
import { withoutEmpty } from '../../helpers/without-empty';
import {
	coverBinaryField,
	fileNameField,
	idempotencyOptions,
	issueLocator,
	pdfSourceFields,
} from '../common.descriptions';
import type { ApiFieldParameters } from '../../helpers/field-labels';

const properties: INodeProperties[] = [
	issueLocator,
	...pdfSourceFields(
		'The name of the input binary field holding the new PDF',
		'Without it, the current cover is kept if one was uploaded, else page 1 of the new PDF is rendered.',
	),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			coverBinaryField(
				'The name of the input binary field holding a new JPEG cover. Without it, the current cover is kept if one was uploaded, else page 1 of the new PDF is rendered.',
			),
			fileNameField,
			{
				displayName: 'New Title',
				name: 'title',
				type: 'string',
				default: '',
				description: 'A new title for the issue. Without it, the current title is kept.',
			},
			{
				displayName: 'Pages',
				name: 'pages',
				type: 'number',
				default: 1,
				description: 'Number of pages of the new PDF',
			},
		],
	},
	idempotencyOptions(
		'Sent as Idempotency-Key (at most 120 characters). Without it, one is derived from the PDF and the fields, so re-running the workflow within 24 hours does not replace the PDF twice.',
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['issue'], operation: ['replacePdf'] } },
	properties,
);

/** The parameter behind each field the core checks (errors name the field by that parameter's label). */
export const apiFields: ApiFieldParameters = {
	id: 'issueId',
	remplace: 'issueId',
	pdf: 'binaryPropertyName',
	'pdf.size': 'binaryPropertyName',
	cover: 'additionalFields.coverBinaryPropertyName',
	'cover.size': 'additionalFields.coverBinaryPropertyName',
	titre: 'additionalFields.title',
	pages: 'additionalFields.pages',
	nom_fichier: 'additionalFields.fileName',
	'Idempotency-Key': 'options.idempotencyKey',
};

export async function execute(
	this: IExecuteFunctions,
	client: NumeroClient,
	itemIndex: number,
): Promise<IDataObject> {
	const id = this.getNodeParameter('issueId', itemIndex, '', { extractValue: true }) as string;
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as {
		coverBinaryPropertyName?: string;
		fileName?: string;
		title?: string;
		pages?: number;
	};
	const options = this.getNodeParameter('options', itemIndex, {}) as { idempotencyKey?: string };

	const { pdf, cover } = await pdfAndCover(this, itemIndex, fields.coverBinaryPropertyName);
	const published = await replaceIssuePdf(client, {
		id,
		pdf,
		...(cover ? { cover } : {}),
		fields: withoutEmpty({
			titre: fields.title,
			pages: fields.pages,
			nom_fichier: fields.fileName,
		}),
		...withoutEmpty({ idempotencyKey: options.idempotencyKey }),
	});
	return { ...published } as unknown as IDataObject;
}
