/**
 * The Numero Webhook API credential holds one signing secret, or several during a rotation. n8n shows a
 * password field on one line, so secrets may be separated by new lines, spaces or commas.
 */
export function parseSigningSecrets(value: unknown): string[] {
	if (typeof value !== 'string') return [];
	return [...new Set(value.split(/[\s,]+/).filter((secret) => secret.length > 0))];
}
