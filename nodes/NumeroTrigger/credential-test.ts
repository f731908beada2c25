import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { parseSigningSecrets } from '../../shared/index';

/**
 * numero has no call that checks a signing secret, so the credential test checks what can be
 * checked here: that something was pasted and that it is a signing secret (whsec_…), not the API
 * key or the endpoint's address, the usual mistakes.
 */
export async function numeroWebhookSecrets(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const secrets = parseSigningSecrets(credential.data?.signingSecrets);
	if (secrets.length === 0) {
		return {
			status: 'Error',
			message:
				"Paste the webhook endpoint's signing secret, shown in the integrations area of your numero space.",
		};
	}
	const notSecrets = secrets.filter((secret) => !secret.startsWith('whsec_')).length;
	if (notSecrets > 0) {
		return {
			status: 'Error',
			message: `${notSecrets === 1 ? 'One value is' : `${notSecrets} values are`} not a signing secret: signing secrets start with whsec_. An API key (nmr_…) or an address does not go here.`,
		};
	}
	return {
		status: 'OK',
		message: `${secrets.length === 1 ? 'The signing secret has' : `${secrets.length} signing secrets have`} the expected form. Deliveries signed with another secret are refused with 401.`,
	};
}
