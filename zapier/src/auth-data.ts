/**
 * The connection's fields, read from bundle.authData. Signing secrets are entered one per line; spaces
 * and commas also separate them (a secret never contains either).
 */
export function signingSecrets(authData: Record<string, unknown> | undefined): string[] {
	const raw = authData?.signingSecrets;
	if (typeof raw !== 'string') return [];
	return raw.split(/[\s,]+/).filter((secret) => secret.length > 0);
}
