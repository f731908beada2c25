import { defineInputFields, defineSearch } from 'zapier-platform-core';
import { NumeroApiError, NumeroValidationError, type Numero } from '../../../shared';
import { issueField, periodicalField } from '../fields';
import { ISSUE_OUTPUT_FIELDS, ISSUE_SAMPLE } from '../issue-output';
import { optionalValue } from '../input-values';
import { numeroClient } from '../numero-client';
import { labelsOf, withZapierErrors } from '../zapier-errors';

/** Titles are searched among this many recent issues (the most GET /publications gives at once). */
const TITLE_SEARCH_LIMIT = 200;

const inputFields = defineInputFields([
	issueField(
		'id',
		'Issue',
		'Find the issue with this id (of the form `numero.press:my-issue`). Leave empty to search by title.',
		false,
	),
	{
		key: 'titre',
		label: 'Title',
		required: false,
		helpText: `Find the most recent issue with exactly this title (letter case and surrounding spaces aside), among the ${TITLE_SEARCH_LIMIT} most recent issues. Used when **Issue** is empty.`,
	},
	periodicalField(
		'publication',
		'Periodical',
		'With **Title**: only search the issues of this periodical.',
	),
]);

function sameTitle(a: string, b: string): boolean {
	return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

export const findIssue = defineSearch({
	key: 'findIssue',
	noun: 'Issue',
	display: {
		label: 'Find Issue',
		description: 'Finds an issue by its id, or by its title among the most recent issues.',
	},
	operation: {
		inputFields,
		perform: withZapierErrors(labelsOf(inputFields), async (z, bundle): Promise<Numero[]> => {
			const client = numeroClient(z, bundle);
			const id = optionalValue(bundle.inputData.id);
			const titre = optionalValue(bundle.inputData.titre);
			let found: string | undefined;
			if (id !== undefined) {
				found = id as string;
			} else if (titre !== undefined) {
				if (typeof titre !== 'string') {
					throw new NumeroValidationError(
						'titre',
						'type',
						`Field "titre" must be text (rule: type); got a value of type ${typeof titre}.`,
						(name) => `${name('titre')} must be text; got a value of type ${typeof titre}.`,
					);
				}
				const publication = optionalValue(bundle.inputData.publication) as string | undefined;
				const { publications } = await client.listIssues({
					...(publication ? { publication } : {}),
					limite: TITLE_SEARCH_LIMIT,
				});
				found = publications.find((issue) => sameTitle(issue.titre, titre))?.id;
				if (found === undefined) return [];
			} else {
				throw new NumeroValidationError(
					'id',
					'required',
					'Field "id" is required when "Title" is empty (rule: required): give the issue\'s id, or its title.',
					(name) =>
						`${name('id')} is required when ${name('titre')} is empty: give the issue's id, or its title.`,
				);
			}
			try {
				return [(await client.getIssue({ id: found })).numero];
			} catch (error) {
				// Not found is an empty search result, which Zapier shows as "nothing found" (or hands to a create).
				if (error instanceof NumeroApiError && error.status === 404) return [];
				throw error;
			}
		}),
		sample: ISSUE_SAMPLE,
		outputFields: ISSUE_OUTPUT_FIELDS,
	},
});
