import { referenceFingerprint } from '../reference-fingerprint';
import { noQuery, referenceField, refuseUnknownFields } from '../validation';
import type { Route } from './route';

export const revokeReferenceRoute: Route = {
	method: 'POST',
	path: '/liens/revoquer',
	permission: 'liens',
	handle({ app, key, query, body }) {
		noQuery(query, []);
		refuseUnknownFields(body, ['reference']);
		const reference = referenceField(body, true) as string;
		const account = app.store.account(key.account);
		const revokedAt = app.clock.now();
		app.store.revocations.push({
			account: key.account,
			fingerprint: referenceFingerprint(account.referenceSecret, reference),
			revokedAt,
			seq: app.store.nextSeq(),
		});
		return { status: 200, body: { reference, revoque_le: new Date(revokedAt).toISOString() } };
	},
};
