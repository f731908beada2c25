import { defineCreate, defineInputFields } from 'zapier-platform-core';
import {
	AVAILABILITY_CHOICES,
	availabilityValue,
	NumeroValidationError,
	type AvailabilityChoice,
	type UpdateIssueInput,
} from '../../../shared';
import { ACCESS_CHOICES, ISSUE_ID_HELP, issueField, periodicalField } from '../fields';
import { ISSUE_OUTPUT_FIELDS, ISSUE_SAMPLE } from '../issue-output';
import { optionalText, optionalValue, TRI_STATE_CHOICES, triState } from '../input-values';
import { numeroClient } from '../numero-client';
import { CREATES_THROTTLE } from '../throttle';
import { labelsOf, withZapierErrors } from '../zapier-errors';

const inputFields = defineInputFields([
	issueField('id', 'Issue', ISSUE_ID_HELP),
	{
		key: 'availability',
		label: 'Availability',
		required: false,
		choices: [
			{ value: 'offline', label: 'Take Offline (Withdraw)', sample: 'offline' },
			{ value: 'online', label: 'Put Back Online', sample: 'online' },
			{
				value: 'publish_now',
				label: 'Publish Now (Scheduled Issue, Before Its Date)',
				sample: 'publish_now',
			},
		] satisfies Array<{ value: AvailabilityChoice; label: string; sample: AvailabilityChoice }>,
		helpText:
			'Leave empty to leave the issue as it is. Cannot be combined with a new **Scheduled Release Time**.',
	},
	{
		key: 'titre',
		label: 'New Title',
		required: false,
		helpText: 'At most 200 characters. Leave empty to keep the title.',
	},
	{
		key: 'acces',
		label: 'Access',
		required: false,
		choices: ACCESS_CHOICES,
		helpText: 'Leave empty to keep the current access.',
	},
	periodicalField(
		'publication',
		'Periodical',
		'Move the issue to this periodical. Leave empty to keep it where it is.',
	),
	{
		key: 'lien_achat',
		label: 'Purchase Link',
		required: false,
		helpText: "A new address for the public page's button (`http://` or `https://`).",
	},
	{
		key: 'telechargement',
		label: 'Allow Download',
		required: false,
		choices: TRI_STATE_CHOICES,
		helpText: 'Leave empty to keep the current rule.',
	},
	{
		key: 'impression',
		label: 'Allow Printing',
		required: false,
		choices: TRI_STATE_CHOICES,
		helpText: 'Leave empty to keep the current rule.',
	},
	{
		key: 'publier_le',
		label: 'Scheduled Release Time',
		type: 'datetime',
		required: false,
		helpText:
			'A new release time for a scheduled issue (in the future, at most one year ahead). Only for an issue that is still scheduled.',
	},
	{
		key: 'clear',
		label: 'Remove',
		required: false,
		list: true,
		choices: [
			{ value: 'lien_achat', label: 'Purchase Link', sample: 'lien_achat' },
			{
				value: 'publication',
				label: "Periodical (Back to the Account's Default Periodical)",
				sample: 'publication',
			},
		],
		helpText: 'Fields to remove from the issue.',
	},
]);

/** Errors name the fields by these inputFields' labels; the core's en_ligne is the availability field. */
const LABELS = labelsOf(inputFields, { en_ligne: 'availability' });

function listOf(value: unknown): string[] {
	if (Array.isArray(value)) return value.map(String);
	const present = optionalValue(value);
	return typeof present === 'string'
		? present
				.split(',')
				.map((item) => item.trim())
				.filter(Boolean)
		: [];
}

/** The Availability choice as en_ligne ("put back online" and "publish now" both send true); another word is refused. */
function availability(value: unknown): unknown {
	const present = optionalValue(value);
	if (
		present === undefined ||
		(typeof present === 'string' && Object.hasOwn(AVAILABILITY_CHOICES, present))
	)
		return availabilityValue(present);
	const choices = Object.keys(AVAILABILITY_CHOICES)
		.map((choice) => `"${choice}"`)
		.join(', ');
	throw new NumeroValidationError(
		'availability',
		'enum',
		`Field "availability" must be one of ${choices} (rule: enum); got ${JSON.stringify(present)}.`,
		(name) => `${name('availability')} must be one of ${choices}; got ${JSON.stringify(present)}.`,
	);
}

/** Set a field, or remove it (null) when ticked in Remove; doing both is refused. */
function setOrClear(
	patch: Record<string, unknown>,
	field: 'lien_achat' | 'publication',
	value: unknown,
	cleared: string[],
) {
	if (!cleared.includes(field)) {
		if (value !== undefined) patch[field] = value;
		return;
	}
	if (value !== undefined) {
		throw new NumeroValidationError(
			field,
			'exclusive',
			`Field "${field}" cannot be both given and removed (rule: exclusive); fill it in or tick it in Remove, not both.`,
			(name) =>
				`${name(field)} cannot be both given and removed; fill it in or tick it in ${name('clear')}, not both.`,
		);
	}
	patch[field] = null;
}

export const updateIssue = defineCreate({
	key: 'updateIssue',
	noun: 'Issue',
	display: {
		label: 'Update Issue',
		description:
			'Updates an existing issue: title, access, periodical, purchase link, download and print rules, release time; or takes it offline, puts it back online, or publishes a scheduled issue now.',
	},
	operation: {
		inputFields,
		throttle: CREATES_THROTTLE,
		perform: withZapierErrors(LABELS, async (z, bundle) => {
			const input = bundle.inputData;
			const cleared = listOf(input.clear);
			for (const item of cleared) {
				if (item !== 'lien_achat' && item !== 'publication') {
					throw new NumeroValidationError(
						'clear',
						'enum',
						`Field "clear" may hold "lien_achat" and "publication" (rule: enum); got ${JSON.stringify(item)}.`,
						(name) =>
							`${name('clear')} may hold ${name('lien_achat')} and ${name('publication')}; got ${JSON.stringify(item)}.`,
					);
				}
			}
			const patch: Record<string, unknown> = {
				titre: optionalText(input.titre),
				acces: optionalValue(input.acces),
				en_ligne: availability(input.availability),
				telechargement: triState(input.telechargement),
				impression: triState(input.impression),
				publier_le: optionalValue(input.publier_le),
			};
			setOrClear(patch, 'lien_achat', optionalValue(input.lien_achat), cleared);
			setOrClear(patch, 'publication', optionalValue(input.publication), cleared);
			const { numero } = await numeroClient(z, bundle).updateIssue(
				optionalValue(input.id) as string,
				patch as UpdateIssueInput,
			);
			return numero;
		}),
		sample: ISSUE_SAMPLE,
		outputFields: ISSUE_OUTPUT_FIELDS,
	},
});
