/**
 * The OpenAPI 3.1 description of the numero API (version 1.2.0), written from numero-api.md and
 * docs/api-choices.md. Served at /docs/openapi.json; the sandbox checks its own answers against it
 * when the contract is enforced. It describes every answer of the API origin (/v1 and this
 * document) and of the upload origin; reader and public pages are HTML for people, not described.
 */
import {
	IDEMPOTENCY_KEY_MAX_CHARS,
	IDEMPOTENCY_RETENTION_HOURS,
	JSON_BODY_MAX_BYTES,
	LIST_LIMIT,
	RATE_LIMIT_PER_MINUTE,
	STATISTICS_DEFAULT_DAYS,
	UPLOAD_VALIDITY_SECONDS,
} from '../../shared/api-limits';
import {
	componentHeaders,
	componentResponses,
	otherRequests,
	responses,
	STANDARD_HEADERS,
	UPLOAD_HEADERS,
	uploadError,
} from './responses';
import {
	componentSchemas,
	day,
	issueIdInput,
	type Json,
	limiteSchema,
	object,
	periodicalCode,
	ref,
	reference,
	requestBodies,
	sha256,
} from './schemas';
import { webhooks } from './webhooks';

export const API_DESCRIPTION_VERSION = '1.2.0';
/** The API root on the origin: `{base_url}` ends in the segment v1 (numero-api.md, Versioning). */
export const API_BASE = '/v1';
export const OPENAPI_DOCUMENT_PATH = '/docs/openapi.json';

const idempotencyKey: Json = {
	name: 'Idempotency-Key',
	in: 'header',
	required: false,
	description: `Repeating the key within ${IDEMPOTENCY_RETENTION_HOURS} hours returns the first successful response (with Idempotent-Replayed: true) and creates nothing more. The same key with another body: 409 idempotency_key_reused.`,
	schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_CHARS },
};

function body(schema: Json): Json {
	return {
		required: true,
		description: `A JSON object sent as application/json, at most ${JSON_BODY_MAX_BYTES} bytes`,
		content: { 'application/json': { schema } },
	};
}

const queryId: Json = { name: 'id', in: 'query', required: true, schema: issueIdInput };

function paths(origin: string): Json {
	return {
		'/liens': {
			post: {
				operationId: 'createLink',
				summary: 'Create a signed reading link (permission liens)',
				parameters: [idempotencyKey],
				requestBody: body(requestBodies.createLink),
				responses: responses({ 201: ['The link', ref('Lien')] }, [402, 404, 409], true),
			},
		},
		'/liens/revoquer': {
			post: {
				operationId: 'revokeReference',
				summary: 'Deactivate every link created with a subscriber reference (permission liens)',
				requestBody: body(requestBodies.revokeReference),
				responses: responses(
					{
						200: [
							'Revoked',
							object({ reference, revoque_le: { type: 'string', format: 'date-time' } }),
						],
					},
					[],
				),
			},
		},
		'/publications': {
			get: {
				operationId: 'listIssues',
				summary: "The account's issues, newest first (permission lecture)",
				parameters: [
					{ name: 'publication', in: 'query', required: false, schema: periodicalCode },
					{ name: 'limite', in: 'query', required: false, schema: limiteSchema },
				],
				responses: responses(
					{
						200: [
							'Issues',
							object({
								publications: { type: 'array', maxItems: LIST_LIMIT.max, items: ref('Numero') },
							}),
						],
					},
					[],
				),
			},
		},
		'/numeros': {
			get: {
				operationId: 'getIssue',
				summary: 'One issue (permission lecture)',
				parameters: [queryId],
				responses: responses({ 200: ['The issue', object({ numero: ref('NumeroDetail') })] }, [
					404,
				]),
			},
			post: {
				operationId: 'createIssue',
				summary:
					'Create an issue from an uploaded PDF, or replace the PDF of one (permission publication)',
				parameters: [idempotencyKey],
				requestBody: body(requestBodies.createIssue),
				responses: responses(
					{
						200: ['Replacement done (remplace)', ref('CreatedIssue')],
						201: ['Issue created', ref('CreatedIssue')],
					},
					[402, 404, 409, 413],
					true,
				),
			},
			patch: {
				operationId: 'updateIssue',
				summary: 'Edit an issue, take it offline or put it online (permission publication)',
				parameters: [queryId],
				requestBody: body(requestBodies.updateIssue),
				responses: responses(
					{ 200: ['The issue after the change', object({ numero: ref('NumeroDetail') })] },
					[402, 404, 409],
				),
			},
		},
		'/televersements': {
			post: {
				operationId: 'requestUpload',
				summary: 'Get an address to PUT a file to (permission publication)',
				requestBody: body(requestBodies.requestUpload),
				responses: responses(
					{
						200: ['The file is already stored (deja_present)', ref('Televersement')],
						201: ['Send the file with PUT', ref('Televersement')],
					},
					[402, 413],
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
				summary: `Send the file to the url given by POST /televersements (it works ${UPLOAD_VALIDITY_SECONDS} seconds), with exactly its en_tetes (and Content-Length), and no Authorization`,
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
						headers: UPLOAD_HEADERS,
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
					'403': uploadError(
						`Address expired (after ${UPLOAD_VALIDITY_SECONDS} seconds) or forged`,
						['upload_expired', 'bad_upload_signature'],
					),
					'405': uploadError('Only PUT', ['method_not_allowed'], ['Allow']),
					'411': uploadError('Content-Length missing', ['length_required']),
					'413': uploadError(
						"Over the plan's maximum size (compte.limites.taille_fichier_octets)",
						['file_too_large'],
					),
				},
			},
		},
		'/statistiques': {
			get: {
				operationId: 'getStatistics',
				summary: 'Reading statistics of an issue (permission lecture)',
				parameters: [
					queryId,
					{
						name: 'depuis',
						in: 'query',
						required: false,
						description: `Start of the window (UTC day); default ${STATISTICS_DEFAULT_DAYS} days back`,
						schema: day,
					},
				],
				responses: responses({ 200: ['Statistics', ref('Statistiques')] }, [404]),
			},
		},
		'/compte': {
			get: {
				operationId: 'getAccount',
				summary: 'Plan, status, limits and usage (permission lecture)',
				responses: responses({ 200: ['The account', object({ compte: ref('Compte') })] }, []),
			},
		},
		[OPENAPI_DOCUMENT_PATH]: {
			servers: [{ url: origin }],
			get: {
				operationId: 'getOpenApiDocument',
				summary: 'This document',
				security: [],
				responses: {
					'200': {
						description: 'The OpenAPI description',
						headers: STANDARD_HEADERS,
						content: {
							'application/json': {
								schema: {
									type: 'object',
									required: ['openapi', 'info', 'paths'],
									properties: {
										openapi: { const: '3.1.0' },
										info: {
											type: 'object',
											required: ['version'],
											properties: { version: { const: API_DESCRIPTION_VERSION } },
										},
										paths: { type: 'object' },
									},
								},
							},
						},
					},
					'403': { $ref: '#/components/responses/Forbidden' },
					'429': { $ref: '#/components/responses/TooManyRequests' },
				},
			},
		},
	};
}

/** The document of the API served at `origin` (`http://127.0.0.1:PORT`): its root is origin + API_BASE. */
export function openApiDocument(origin: string): Json {
	return {
		openapi: '3.1.0',
		info: {
			title: 'numero API',
			version: API_DESCRIPTION_VERSION,
			description:
				'Signed reading links, issue publishing with file upload, reading statistics, account information and signed webhooks. ' +
				'Every call carries `Authorization: Bearer <API key>` and a descriptive `User-Agent`. ' +
				`Every answer carries X-Request-Id and the rate headers (${RATE_LIMIT_PER_MINUTE} calls per minute per key). ` +
				'Reader links, public pages and covers are pages for people at the addresses the API gives, not operations.',
		},
		servers: [{ url: `${origin}${API_BASE}` }],
		security: [{ bearer: [] }],
		paths: paths(origin),
		'x-other-requests': otherRequests,
		webhooks,
		components: {
			securitySchemes: {
				bearer: {
					type: 'http',
					scheme: 'bearer',
					description: 'API key with the permissions lecture, liens, publication',
				},
			},
			headers: componentHeaders,
			responses: componentResponses,
			schemas: componentSchemas,
		},
	};
}
