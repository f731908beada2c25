/** The webhooks of openapi.json: what numero POSTs to a publisher's endpoints. */
import {
	WEBHOOK_ENDPOINTS_MAX,
	WEBHOOK_LOGGED_DELIVERIES,
	WEBHOOK_RETRY_DELAYS_SECONDS,
	WEBHOOK_TIMEOUT_SECONDS,
} from '../../shared/api-limits';
import { SIGNATURE_HEADER } from '../../shared/api-types';
import { EVENT_TYPES, TEST_EVENT_TYPE } from '../../shared/issue-events';
import { DEFAULT_TOLERANCE_SECONDS } from '../../shared/webhook-signature';
import { dateTime, issueEventData, type Json, object } from './schemas';

/** 60 → "1 min", 7200 → "2 h". */
export function delay(seconds: number): string {
	return seconds % 3600 === 0 ? `${seconds / 3600} h` : `${seconds / 60} min`;
}

export const DELIVERY_RULES =
	`A publisher has at most ${WEBHOOK_ENDPOINTS_MAX} endpoints. ` +
	`Any 2xx within ${WEBHOOK_TIMEOUT_SECONDS} seconds acknowledges the event; no answer or a 5xx is retried after ` +
	`${WEBHOOK_RETRY_DELAYS_SECONDS.map(delay).join(', ')} (same id and body, new signature). ` +
	`Each endpoint logs its last ${WEBHOOK_LOGGED_DELIVERIES} deliveries.`;

function webhook(type: string, description: string, donnees: Json): Json {
	return {
		post: {
			summary: type,
			description,
			parameters: [
				{
					name: SIGNATURE_HEADER,
					in: 'header',
					required: true,
					description: `\`t=<unix seconds>,v1=<hex>\`: v1 is the HMAC-SHA256 of \`<t>.<raw body>\` with the endpoint secret (whsec_…); refuse a t more than ${DEFAULT_TOLERANCE_SECONDS / 60} minutes away`,
					schema: { type: 'string', pattern: '^t=\\d+(,v1=[a-f0-9]{64})+$' },
				},
			],
			requestBody: {
				required: true,
				content: {
					'application/json': {
						schema: object({
							id: { type: 'string', pattern: '^evt_' },
							type: { const: type },
							cree_le: dateTime,
							donnees,
						}),
					},
				},
			},
			responses: { '200': { description: DELIVERY_RULES } },
		},
	};
}

export const webhooks: Json = {
	...Object.fromEntries(
		EVENT_TYPES.map((type) => [type, webhook(type, `Event ${type}`, issueEventData)]),
	),
	[TEST_EVENT_TYPE]: webhook(
		TEST_EVENT_TYPE,
		'Sent by the test button',
		object({ message: { type: 'string' } }),
	),
};
