import { createHmac } from 'node:crypto';

/** Subscriber references are kept only as this keyed fingerprint, never in clear. */
export function referenceFingerprint(accountSecret: string, reference: string): string {
	return createHmac('sha256', accountSecret).update(reference, 'utf8').digest('hex');
}
