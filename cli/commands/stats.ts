import type { CommandSpec } from '../args';
import { API_ENV, API_OPTIONS, apiClient } from '../api-client';
import type { Command, CommandContext } from '../command';
import { EXIT } from '../exit-codes';
import { fields, table } from '../human-format';
import type { Statistiques } from '../../shared';

const spec: CommandSpec = {
	name: 'stats',
	summary: "Show an issue's reads: per day, by source, since publication (permission lecture).",
	positionals: [{ name: 'issue', sets: ['id'], description: 'The issue id, <domain>:<slug>.' }],
	options: {
		since: {
			type: 'string',
			sets: ['depuis'],
			value: '<YYYY-MM-DD>',
			description: 'Start of the window (default: 30 days back).',
		},
		...API_OPTIONS,
	},
	env: API_ENV,
	examples: [
		'numero stats numero.press:gazette-2026-03',
		'numero stats numero.press:gazette-2026-03 --since 2026-03-01 --json',
	],
};

async function run(context: CommandContext): Promise<number> {
	const since = context.args.string('since');
	const stats = await apiClient(context).getStatistics({
		id: context.args.positional(0) ?? '',
		...(since !== undefined ? { depuis: since } : {}),
	});
	context.output.result(stats, () => statsText(stats));
	return EXIT.ok;
}

function statsText(stats: Statistiques): string {
	const summary = fields([
		['Issue', stats.id],
		[`Reads since ${stats.depuis}`, stats.lectures],
		['Reads since publication', stats.lectures_depuis_publication],
		[
			'Average reading time',
			stats.temps_moyen_secondes === null ? null : `${stats.temps_moyen_secondes} s`,
		],
		[
			'Read to the end',
			stats.lu_jusqu_a_la_fin === null ? null : `${Math.round(stats.lu_jusqu_a_la_fin * 100)} %`,
		],
	]);
	const days = stats.par_jour.filter((day) => day.lectures > 0);
	const perDay =
		days.length > 0
			? table(
					['DAY', 'READS'],
					days.map((day) => [day.jour, day.lectures]),
				)
			: 'No reads in the window.';
	const sources =
		stats.sources.length > 0
			? table(
					['SOURCE', 'READS'],
					stats.sources.map((s) => [s.source, s.lectures]),
				)
			: undefined;
	return [summary, perDay, ...(sources ? [sources] : [])].join('\n\n');
}

export const statsCommand: Command = { spec, run };
