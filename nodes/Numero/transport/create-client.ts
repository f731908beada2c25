import type { IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { NumeroClient, validateHeaderSecret } from '../../../shared/index';
import { apiTransport } from './api-transport';
import { CREDENTIAL_TYPE } from './credential-type';
import { uploadTransport } from './upload-transport';
import { NUMERO_USER_AGENT } from './user-agent';

function canUpload(
	context: IExecuteFunctions | ILoadOptionsFunctions,
): context is IExecuteFunctions {
	return typeof (context as Partial<IExecuteFunctions>).getInputData === 'function';
}

/**
 * The core's client wired to n8n: API calls through n8n's authenticated HTTP helper (so the client
 * gets no API key), uploads through the plain helper, waits through n8n's sleep. The core checks the
 * credential's base URL (https, or http on loopback only; ending in /v1) before any request.
 */
export async function createNumeroClient(
	context: IExecuteFunctions | ILoadOptionsFunctions,
): Promise<NumeroClient> {
	const { baseUrl, apiKey } = await context.getCredentials<{ baseUrl?: string; apiKey?: string }>(
		CREDENTIAL_TYPE,
	);
	// n8n adds the key to each request: a key that cannot be one (a pasted space or line break) is refused before.
	validateHeaderSecret('apiKey', apiKey);
	return new NumeroClient({
		baseUrl: baseUrl ?? '',
		transport: apiTransport(context),
		...(canUpload(context) ? { uploadTransport: uploadTransport(context) } : {}),
		sleep,
		userAgent: NUMERO_USER_AGENT,
	});
}
