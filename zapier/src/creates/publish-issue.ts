import { defineCreate, defineInputFields } from 'zapier-platform-core';
import {
	SERVICE_DOMAINS,
	publishIssue,
	validateIdempotencyKey,
	validateIssueFields,
	type IssueFields,
} from '../../../shared';
import { ACCESS_CHOICES, periodicalField } from '../fields';
import {
	optionalInteger,
	optionalText,
	optionalValue,
	TRI_STATE_CHOICES,
	triState,
} from '../input-values';
import {
	FILE_FIELDS,
	FILE_LIMITS_HELP,
	PUBLISHED_OUTPUT_FIELDS,
	PUBLISHED_SAMPLE,
	publishedOutput,
	withDownloadedFiles,
} from '../publish-files';
import { numeroClient } from '../numero-client';
import { StepBudget } from '../step-budget';
import { CREATES_THROTTLE } from '../throttle';
import { labelsOf, withZapierErrors } from '../zapier-errors';

const inputFields = defineInputFields([
	{
		key: 'pdf',
		label: 'PDF File',
		type: 'file',
		required: true,
		helpText: `The issue as a PDF: map a file from an earlier step, or give its address. ${FILE_LIMITS_HELP} A file numero already holds is not sent again.`,
	},
	{
		key: 'titre',
		label: 'Title',
		required: true,
		helpText: 'The title of the issue (at most 200 characters).',
	},
	periodicalField(
		'publication',
		'Periodical',
		'The periodical the issue belongs to. Give either this or **New Periodical Name**.',
	),
	{
		key: 'nouvelle_publication',
		label: 'New Periodical Name',
		required: false,
		helpText:
			'Creates a new periodical with this name for the issue. Use either this or **Periodical**, not both.',
	},
	{
		key: 'parution',
		label: 'Release Month',
		required: false,
		helpText: 'The month the issue belongs to, written YYYY-MM (e.g. `2026-03`).',
	},
	{
		key: 'acces',
		label: 'Access',
		required: false,
		choices: ACCESS_CHOICES,
		helpText: 'Who can read the issue. Default: subscribers only.',
	},
	{
		key: 'cover',
		label: 'Cover Image (JPEG)',
		type: 'file',
		required: false,
		helpText:
			'A JPEG cover. Leave empty and numero renders page 1 as the cover within two minutes.',
	},
	{
		key: 'publier_le',
		label: 'Scheduled Release Time',
		type: 'datetime',
		required: false,
		helpText:
			'Publish later, at this date and time (in the future, at most one year ahead). Leave empty to publish now.',
	},
	{
		key: 'lien_achat',
		label: 'Purchase Link',
		required: false,
		helpText: "The address the public page's button leads to (`http://` or `https://`).",
	},
	{
		key: 'telechargement',
		label: 'Allow Download',
		required: false,
		choices: TRI_STATE_CHOICES,
		helpText: "Whether readers may download the PDF. Default: the periodical's rule, otherwise no.",
	},
	{
		key: 'impression',
		label: 'Allow Printing',
		required: false,
		choices: TRI_STATE_CHOICES,
		helpText: "Whether readers may print the issue. Default: the periodical's rule, otherwise yes.",
	},
	{
		key: 'domaine',
		label: 'Service Domain',
		required: false,
		choices: SERVICE_DOMAINS.map((domain) => ({ value: domain, label: domain, sample: domain })),
		helpText: `The domain the issue's addresses are on. Default: ${SERVICE_DOMAINS[0]}.`,
	},
	{
		key: 'adresse',
		label: 'Issue Address',
		required: false,
		helpText:
			"The end of the issue's address (1 to 100 lower-case letters, digits or `-`). Leave empty and numero makes one from the periodical and the title.",
	},
	{
		key: 'pages',
		label: 'Page Count',
		type: 'integer',
		required: false,
		helpText: 'The number of pages, if you want to set it.',
	},
	{
		key: 'nom_fichier',
		label: 'File Name',
		required: false,
		helpText: "The PDF's file name as numero shows it. Default: the name of the file given.",
	},
	{
		key: 'idempotency_key',
		label: 'Idempotency Key',
		required: false,
		helpText:
			'Optional. Leave empty: a key is derived from the PDF, the cover and the fields, so the same publication repeated within 24 hours (a replayed Zap) returns the first issue instead of publishing it twice.',
	},
]);

/** Errors name the fields by these inputFields' labels (the core's file and key names mapped to their fields). */
const LABELS = labelsOf(inputFields, FILE_FIELDS);

export const publishIssueCreate = defineCreate({
	key: 'publishIssue',
	noun: 'Issue',
	display: {
		label: 'Publish Issue',
		description:
			'Publishes a new issue from a PDF (and an optional JPEG cover), now or at a scheduled time.',
	},
	operation: {
		inputFields,
		throttle: CREATES_THROTTLE,
		perform: withZapierErrors(LABELS, async (z, bundle) => {
			// The step's time counts from here: the download, the hash and every API call end within it.
			const step = new StepBudget();
			const input = bundle.inputData;
			const fields = {
				titre: optionalText(input.titre),
				publication: optionalValue(input.publication),
				nouvelle_publication: optionalText(input.nouvelle_publication),
				parution: optionalValue(input.parution),
				acces: optionalValue(input.acces),
				lien_achat: optionalValue(input.lien_achat),
				telechargement: triState(input.telechargement),
				impression: triState(input.impression),
				domaine: optionalValue(input.domaine),
				adresse: optionalValue(input.adresse),
				pages: optionalInteger(input.pages),
				nom_fichier: optionalText(input.nom_fichier),
				publier_le: optionalValue(input.publier_le),
			} as IssueFields;
			const idempotencyKey = optionalValue(input.idempotency_key) as string | undefined;
			// Bad fields are refused before anything is downloaded (the core checks them again before sending).
			validateIssueFields(fields as unknown as Record<string, unknown>, Date.now());
			if (idempotencyKey !== undefined) validateIdempotencyKey(idempotencyKey);
			const client = numeroClient(z, bundle, step);
			const result = await withDownloadedFiles(
				z,
				client,
				step,
				{ pdf: input.pdf, cover: input.cover },
				(pdf, cover) =>
					publishIssue(client, {
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
