import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * The signing secret of a webhook endpoint configured in numero's integrations area, used by the
 * Numero Trigger to check that each delivery comes from numero. Several secrets may be given while
 * one is being replaced, so no delivery is refused during the change.
 */
export class NumeroWebhookApi implements ICredentialType {
	name = 'numeroWebhookApi';

	displayName = 'Numero Webhook API';

	icon: Icon = {
		light: 'file:../nodes/Numero/numero.svg',
		dark: 'file:../nodes/Numero/numero.dark.svg',
	};

	documentationUrl =
		'https://github.com/numero-press/n8n-nodes-numero/blob/main/docs/n8n-trigger.md#the-numero-webhook-api-credential';

	properties: INodeProperties[] = [
		{
			displayName: 'Signing Secrets',
			name: 'signingSecrets',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			placeholder: 'whsec_…',
			description:
				"The signing secret of the webhook endpoint, shown in the integrations area of your numero space next to the endpoint whose address is this trigger's Production URL. To change it without losing deliveries, give the new and the old secret separated by a space (or a comma or a new line), then remove the old one once numero signs with the new one.",
		},
	];
}
