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
		if (publication !== null && (publication.trim() === '' || [...publication].length > 200)) {
			throw invalidField('publication', 'must be a periodical code of 1 to 200 characters');
		}
		let limite = 50;
		const limiteParam = query.get('limite');
		if (limiteParam !== null) {
			if (!/^\d+$/.test(limiteParam) || Number(limiteParam) < 1 || Number(limiteParam) > 200) {
				throw invalidField('limite', 'must be an integer from 1 to 200');
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
