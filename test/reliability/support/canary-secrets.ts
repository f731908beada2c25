/**
 * Recognisable secrets for the secrets part: every sandbox key and the signing secrets carry the
 * SECRET_CANARY marker, plus a random tail so that two runs never share one.
 */
import { randomBytes } from 'node:crypto';

import type { SandboxKeys } from '../../../sandbox';

const tail = () => randomBytes(8).toString('hex');

export function canaryKeys(): SandboxKeys {
	return {
		full: `nk_test_SECRET_CANARY_full_${tail()}`,
		lecture: `nk_test_SECRET_CANARY_lecture_${tail()}`,
		liens: `nk_test_SECRET_CANARY_liens_${tail()}`,
		publication: `nk_test_SECRET_CANARY_publication_${tail()}`,
		revoked: `nk_test_SECRET_CANARY_revoked_${tail()}`,
		otherAccount: `nk_test_SECRET_CANARY_other_${tail()}`,
	};
}

/** A signing secret of numero's form (whsec_ and 32 characters) carrying the marker. */
export const canarySigningSecret = (): string =>
	`whsec_SECRET_CANARY_${tail()}${tail()}`.slice(0, 38);

/** A key no sandbox knows, carrying the marker (a 401 must not echo it). */
export const unknownCanaryKey = (): string => `nk_test_SECRET_CANARY_unknown_${tail()}`;
