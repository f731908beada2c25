import { LIST_LIMIT, PERIODICAL_MAX_CHARS } from '../../shared/api-limits';
import { numeroView } from '../issue-view';
import { invalidField } from '../server/api-error';
import { noQuery } from '../validation';
import type { Route } from './route';

/** All the account's issues, whatever their statut, newest first. */
export const listIssuesRoute: Route = {
	method: 'GET',
	path: '/publications',
	permission: 'lecture',
	handle({ app, key, query }) {
		noQuery(query, ['publication', 'limite']);
		const publication = query.get('publication');
		if (
			publication !== null &&
			(publication.trim() === '' || [...publication].length > PERIODICAL_MAX_CHARS)
		) {
			throw invalidField(
				'publication',
				`must be a periodical code of 1 to ${PERIODICAL_MAX_CHARS} characters`,
			);
		}
		let limite: number = LIST_LIMIT.default;
		const limiteParam = query.get('limite');
		if (limiteParam !== null) {
			const { min, max } = LIST_LIMIT;
			if (!/^\d+$/.test(limiteParam) || Number(limiteParam) < min || Number(limiteParam) > max) {
				throw invalidField('limite', `must be an integer from ${min} to ${max}`);
			}
			limite = Number(limiteParam);
		}
		const issues = app.store
			.issuesOf(key.account)
			.filter((issue) => publication === null || issue.publicationCode === publication)
			.sort((a, b) => b.seq - a.seq)
			.slice(0, limite);
		return { status: 200, body: { publications: issues.map((issue) => numeroView(app, issue)) } };
	},
};
