import { parseSigningSecrets } from '../../shared';

/** The connection's signing secrets, entered one per line (the core's parseSigningSecrets). */
export function signingSecrets(authData: Record<string, unknown> | undefined): string[] {
	return parseSigningSecrets(authData?.signingSecrets);
}
