import { numeroView } from '../issue-view';
import { setOnline } from '../issue-lifecycle';
import { findPeriodical } from '../periodicals';
import { ApiError, invalidField, notFound } from '../server/api-error';
import {
	booleanField,
	enumField,
	issueIdQuery,
	noQuery,
	nullableBoolean,
	refuseUnknownFields,
	stringField,
	titleField,
	uriField,
} from '../validation';
import { checkScheduleWindow, dateTimeField } from '../date-fields';
import { notEditable } from './create-issue';
import type { Route } from './route';

const FIELDS = [
	'titre',
	'acces',
	'lien_achat',
	'en_ligne',
	'telechargement',
	'impression',
	'publication',
	'publier_le',
] as const;

export const updateIssueRoute: Route = {
	method: 'PATCH',
	path: '/numeros',
	permission: 'publication',
	needsActiveSubscription: true,
	handle({ app, key, query, body }) {
		noQuery(query, ['id']);
		const id = issueIdQuery(query);
		refuseUnknownFields(body, FIELDS);
		const titre = titleField(body, 'titre', false);
		const acces = enumField(body, 'acces', ['abonnes', 'libre'] as const);
		const lienAchat = body.lien_achat === null ? null : uriField(body, 'lien_achat');
		const enLigne = booleanField(body, 'en_ligne');
		const telechargement = nullableBoolean(body, 'telechargement');
		const impression = nullableBoolean(body, 'impression');
		const publication = body.publication === null ? null : stringField(body, 'publication');
		const publierLe = dateTimeField(body, 'publier_le');

		const issue = app.store.issueFor(key.account, id);
		if (!issue) throw notFound(id);
		if (issue.formerReader) throw notEditable(id);
		const account = app.store.account(key.account);
		const periodical =
			publication === undefined
				? undefined
				: publication === null
					? account.periodicals[0]
					: findPeriodical(account, 'publication', publication);
		if (publierLe !== undefined) {
			if (enLigne !== undefined)
				throw invalidField('publier_le', 'cannot be combined with en_ligne');
			if (issue.statut !== 'programme') {
				throw new ApiError(
					409,
					'not_scheduled',
					`publier_le: ${id} is ${issue.statut}, not scheduled; only a scheduled issue can get a new date`,
				);
			}
			checkScheduleWindow('publier_le', publierLe, app.clock.now());
		}

		if (titre !== undefined) issue.titre = titre;
		if (acces !== undefined) issue.acces = acces;
		if (lienAchat !== undefined) issue.lienAchat = lienAchat;
		if (telechargement !== undefined) issue.telechargement = telechargement;
		if (impression !== undefined) issue.impression = impression;
		if (periodical !== undefined) issue.publicationCode = periodical.code;
		if (publierLe !== undefined) issue.publierLe = new Date(publierLe).toISOString();
		if (enLigne !== undefined) setOnline(app, issue, enLigne);
		return { status: 200, body: { numero: numeroView(app, issue) } };
	},
};
