import { defineInputFields, defineTrigger } from 'zapier-platform-core';
import { periodicalField } from '../fields';
import { ISSUE_OUTPUT_FIELDS, ISSUE_SAMPLE } from '../issue-output';
import { optionalValue } from '../input-values';
import { numeroClient } from '../numero-client';
import { labelsOf, withZapierErrors } from '../zapier-errors';

const inputFields = defineInputFields([
	periodicalField(
		'publication',
		'Periodical',
		'Only trigger on issues of this periodical. Leave empty for every periodical.',
	),
]);

/** Zapier remembers the ids it has seen; the first poll of a Zap reads as far back as the API allows. */
const POLL_LIMIT = 50;
const DEDUPE_LIMIT = 200;

/**
 * Polls GET /publications (newest first); Zapier deduplicates by issue id. Unlike the instant triggers,
 * it needs no webhook set up in numero, so it is the one a public listing can show.
 */
export const newIssue = defineTrigger({
	key: 'newIssue',
	noun: 'Issue',
	display: {
		label: 'New Issue',
		description:
			'Triggers when a new issue is published or scheduled in your account (checked every few minutes).',
	},
	operation: {
		type: 'polling',
		inputFields,
		perform: withZapierErrors(labelsOf(inputFields), async (z, bundle) => {
			const publication = optionalValue(bundle.inputData.publication) as string | undefined;
			const limite = bundle.meta?.isPopulatingDedupe ? DEDUPE_LIMIT : POLL_LIMIT;
			const { publications } = await numeroClient(z, bundle).listIssues({
				...(publication ? { publication } : {}),
				limite,
			});
			return publications;
		}),
		sample: ISSUE_SAMPLE,
		outputFields: ISSUE_OUTPUT_FIELDS,
	},
});
