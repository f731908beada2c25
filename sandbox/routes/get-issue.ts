import { numeroView } from '../issue-view';
import { notFound } from '../server/api-error';
import { issueIdQuery, noQuery } from '../validation';
import type { Route } from './route';

export const getIssueRoute: Route = {
	method: 'GET',
	path: '/numeros',
	permission: 'lecture',
	handle({ app, key, query }) {
		noQuery(query, ['id']);
		const id = issueIdQuery(query);
		const issue = app.store.issueFor(key.account, id);
		if (!issue) throw notFound(id);
		return { status: 200, body: { numero: numeroView(app, issue) } };
	},
};
