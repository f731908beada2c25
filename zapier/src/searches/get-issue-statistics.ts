import { defineInputFields, defineSearch } from 'zapier-platform-core';
import type { Statistiques } from '../../../shared';
import { ISSUE_ID_HELP, issueField } from '../fields';
import { optionalDate, optionalValue } from '../input-values';
import { numeroClient } from '../numero-client';
import { labelsOf, withZapierErrors } from '../zapier-errors';

const inputFields = defineInputFields([
	issueField('id', 'Issue', ISSUE_ID_HELP),
	{
		key: 'depuis',
		label: 'Since',
		type: 'datetime',
		required: false,
		helpText: 'Count reads from this day on (only the date is used). Default: 30 days ago.',
	},
]);

const SAMPLE = {
	id: 'numero.press:gazette-du-port-mars-2026',
	depuis: '2026-03-01',
	lectures: 1284,
	lectures_depuis_publication: 1530,
	par_jour: [
		{ jour: '2026-03-01', lectures: 412 },
		{ jour: '2026-03-02', lectures: 305 },
	],
	temps_moyen_secondes: 640,
	lu_jusqu_a_la_fin: 0.58,
	sources: [
		{ source: 'direct', lectures: 902 },
		{ source: 'www.gazette-du-port.fr', lectures: 382 },
	],
} satisfies Statistiques;

export const getIssueStatistics = defineSearch({
	key: 'getIssueStatistics',
	noun: 'Issue Statistics',
	display: {
		label: 'Find Issue Statistics',
		description:
			'Finds the reading statistics of an issue: reads in a period, per day and per source, reading time and completion.',
	},
	operation: {
		inputFields,
		perform: withZapierErrors(labelsOf(inputFields), async (z, bundle) => {
			const depuis = optionalDate(bundle.inputData.depuis) as string | undefined;
			const statistics = await numeroClient(z, bundle).getStatistics({
				id: optionalValue(bundle.inputData.id) as string,
				...(depuis === undefined ? {} : { depuis }),
			});
			return [statistics];
		}),
		sample: SAMPLE,
		outputFields: [
			{ key: 'id', label: 'Issue ID', type: 'string' },
			{ key: 'depuis', label: 'Since', type: 'string' },
			{ key: 'lectures', label: 'Reads in the Period', type: 'integer' },
			{ key: 'lectures_depuis_publication', label: 'Reads Since Publication', type: 'integer' },
			{ key: 'par_jour[]jour', label: 'Reads per Day: Day', type: 'string' },
			{ key: 'par_jour[]lectures', label: 'Reads per Day: Reads', type: 'integer' },
			{ key: 'temps_moyen_secondes', label: 'Average Reading Time (Seconds)', type: 'integer' },
			{ key: 'lu_jusqu_a_la_fin', label: 'Share Read to the End (0 to 1)', type: 'number' },
			{ key: 'sources[]source', label: 'Reads per Source: Source', type: 'string' },
			{ key: 'sources[]lectures', label: 'Reads per Source: Reads', type: 'integer' },
		],
	},
});
