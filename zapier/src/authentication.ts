import type { Authentication, Bundle, ZObject } from 'zapier-platform-core';
import type { Compte } from '../../shared';
import { numeroClient } from './numero-client';
import { withZapierErrors } from './zapier-errors';

/**
 * Where a publisher creates API keys and webhook endpoints: the integrations area of the publisher
 * space. numero's reference does not give its address; this is our assumption (docs/zapier.md), to
 * be confirmed with numero before the public integration is pushed. Zapier's check D002 wants a link.
 */
export const PUBLISHER_INTEGRATIONS_URL = 'https://numero.press/espace/integrations';

/** What the connection test returns: the account, and the API's host for the connection label. */
type TestResult = Compte & { api_host: string };

export const authentication = {
	type: 'custom',
	fields: [
		{
			key: 'apiKey',
			label: 'API Key',
			type: 'password',
			required: true,
			helpText:
				`Create a key in the [integrations area](${PUBLISHER_INTEGRATIONS_URL}) of your numero publisher space. ` +
				'Give it the permissions the Zaps need: `lecture` (read issues, statistics, account), `liens` (reading links), `publication` (publish and edit issues).',
		},
		{
			key: 'baseUrl',
			label: 'API Base URL',
			type: 'string',
			required: true,
			helpText:
				"The root of numero's management API, ending in `/v1`, as shown in your publisher space's integrations area. It must use https:// (http:// is accepted only for a local sandbox on localhost or 127.0.0.1).",
		},
		{
			key: 'signingSecrets',
			label: 'Webhook Signing Secrets',
			type: 'password',
			required: false,
			helpText:
				'Only for the instant triggers (Issue Published, Replaced, Withdrawn, Back Online). The signing secret of each numero webhook endpoint that points at one of your Zaps (it starts with `whsec_`), one per line or separated by spaces. Deliveries signed with none of them are ignored.',
		},
	],
	test: withZapierErrors({}, async (z: ZObject, bundle: Bundle): Promise<TestResult> => {
		const client = numeroClient(z, bundle);
		const { compte } = await client.getAccount();
		return { ...compte, api_host: new URL(client.baseUrl).host };
	}),
	// Zapier calls it with the test's result as inputData.
	connectionLabel: async (_z: ZObject, bundle: Bundle) => {
		const { formule, statut, api_host: host } = bundle.inputData as unknown as TestResult;
		// Zapier puts the app's name before it already.
		return `${formule} plan (${statut}), ${host}`;
	},
} satisfies Authentication;
