import type { IWebhookFunctions } from 'n8n-workflow';

import { parseSigningSecrets } from '../../shared/index';

/**
 * The signing secrets of the trigger's credential, kept by this n8n process for a minute.
 *
 * Reading a credential is the costliest step of answering a delivery in n8n 2.40: n8n resolves the
 * credential's expressions in an expression isolate of its own (credentials-helper's
 * applyDefaultsAndOverwrites), created for the read and disposed after it, on top of the isolate the
 * webhook call itself takes. In queue mode that doubled the CPU a webhook process spends per delivery
 * (bench/n8n-queue.bench.ts, profiled with --cpu-prof). So the secrets are read once a minute per
 * credential, and read again at once when a delivery's signature matches none of them: a secret just
 * added to the credential works for the next delivery, and a secret removed from it is refused within
 * a minute.
 */
export const SECRETS_KEPT_MS = 60_000;
/** Credentials this process keeps secrets of at most (one per trigger's credential: a handful). */
const MAX_KEPT = 100;

const kept = new Map<string, { secrets: string[]; readAt: number }>();

export interface SigningSecrets {
	secrets: string[];
	/** Whether they came from this process's memory rather than a read of the credential now. */
	fromMemory: boolean;
}

export async function signingSecretsOf(
	context: IWebhookFunctions,
	{ fresh }: { fresh: boolean },
): Promise<SigningSecrets> {
	const credentialId = context.getNode().credentials?.numeroWebhookApi?.id;
	const now = Date.now();
	const memory = credentialId ? kept.get(credentialId) : undefined;
	if (!fresh && memory && now - memory.readAt < SECRETS_KEPT_MS)
		return { secrets: memory.secrets, fromMemory: true };
	const credentials = await context.getCredentials('numeroWebhookApi');
	const secrets = parseSigningSecrets(credentials.signingSecrets);
	if (credentialId) {
		kept.delete(credentialId);
		kept.set(credentialId, { secrets, readAt: now });
		for (const oldest of kept.keys()) {
			if (kept.size <= MAX_KEPT) break;
			kept.delete(oldest);
		}
	}
	return { secrets, fromMemory: false };
}
