import { defineCreate, defineInputFields } from 'zapier-platform-core';
import { replaceIssuePdf, validateReplacement, type ReplacementFields } from '../../../shared';
import { ISSUE_ID_HELP, issueField } from '../fields';
import { optionalInteger, optionalText, optionalValue } from '../input-values';
import { numeroClient } from '../numero-client';
import { StepBudget } from '../step-budget';
import { CREATES_THROTTLE } from '../throttle';
import {
	FILE_FIELDS,
	FILE_LIMITS_HELP,
	PUBLISHED_OUTPUT_FIELDS,
	PUBLISHED_SAMPLE,
	publishedOutput,
	withDownloadedFiles,
} from '../publish-files';
import { labelsOf, withZapierErrors } from '../zapier-errors';

const inputFields = defineInputFields([
	issueField('id', 'Issue', `The issue whose PDF is replaced. ${ISSUE_ID_HELP}`),
	{
		key: 'pdf',
		label: 'PDF File',
		type: 'file',
		required: true,
		helpText: `The new PDF: map a file from an earlier step, or give its address. The issue keeps its addresses, reading links and status. ${FILE_LIMITS_HELP}`,
	},
	{
		key: 'cover',
		label: 'Cover Image (JPEG)',
		type: 'file',
		required: false,
		helpText:
			'A new JPEG cover. Leave empty and numero renders page 1 of the new PDF as the cover.',
	},
	{
		key: 'titre',
		label: 'New Title',
		required: false,
		helpText: 'Leave empty to keep the current title.',
	},
	{
		key: 'pages',
		label: 'Page Count',
		type: 'integer',
		required: false,
		helpText: 'The number of pages of the new PDF, if you want to set it.',
	},
	{
		key: 'nom_fichier',
		label: 'File Name',
		required: false,
		helpText: "The new PDF's file name as numero shows it. Default: the name of the file given.",
	},
	{
		key: 'idempotency_key',
		label: 'Idempotency Key',
		required: false,
		helpText:
			'Optional. Leave empty: a key is derived from the issue, the files and the title, so the same replacement repeated within 24 hours (a replayed Zap) is done once.',
	},
]);

/** Errors name the fields by these inputFields' labels (the core's file and key names mapped to their fields). */
const LABELS = labelsOf(inputFields, { ...FILE_FIELDS, remplace: 'id' });

export const replaceIssuePdfCreate = defineCreate({
	key: 'replaceIssuePdf',
	noun: 'Issue',
	display: {
		label: 'Replace Issue PDF',
		description:
			"Replaces an existing issue's PDF: same addresses, reading links and integrations, new file.",
	},
	operation: {
		inputFields,
		throttle: CREATES_THROTTLE,
		perform: withZapierErrors(LABELS, async (z, bundle) => {
			// The step's time counts from here: the download, the hash and every API call end within it.
			const step = new StepBudget();
			const input = bundle.inputData;
			const id = optionalValue(input.id) as string;
			const fields = {
				titre: optionalText(input.titre),
				pages: optionalInteger(input.pages),
				nom_fichier: optionalText(input.nom_fichier),
			} as ReplacementFields;
			const idempotencyKey = optionalValue(input.idempotency_key) as string | undefined;
			// Bad input is refused before anything is downloaded or sent.
			validateReplacement(id, fields, idempotencyKey, Date.now());
			const client = numeroClient(z, bundle, step);
			const result = await withDownloadedFiles(
				z,
				client,
				step,
				{ pdf: input.pdf, cover: input.cover },
				(pdf, cover) =>
					replaceIssuePdf(client, {
						id,
						pdf,
						...(cover ? { cover } : {}),
						fields,
						...(idempotencyKey === undefined ? {} : { idempotencyKey }),
					}),
			);
			return publishedOutput(result);
		}),
		sample: PUBLISHED_SAMPLE,
		outputFields: PUBLISHED_OUTPUT_FIELDS,
	},
});
