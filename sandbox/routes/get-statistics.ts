import { STATISTICS_DEFAULT_DAYS } from '../../shared/api-limits';
import { notFound } from '../server/api-error';
import { issueIdQuery, noQuery } from '../validation';
import { dayQuery } from '../date-fields';
import type { Route } from './route';

const DAY_MS = 24 * 3600 * 1000;

/** Counts of the reader pages really opened through working links (days in UTC). */
export const getStatisticsRoute: Route = {
	method: 'GET',
	path: '/statistiques',
	permission: 'lecture',
	handle({ app, key, query }) {
		noQuery(query, ['id', 'depuis']);
		const id = issueIdQuery(query);
		const depuis =
			dayQuery(query, 'depuis') ??
			new Date(app.clock.now() - STATISTICS_DEFAULT_DAYS * DAY_MS).toISOString().slice(0, 10);
		if (!app.store.issueFor(key.account, id)) throw notFound(id);
		const all = app.store.reads.filter((read) => read.issueId === id);
		const inWindow = all.filter((read) => new Date(read.at).toISOString().slice(0, 10) >= depuis);
		const perDay = new Map<string, number>();
		const perSource = new Map<string, number>();
		for (const read of inWindow) {
			const day = new Date(read.at).toISOString().slice(0, 10);
			perDay.set(day, (perDay.get(day) ?? 0) + 1);
			perSource.set(read.source, (perSource.get(read.source) ?? 0) + 1);
		}
		return {
			status: 200,
			body: {
				id,
				depuis,
				lectures: inWindow.length,
				lectures_depuis_publication: all.length,
				par_jour: [...perDay.entries()]
					.sort(([a], [b]) => (a < b ? -1 : 1))
					.map(([jour, lectures]) => ({ jour, lectures })),
				temps_moyen_secondes: null,
				lu_jusqu_a_la_fin: null,
				sources: [...perSource.entries()]
					.sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
					.map(([source, lectures]) => ({ source, lectures })),
			},
		};
	},
};
