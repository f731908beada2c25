import { randomBytes } from 'node:crypto';
import { ApiError, notFound } from '../server/api-error';
import { readerUrl } from '../reader/link-address';
import { referenceFingerprint } from '../reference-fingerprint';
import type { Link } from '../store';
import {
	checkIssueId,
	integerField,
	REFERENCE_PATTERN,
	refuseUnknownFields,
	requiredString,
	stringField,
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
	handle({ app, key, body }) {
		refuseUnknownFields(body, ['id', 'jours', 'page', 'reference']);
		const id = requiredString(body, 'id');
		checkIssueId('id', id);
		const jours = integerField(body, 'jours', 1, 365);
		const page = integerField(body, 'page', 1);
		const reference = stringField(body, 'reference');
		if (reference !== undefined && !REFERENCE_PATTERN.test(reference)) {
			throw new ApiError(
				400,
				'bad_reference',
				'reference: 1 to 80 characters of letters, digits and _ . : @ + - (^[A-Za-z0-9_.:@+-]{1,80}$)',
			);
		}
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
