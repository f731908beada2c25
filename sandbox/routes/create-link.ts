import { randomBytes } from 'node:crypto';
import { LINK_DAYS } from '../../shared/api-limits';
import { ApiError, notFound } from '../server/api-error';
import { readerUrl } from '../reader/link-address';
import { referenceFingerprint } from '../reference-fingerprint';
import type { Link } from '../store';
import {
	checkIssueId,
	integerField,
	noQuery,
	referenceField,
	refuseUnknownFields,
	requiredString,
} from '../validation';
import type { Route } from './route';
import { escapeHtml } from '../server/http-io';

const DAY_MS = 24 * 3600 * 1000;

export const createLinkRoute: Route = {
	method: 'POST',
	path: '/liens',
	permission: 'liens',
	idempotent: true,
	needsActiveSubscription: true,
	handle({ app, key, query, body }) {
		noQuery(query, []);
		refuseUnknownFields(body, ['id', 'jours', 'page', 'reference']);
		const id = requiredString(body, 'id');
		checkIssueId('id', id);
		const jours = integerField(body, 'jours', LINK_DAYS.min, LINK_DAYS.max);
		const page = integerField(body, 'page', 1);
		const reference = referenceField(body, false);
		const issue = app.store.issueFor(key.account, id);
		if (!issue) throw notFound(id);
		if (page !== undefined && issue.pages !== null && page > issue.pages) {
			throw new ApiError(400, 'invalid_field', `page: this issue has ${issue.pages} pages`);
		}
		const account = app.store.account(key.account);
		const now = app.clock.now();
		const link: Link = {
			id: `lnk_${randomBytes(9).toString('hex')}`,
			account: key.account,
			issueId: id,
			page: page ?? null,
			fingerprint:
				reference === undefined ? null : referenceFingerprint(account.referenceSecret, reference),
			createdAt: now,
			expiresAt: now + (jours ?? account.defaultLinkDays) * DAY_MS,
			seq: app.store.nextSeq(),
		};
		app.store.links.set(link.id, link);
		const url = readerUrl(app, link, issue);
		return {
			status: 201,
			body: {
				url,
				expire_le: new Date(link.expiresAt).toISOString(),
				iframe: `<iframe src="${escapeHtml(url)}" width="100%" height="720" style="border:0" allowfullscreen></iframe>`,
			},
		};
	},
};
