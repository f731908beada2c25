const REDACTED = '[redacted]';

/** Removes every secret (and anything after "Bearer ") from text that came from elsewhere. */
export function scrubSecrets(text: string, secrets: ReadonlyArray<string | undefined>): string {
	let clean = text;
	for (const secret of secrets) {
		if (secret && secret.length >= 4) clean = clean.split(secret).join(REDACTED);
	}
	return clean.replace(/(Bearer\s+)[^\s"',;]+/gi, `$1${REDACTED}`);
}
