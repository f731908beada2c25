import { randomBytes } from 'node:crypto';
import { UPLOAD_VALIDITY_SECONDS } from '../../shared/api-limits';
import { SERVICE_DOMAINS } from '../../shared/api-types';
import { ApiError } from '../server/api-error';
import { uploadAddress, uploadHeaders } from '../uploads/upload-address';
import type { UploadRequest } from '../store';
import {
	domainField,
	enumField,
	noQuery,
	refuseUnknownFields,
	requiredInteger,
	sha256Field,
} from '../validation';
import type { Route } from './route';

export const requestUploadRoute: Route = {
	method: 'POST',
	path: '/televersements',
	permission: 'publication',
	needsActiveSubscription: true,
	handle({ app, key, query, body }) {
		noQuery(query, []);
		refuseUnknownFields(body, ['type', 'sha256', 'taille', 'domaine']);
		const type = enumField(body, 'type', ['pdf', 'couverture'] as const) ?? 'pdf';
		const sha256 = sha256Field(body, 'sha256', true) as string;
		const taille = requiredInteger(body, 'taille', 1);
		const domaine = domainField(body) ?? SERVICE_DOMAINS[0];
		const account = app.store.account(key.account);
		if (taille > account.plan.maxFileBytes) {
			throw new ApiError(
				413,
				'file_too_large',
				`taille: ${taille} bytes is over the plan's maximum file size of ${account.plan.maxFileBytes} bytes`,
			);
		}
		const now = app.clock.now();
		const upload: UploadRequest = {
			id: `upl_${randomBytes(9).toString('hex')}`,
			account: key.account,
			type,
			sha256,
			taille,
			domaine,
			createdAt: now,
			expiresAt: now + UPLOAD_VALIDITY_SECONDS * 1000,
		};
		app.store.uploads.set(upload.id, upload);
		const stored = account.files.get(sha256);
		const alreadyThere = stored !== undefined && stored.taille === taille;
		return {
			status: alreadyThere ? 200 : 201,
			body: {
				deja_present: alreadyThere,
				sha256,
				methode: 'PUT',
				url: uploadAddress(app, upload),
				en_tetes: uploadHeaders(upload),
				expire_dans: UPLOAD_VALIDITY_SECONDS,
			},
		};
	},
};
