import type { IExecuteFunctions, IHttpRequestOptions, ILoadOptionsFunctions } from 'n8n-workflow';

import type { HttpRequest, HttpResponse, Transport } from '../../../shared/index';
import { CREDENTIAL_TYPE } from './credential-type';
import { responseFrom, type FullResponse } from './http-response';
import { transportFailureFrom } from './transport-failure';

/**
 * The core's Transport for API calls, through n8n's HTTP helper with the Numero API credential:
 * n8n adds the key (the client is created without it), returns every status (a redirect too) as a
 * response, and the body as text for the core to parse.
 */
export function apiTransport(context: IExecuteFunctions | ILoadOptionsFunctions): Transport {
	return async (request: HttpRequest): Promise<HttpResponse> => {
		const options: IHttpRequestOptions = {
			method: request.method,
			url: request.url,
			headers: request.headers,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			json: false,
			encoding: 'text',
			// The API does not redirect; following one could carry the key to another origin.
			disableFollowRedirect: true,
		};
		if (typeof request.body === 'string') options.body = request.body;
		if (request.timeoutMs) options.timeout = request.timeoutMs;
		let response: FullResponse;
		try {
			response = (await context.helpers.httpRequestWithAuthentication.call(
				context,
				CREDENTIAL_TYPE,
				options,
			)) as FullResponse;
		} catch (error) {
			throw transportFailureFrom(error);
		}
		return responseFrom(response);
	};
}
