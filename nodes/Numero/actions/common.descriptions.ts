import type { INodeProperties } from 'n8n-workflow';

import {
	ISSUE_ID_PATTERN,
	type AvailabilityChoice,
	type PeriodicalRuleChoice,
} from '../../../shared/index';

export const issueLocator: INodeProperties = {
	displayName: 'Issue',
	name: 'issueId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The issue of your account',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: {
				searchListMethod: 'searchIssues',
				searchable: true,
				searchFilterRequired: false,
			},
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. numero.press:la-revue-mars-2026',
			validation: [
				{
					type: 'regex',
					properties: {
						regex: ISSUE_ID_PATTERN.source,
						errorMessage: 'Not an issue ID: it looks like numero.press:the-issue-address',
					},
				},
			],
		},
	],
};

const idempotencyKeyOption: INodeProperties = {
	displayName: 'Idempotency Key',
	name: 'idempotencyKey',
	type: 'string',
	default: '',
	description:
		'Sent as Idempotency-Key (at most 120 characters): repeating a call with the same key within 24 hours returns the first result instead of doing it again',
};

/** The Options collection of the operations that create something: the idempotency key, described for that operation. */
export function idempotencyOptions(
	description = idempotencyKeyOption.description,
): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [{ ...idempotencyKeyOption, description }],
	};
}

/** The core's download / print choices (periodicalRuleValue), in the node's words. */
const periodicalRuleOptions: Array<{
	name: string;
	value: PeriodicalRuleChoice;
	description?: string;
}> = [
	{ name: 'As the Periodical', value: 'periodical', description: "Follow the periodical's rule" },
	{ name: 'Allowed', value: 'yes' },
	{ name: 'Not Allowed', value: 'no' },
];

/** The Download and Print fields of Publish and Update (same rule, same choices). */
export const downloadRuleField: INodeProperties = {
	displayName: 'Download',
	name: 'download',
	type: 'options',
	options: periodicalRuleOptions,
	default: 'periodical',
	description: 'Whether readers may download the PDF',
};

export const printRuleField: INodeProperties = {
	displayName: 'Print',
	name: 'print',
	type: 'options',
	options: periodicalRuleOptions,
	default: 'periodical',
	description: 'Whether readers may print the issue',
};

/** The Access field of Publish and Update. */
export const accessField: INodeProperties = {
	displayName: 'Access',
	name: 'access',
	type: 'options',
	options: [
		{ name: 'Free', value: 'libre', description: 'Anyone can read it' },
		{ name: 'Subscribers', value: 'abonnes', description: 'Readers need a reading link' },
	],
	default: 'abonnes',
};

/** The binary field with the PDF, for Publish and Replace PDF. */
export function pdfBinaryField(hint: string): INodeProperties {
	return {
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint,
	};
}

/** The optional binary field with a JPEG cover, for Publish and Replace PDF. */
export function coverBinaryField(description: string): INodeProperties {
	return {
		displayName: 'Cover Binary Field',
		name: 'coverBinaryPropertyName',
		type: 'string',
		default: '',
		placeholder: 'e.g. cover',
		description,
		// With the PDF by URL, the cover comes by URL too (Cover URL).
		displayOptions: { show: { '/pdfSource': ['binary'] } },
	};
}

export const fileNameField: INodeProperties = {
	displayName: 'File Name',
	name: 'fileName',
	type: 'string',
	default: '',
	description: "File name shown to readers. Without it, the binary's own file name is used.",
};

/** The Online Status field of Update: the core's availability choices (availabilityValue), in the node's words. */
const availabilityOptions: Array<{ name: string; value: AvailabilityChoice; description: string }> =
	[
		{
			name: 'Publish Now',
			value: 'publish_now',
			description: 'Put a scheduled issue online now, before its date',
		},
		{ name: 'Put Back Online', value: 'online', description: 'Put a withdrawn issue back online' },
		{
			name: 'Take Offline',
			value: 'offline',
			description: 'Withdraw the issue: readers and links see that it is not available',
		},
	];

export const availabilityField: INodeProperties = {
	displayName: 'Online Status',
	name: 'availability',
	type: 'options',
	options: availabilityOptions,
	default: 'offline',
};

/**
 * Where Publish and Replace PDF take the PDF from: an input binary field, or a URL the node downloads
 * into n8n's binary data (streamed). Numero Tool receives no files, so there the default is the URL.
 */
export function pdfSourceFields(pdfHint: string, coverHint: string): INodeProperties[] {
	const sourceOptions = [
		{ name: 'Binary Field', value: 'binary', description: 'A binary field of the input item' },
		{ name: 'URL', value: 'url', description: 'An https address the node downloads the PDF from' },
	];
	const source = (toolDefault: boolean): INodeProperties =>
		toolDefault
			? {
					displayName: 'PDF Source',
					name: 'pdfSource',
					type: 'options',
					options: sourceOptions,
					default: 'url',
					displayOptions: { show: { '@tool': [true] } },
				}
			: {
					displayName: 'PDF Source',
					name: 'pdfSource',
					type: 'options',
					options: sourceOptions,
					default: 'binary',
					displayOptions: { show: { '@tool': [false] } },
				};
	return [
		source(false),
		source(true),
		{ ...pdfBinaryField(pdfHint), displayOptions: { show: { pdfSource: ['binary'] } } },
		{
			displayName: 'PDF URL',
			name: 'pdfUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. https://cms.example.com/files/la-revue-mars-2026.pdf',
			description:
				"A direct https link to the PDF, reachable without signing in. The node downloads it into n8n's binary data and uploads it from there.",
			displayOptions: { show: { pdfSource: ['url'] } },
		},
		{
			displayName: 'Cover URL',
			name: 'coverUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://cms.example.com/files/cover.jpg',
			description: `A direct https link to a JPEG cover. ${coverHint}`.replace(/([^.])$/, '$1.'),
			displayOptions: { show: { pdfSource: ['url'] } },
		},
	];
}
