import { ApiError } from '../server/api-error';
import { referenceFingerprint } from '../reference-fingerprint';
import { REFERENCE_PATTERN, refuseUnknownFields, requiredString } from '../validation';
import type { Route } from './route';

export const revokeReferenceRoute: Route = {
	method: 'POST',
	path: '/liens/revoquer',
	permission: 'liens',
	handle({ app, key, body }) {
		refuseUnknownFields(body, ['reference']);
		const reference = requiredString(body, 'reference');
		if (!REFERENCE_PATTERN.test(reference)) {
			throw new ApiError(
				400,
				'bad_reference',
				'reference: 1 to 80 characters of letters, digits and _ . : @ + - (^[A-Za-z0-9_.:@+-]{1,80}$)',
			);
		}
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
