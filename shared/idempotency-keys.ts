import { createHash, randomUUID } from 'crypto';
import type { CreateIssueInput } from './api-types';

/**
 * The key of POST /numeros for these fields: the same PDF, cover and identifying fields give the same
 * key, so a re-run within the service's 24 hours returns the first issue instead of publishing twice.
 */
export function idempotencyKeyForIssue(fields: CreateIssueInput): string {
	const identity = [
		fields.sha256,
		fields.couverture_sha256 ?? null,
		fields.titre,
		fields.publication ?? null,
		fields.nouvelle_publication ?? null,
		fields.parution ?? null,
		fields.adresse ?? null,
		fields.domaine ?? null,
		fields.remplace ?? null,
		fields.publier_le ?? null,
	];
	return `pub_${createHash('sha256').update(JSON.stringify(identity)).digest('hex')}`;
}

/** A fresh key for one link creation, reused by that call's retries. */
export function newLinkIdempotencyKey(): string {
	return `lnk_${randomUUID()}`;
}
