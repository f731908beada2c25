import type { INodeProperties } from 'n8n-workflow';

/** Ids the core accepts: `<domain>:<slug>`, the domain a host name, the slug without spaces or slashes. */
export const ISSUE_ID_REGEX = '^[A-Za-z0-9.-]+\\.[A-Za-z0-9-]+:[^\\s/\\\\?#]+$';

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
						regex: ISSUE_ID_REGEX,
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

/** Download and print rules: `null` follows the periodical's rule. */
export const periodicalRuleOptions = (allowed: string, denied: string) => [
	{ name: 'As the Periodical', value: 'periodical', description: "Follow the periodical's rule" },
	{ name: allowed, value: 'allowed' },
	{ name: denied, value: 'denied' },
];

/** The Download and Print fields of Publish and Update (same rule, same choices). */
export const downloadRuleField: INodeProperties = {
	displayName: 'Download',
	name: 'download',
	type: 'options',
	options: periodicalRuleOptions('Allowed', 'Not Allowed'),
	default: 'periodical',
	description: 'Whether readers may download the PDF',
};

export const printRuleField: INodeProperties = {
	displayName: 'Print',
	name: 'print',
	type: 'options',
	options: periodicalRuleOptions('Allowed', 'Not Allowed'),
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
	};
}

export const fileNameField: INodeProperties = {
	displayName: 'File Name',
	name: 'fileName',
	type: 'string',
	default: '',
	description: "File name shown to readers. Without it, the binary's own file name is used.",
};
