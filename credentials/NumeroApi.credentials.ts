import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { NUMERO_USER_AGENT } from '../nodes/Numero/transport/user-agent';

/**
 * An API key of a numero account and the API root it is used with.
 * n8n adds the key to every API call (generic bearer authentication); the node never reads it.
 */
export class NumeroApi implements ICredentialType {
	name = 'numeroApi';

	displayName = 'Numero API';

	icon: Icon = {
		light: 'file:../nodes/Numero/numero.svg',
		dark: 'file:../nodes/Numero/numero.dark.svg',
	};

	documentationUrl =
		'https://github.com/numero-press/n8n-nodes-numero/blob/main/docs/n8n-node.md#credentials-numero-api';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				'A key created in the integrations area of your numero space. It needs the permissions of the operations you use: lecture (read), liens (links), publication (publish and edit).',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: 'https://api.numero.press/v1',
			placeholder: 'https://api.numero.press/v1',
			description:
				'The API root, ending in /v1. It must use https; http is accepted only on this machine (localhost, 127.x.x.x, [::1]), e.g. for the local numero sandbox.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiKey}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			method: 'GET',
			url: '={{ $credentials.baseUrl.replace(/\\/+$/, "") }}/compte',
			headers: { 'User-Agent': NUMERO_USER_AGENT, Accept: 'application/json' },
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'The API key was refused: it is missing, mistyped or revoked. Create a key in the integrations area of your numero space and paste it here.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						'The key is valid but may not read the account: give it the "lecture" (read) permission in the integrations area of your numero space.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'No numero API answers at this Base URL. It must be the API root ending in /v1, e.g. https://api.numero.press/v1.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 429,
					message:
						'Too many calls with this key right now (over the per-minute limit). Try again in a minute.',
				},
			},
		],
	};
}
