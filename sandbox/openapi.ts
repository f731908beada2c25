/**
 * The OpenAPI 3.1 description of the numero API (version 1.2.0), written from numero-api.md and
 * docs/api-choices.md. Served at /docs/openapi.json; the sandbox checks its own answers against it
 * when the contract is enforced.
 */
import { SERVICE_DOMAINS } from '../shared/api-types';
import { EVENT_TYPES, TEST_EVENT_TYPE } from '../shared/issue-events';

export const API_DESCRIPTION_VERSION = '1.2.0';

type Json = Record<string, unknown>;

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema: Json): Json => ({ ...schema, type: [schema.type as string, 'null'] });
const uri: Json = { type: 'string', format: 'uri' };
const dateTime: Json = { type: 'string', format: 'date-time' };
const day: Json = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' };
const sha256: Json = { type: 'string', pattern: '^[a-f0-9]{64}$' };
const issueId: Json = {
	type: 'string',
	pattern: `^(${SERVICE_DOMAINS.map((d) => d.replace('.', '\\.')).join('|')}):[a-z0-9-]{1,100}$`,
	description: 'Issue id `<domain>:<slug>`',
	examples: ['numero.press:gazette-2026-10'],
};
const REFERENCE_PATTERN = '^[A-Za-z0-9_.:@+-]{1,80}$';

function object(properties: Json, required: string[] = Object.keys(properties)): Json {
	return { type: 'object', properties, required, additionalProperties: false };
}

function numero(detail: boolean): Json {
	const properties: Json = {
		id: issueId,
		titre: { type: 'string', maxLength: 200 },
		publication: ref('PublicationRef'),
		date: nullable(day),
		pages: { type: ['integer', 'null'], minimum: 1 },
		acces: { type: 'string', enum: ['abonnes', 'libre'] },
		page_publique: uri,
		lecture_libre: nullable(uri),
		couverture: nullable(uri),
		statut: { type: 'string', enum: ['en_ligne', 'programme', 'retire'] },
		publier_le: nullable(dateTime),
	};
	const required = Object.keys(properties).filter(
		(name) => detail || (name !== 'statut' && name !== 'publier_le'),
	);
	return object(properties, required);
}

const ERROR_CODES: Record<string, { description: string; codes: string[] }> = {
	BadRequest: {
		description: 'Unreadable body or invalid field; the message names the field and the rule',
		codes: ['bad_json', 'bad_reference', 'invalid_field', 'missing_field', 'upload_missing'],
	},
	Unauthorized: { description: 'Key missing, invalid or revoked', codes: ['unauthorized'] },
	PaymentRequired: {
		description: 'Plan limit reached, or subscription ended',
		codes: ['plan_limit', 'subscription_ended'],
	},
	Forbidden: {
		description:
			'The key lacks the permission (the message names it), or the request has no descriptive User-Agent',
		codes: ['forbidden_scope', 'blocked_user_agent'],
	},
	NotFound: { description: 'No such issue for this key', codes: ['not_found'] },
	Conflict: {
		description:
			'Address taken, issue not modifiable through the API, issue not scheduled, or Idempotency-Key reused with another request',
		codes: ['address_taken', 'not_editable', 'not_scheduled', 'idempotency_key_reused'],
	},
	PayloadTooLarge: { description: "File over the plan's maximum size", codes: ['file_too_large'] },
	TooManyRequests: {
		description: 'More than the per-minute limit; wait Retry-After seconds',
		codes: ['rate_limited'],
	},
};

const STANDARD_HEADERS: Json = {
	'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
	'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
	'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
};

function errorResponses(): Json {
	const out: Json = {};
	for (const [name, { description, codes }] of Object.entries(ERROR_CODES)) {
		out[name] = {
			description,
			headers:
				name === 'TooManyRequests'
					? { ...STANDARD_HEADERS, 'Retry-After': { $ref: '#/components/headers/Retry-After' } }
					: STANDARD_HEADERS,
			content: {
				'application/json': {
					schema: object({
						error: object({
							code: { type: 'string', enum: codes },
							message: { type: 'string', minLength: 1 },
						}),
					}),
				},
			},
		};
	}
	return out;
}

const STATUS_RESPONSE: Record<number, string> = {
	400: 'BadRequest',
	401: 'Unauthorized',
	402: 'PaymentRequired',
	403: 'Forbidden',
	404: 'NotFound',
	409: 'Conflict',
	413: 'PayloadTooLarge',
	429: 'TooManyRequests',
};

function responses(
	success: Record<number, [string, Json]>,
	errors: number[],
	idempotent = false,
): Json {
	const out: Json = {};
	const headers = idempotent
		? {
				...STANDARD_HEADERS,
				'Idempotent-Replayed': { $ref: '#/components/headers/Idempotent-Replayed' },
			}
		: STANDARD_HEADERS;
	for (const [status, [description, schema]] of Object.entries(success)) {
		out[status] = { description, headers, content: { 'application/json': { schema } } };
	}
	for (const status of [...errors, 401, 403, 429].sort())
		out[String(status)] = { $ref: `#/components/responses/${STATUS_RESPONSE[status]}` };
	return out;
}

const idempotencyKey: Json = {
	name: 'Idempotency-Key',
	in: 'header',
	required: false,
	description:
		'Repeating the key within 24 hours returns the first successful response (with Idempotent-Replayed: true) and creates nothing more. The same key with another body: 409 idempotency_key_reused.',
	schema: { type: 'string', minLength: 1, maxLength: 120 },
};

function body(schema: Json): Json {
	return { required: true, content: { 'application/json': { schema } } };
}

const createIssueBody = {
	type: 'object',
	additionalProperties: false,
	required: ['sha256', 'taille', 'titre'],
	properties: {
		sha256: { ...sha256, description: 'SHA-256 of the uploaded PDF' },
		taille: { type: 'integer', minimum: 1 },
		titre: { type: 'string', minLength: 1, maxLength: 200 },
		publication: {
			type: 'string',
			description:
				'Code of an existing periodical (this or nouvelle_publication is required, except with remplace)',
		},
		nouvelle_publication: {
			type: 'string',
			minLength: 1,
			maxLength: 200,
			description: 'Name of a new periodical',
		},
		parution: { type: 'string', pattern: '^\\d{4}-\\d{2}$' },
		acces: { type: 'string', enum: ['abonnes', 'libre'], default: 'abonnes' },
		lien_achat: uri,
		telechargement: { type: ['boolean', 'null'] },
		impression: { type: ['boolean', 'null'] },
		domaine: { type: 'string', enum: [...SERVICE_DOMAINS], default: SERVICE_DOMAINS[0] },
		adresse: { type: 'string', pattern: '^[a-z0-9-]{1,100}$' },
		pages: { type: 'integer', minimum: 1 },
		nom_fichier: { type: 'string', minLength: 1, maxLength: 255 },
		couverture_sha256: sha256,
		couverture_taille: { type: 'integer', minimum: 1 },
		remplace: {
			...issueId,
			description: 'Id of the issue whose PDF is replaced (200, same id and addresses)',
		},
		publier_le: { ...dateTime, description: 'In the future, at most one year ahead' },
	},
};

const updateIssueBody = {
	type: 'object',
	additionalProperties: false,
	properties: {
		titre: { type: 'string', minLength: 1, maxLength: 200 },
		acces: { type: 'string', enum: ['abonnes', 'libre'] },
		lien_achat: nullable(uri),
		en_ligne: { type: 'boolean' },
		telechargement: { type: ['boolean', 'null'] },
		impression: { type: ['boolean', 'null'] },
		publication: {
			type: ['string', 'null'],
			description: "Code of another periodical; null: the account's first periodical",
		},
		publier_le: {
			...dateTime,
			description: 'New date of a scheduled issue (409 not_scheduled otherwise)',
		},
	},
};

const queryId: Json = { name: 'id', in: 'query', required: true, schema: issueId };

const issueEventData = object({
	id: issueId,
	titre: { type: 'string' },
	publication: ref('PublicationRef'),
	date: nullable(day),
	pages: { type: ['integer', 'null'] },
	page_publique: uri,
	statut: { type: 'string', enum: ['en_ligne', 'programme', 'retire'] },
});

function webhook(type: string, description: string, donnees: Json): Json {
	return {
		post: {
			summary: type,
			description,
			parameters: [
				{
					name: 'Service-Signature',
					in: 'header',
					required: true,
					description:
						'`t=<unix seconds>,v1=<hex>`: v1 is the HMAC-SHA256 of `<t>.<raw body>` with the endpoint secret (whsec_…)',
					schema: { type: 'string', pattern: '^t=\\d+(,v1=[a-f0-9]{64})+$' },
				},
			],
			requestBody: body(
				object({
					id: { type: 'string', pattern: '^evt_' },
					type: { const: type },
					cree_le: dateTime,
					donnees,
				}),
			),
			responses: {
				'200': {
					description:
						'Any 2xx within 4 seconds acknowledges the event; no answer or 5xx is retried after 1 min, 5 min, 30 min and 2 h',
				},
			},
		},
	};
}

export function openApiDocument(serverUrl: string): Json {
	return {
		openapi: '3.1.0',
		info: {
			title: 'numero API',
			version: API_DESCRIPTION_VERSION,
			description:
				'Signed reading links, issue publishing with file upload, reading statistics, account information and signed webhooks. ' +
				'Every call carries `Authorization: Bearer <API key>` and a descriptive `User-Agent`. Every answer carries X-Request-Id and the rate headers.',
		},
		servers: [{ url: serverUrl }],
		security: [{ bearer: [] }],
		paths: {
			'/liens': {
				post: {
					operationId: 'createLink',
					summary: 'Create a signed reading link (permission liens)',
					parameters: [idempotencyKey],
					requestBody: body({
						type: 'object',
						additionalProperties: false,
						required: ['id'],
						properties: {
							id: { type: 'string' },
							jours: { type: 'integer', minimum: 1, maximum: 365 },
							page: { type: 'integer', minimum: 1 },
							reference: { type: 'string', pattern: REFERENCE_PATTERN },
						},
					}),
					responses: responses({ 201: ['The link', ref('Lien')] }, [400, 402, 404, 409], true),
				},
			},
			'/liens/revoquer': {
				post: {
					operationId: 'revokeReference',
					summary: 'Deactivate every link created with a subscriber reference (permission liens)',
					requestBody: body(object({ reference: { type: 'string', pattern: REFERENCE_PATTERN } })),
					responses: responses(
						{
							200: [
								'Revoked',
								object({
									reference: { type: 'string', pattern: REFERENCE_PATTERN },
									revoque_le: dateTime,
								}),
							],
						},
						[400],
					),
				},
			},
			'/publications': {
				get: {
					operationId: 'listIssues',
					summary: "The account's issues, newest first (permission lecture)",
					parameters: [
						{ name: 'publication', in: 'query', required: false, schema: { type: 'string' } },
						{
							name: 'limite',
							in: 'query',
							required: false,
							schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
						},
					],
					responses: responses(
						{
							200: [
								'Issues',
								object({ publications: { type: 'array', maxItems: 200, items: ref('Numero') } }),
							],
						},
						[400],
					),
				},
			},
			'/numeros': {
				get: {
					operationId: 'getIssue',
					summary: 'One issue (permission lecture)',
					parameters: [queryId],
					responses: responses(
						{ 200: ['The issue', object({ numero: ref('NumeroDetail') })] },
						[400, 404],
					),
				},
				post: {
					operationId: 'createIssue',
					summary:
						'Create an issue from an uploaded PDF, or replace the PDF of one (permission publication)',
					parameters: [idempotencyKey],
					requestBody: body(createIssueBody),
					responses: responses(
						{
							200: ['Replacement done (remplace)', ref('CreatedIssue')],
							201: ['Issue created', ref('CreatedIssue')],
						},
						[400, 402, 404, 409, 413],
						true,
					),
				},
				patch: {
					operationId: 'updateIssue',
					summary: 'Edit an issue, take it offline or put it online (permission publication)',
					parameters: [queryId],
					requestBody: body(updateIssueBody),
					responses: responses(
						{ 200: ['The issue after the change', object({ numero: ref('NumeroDetail') })] },
						[400, 402, 404, 409],
					),
				},
			},
			'/televersements': {
				post: {
					operationId: 'requestUpload',
					summary: 'Get an address to PUT a file to (permission publication)',
					requestBody: body({
						type: 'object',
						additionalProperties: false,
						required: ['sha256', 'taille'],
						properties: {
							type: { type: 'string', enum: ['pdf', 'couverture'], default: 'pdf' },
							sha256,
							taille: { type: 'integer', minimum: 1 },
							domaine: { type: 'string', enum: [...SERVICE_DOMAINS] },
						},
					}),
					responses: responses(
						{
							200: ['The file is already stored (deja_present)', ref('Televersement')],
							201: ['Send the file with PUT', ref('Televersement')],
						},
						[400, 402, 413],
					),
				},
			},
			'/fichiers/{televersement}': {
				servers: [
					{
						url: '{upload_origin}',
						variables: {
							upload_origin: {
								default: 'https://uploads.numero.press',
								description: 'The origin of the url given by POST /televersements',
							},
						},
					},
				],
				put: {
					operationId: 'putUpload',
					summary:
						'Send the file to the url given by POST /televersements, with exactly its en_tetes (and Content-Length), and no Authorization',
					security: [],
					parameters: [
						{ name: 'televersement', in: 'path', required: true, schema: { type: 'string' } },
						{ name: 'exp', in: 'query', required: true, schema: { type: 'integer' } },
						{ name: 'sig', in: 'query', required: true, schema: { type: 'string' } },
					],
					requestBody: { required: true, content: { 'application/pdf': {}, 'image/jpeg': {} } },
					responses: {
						'200': {
							description: 'Stored',
							content: {
								'application/json': {
									schema: object({ sha256, taille: { type: 'integer', minimum: 1 } }),
								},
							},
						},
						'400': uploadError('Wrong bytes or headers', [
							'sha256_mismatch',
							'size_mismatch',
							'header_mismatch',
							'unexpected_authorization',
						]),
						'403': uploadError('Address expired or forged', [
							'upload_expired',
							'bad_upload_signature',
						]),
						'405': uploadError('Only PUT', ['method_not_allowed']),
						'411': uploadError('Content-Length missing', ['length_required']),
						'413': uploadError("Over the plan's maximum size", ['file_too_large']),
					},
				},
			},
			'/statistiques': {
				get: {
					operationId: 'getStatistics',
					summary: 'Reading statistics of an issue (permission lecture)',
					parameters: [queryId, { name: 'depuis', in: 'query', required: false, schema: day }],
					responses: responses({ 200: ['Statistics', ref('Statistiques')] }, [400, 404]),
				},
			},
			'/compte': {
				get: {
					operationId: 'getAccount',
					summary: 'Plan, status, limits and usage (permission lecture)',
					responses: responses({ 200: ['The account', object({ compte: ref('Compte') })] }, []),
				},
			},
		},
		webhooks: {
			...Object.fromEntries(
				EVENT_TYPES.map((type) => [type, webhook(type, `Event ${type}`, issueEventData)]),
			),
			[TEST_EVENT_TYPE]: webhook(
				TEST_EVENT_TYPE,
				'Sent by the test button',
				object({ message: { type: 'string' } }),
			),
		},
		components: {
			securitySchemes: {
				bearer: {
					type: 'http',
					scheme: 'bearer',
					description: 'API key with the permissions lecture, liens, publication',
				},
			},
			headers: {
				'X-Request-Id': {
					description: 'Identifier of this request (give it to support)',
					required: true,
					schema: { type: 'string', minLength: 1 },
				},
				'X-RateLimit-Limit': {
					description: 'Calls allowed per minute for this key',
					schema: { type: 'integer' },
				},
				'X-RateLimit-Remaining': {
					description: 'Calls left in the current minute',
					schema: { type: 'integer', minimum: 0 },
				},
				'Retry-After': {
					description: 'Seconds to wait',
					required: true,
					schema: { type: 'integer', minimum: 1 },
				},
				'Idempotent-Replayed': {
					description: '`true` when this is the replayed first answer of the Idempotency-Key',
					schema: { type: 'string', const: 'true' },
				},
			},
			responses: errorResponses(),
			schemas: {
				PublicationRef: object({
					code: { type: 'string', minLength: 1 },
					nom: { type: 'string', minLength: 1 },
				}),
				Lien: object({
					url: uri,
					expire_le: dateTime,
					iframe: { type: 'string', pattern: '^<iframe ' },
				}),
				Numero: numero(false),
				NumeroDetail: numero(true),
				CreatedIssue: object({
					numero: ref('NumeroDetail'),
					couverture: { type: 'string', enum: ['prete', 'en_preparation'] },
				}),
				Televersement: object({
					deja_present: { type: 'boolean' },
					sha256,
					methode: { const: 'PUT' },
					url: uri,
					en_tetes: {
						type: 'object',
						required: ['Content-Type', 'X-Upload-Sha256'],
						properties: {
							'Content-Type': { enum: ['application/pdf', 'image/jpeg'] },
							'X-Upload-Sha256': sha256,
						},
						additionalProperties: { type: 'string' },
					},
					expire_dans: { type: 'integer', const: 3600 },
				}),
				Statistiques: object({
					id: issueId,
					depuis: day,
					lectures: { type: 'integer', minimum: 0 },
					lectures_depuis_publication: { type: 'integer', minimum: 0 },
					par_jour: {
						type: 'array',
						items: object({ jour: day, lectures: { type: 'integer', minimum: 1 } }),
					},
					temps_moyen_secondes: { type: ['integer', 'null'], minimum: 0 },
					lu_jusqu_a_la_fin: { type: ['number', 'null'], minimum: 0, maximum: 1 },
					sources: {
						type: 'array',
						items: object({
							source: { type: 'string', minLength: 1 },
							lectures: { type: 'integer', minimum: 1 },
						}),
					},
				}),
				Compte: object({
					formule: { type: 'string', enum: ['essentiel', 'pro', 'entreprise'] },
					statut: { type: 'string', enum: ['actif', 'suspendu', 'resilie'] },
					echeance: nullable(day),
					limites: object({
						numeros: { type: ['integer', 'null'], minimum: 0 },
						taille_fichier_octets: { type: 'integer', minimum: 1 },
						appels_par_minute: { type: 'integer', minimum: 0 },
						webhooks: { type: 'integer', minimum: 0 },
					}),
					utilisation: object({
						numeros: { type: 'integer', minimum: 0 },
						stockage_octets: { type: 'integer', minimum: 0 },
						liens_30_jours: { type: 'integer', minimum: 0 },
					}),
				}),
			},
		},
	};
}

function uploadError(description: string, codes: string[]): Json {
	return {
		description,
		content: {
			'application/json': {
				schema: object({
					error: object({ code: { type: 'string', enum: codes }, message: { type: 'string' } }),
				}),
			},
		},
	};
}
