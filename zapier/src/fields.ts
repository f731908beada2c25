import { defineInputField } from 'zapier-platform-core';

/** An issue, chosen from the recent issues (hidden trigger issueList) or given by its id. */
export function issueField<const K extends string>(
	key: K,
	label: string,
	helpText: string,
	required = true,
) {
	return defineInputField({
		key,
		label,
		required,
		dynamic: 'issueList.id.choice_label',
		search: 'findIssue.id',
		helpText,
	});
}

/** A periodical, chosen from those of the recent issues (hidden trigger periodicalList) or given by its code. */
export function periodicalField<const K extends string>(key: K, label: string, helpText: string) {
	return defineInputField({
		key,
		label,
		required: false,
		dynamic: 'periodicalList.id.nom',
		helpText,
	});
}

export const ISSUE_ID_HELP =
	'Pick one of the 200 most recent issues, or map an **Issue ID** (of the form `numero.press:my-issue`) from an earlier step.';

/** Access choices of Publish Issue and Update Issue. */
export const ACCESS_CHOICES = [
	{ value: 'abonnes', label: 'Subscribers Only (With a Reading Link)', sample: 'abonnes' },
	{ value: 'libre', label: 'Free to Read', sample: 'libre' },
];
