/**
 * Every limit the sandbox enforces is in openapi.json and in docs/api-choices.md, with the value of
 * the code's own constant: one row per limit, each value read from the constant, never retyped.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiDocument } from '../../sandbox/openapi';
import { DELIVERY_RULES, delay } from '../../sandbox/openapi/webhooks';
import { COVER_RENDER_SECONDS } from '../../sandbox/routes/create-issue';
import { yearsText } from '../../sandbox/date-fields';
import {
	FILE_NAME_MAX_CHARS,
	IDEMPOTENCY_KEY_MAX_CHARS,
	IDEMPOTENCY_RETENTION_HOURS,
	ISSUE_ID_SLUG_MAX_CHARS,
	ISSUE_PAGES_MAX,
	JSON_BODY_MAX_BYTES,
	LINK_DAYS,
	LIST_LIMIT,
	PERIODICAL_MAX_CHARS,
	RATE_LIMIT_PER_MINUTE,
	RATE_LIMIT_WINDOW_SECONDS,
	REFERENCE_MAX_CHARS,
	SCHEDULE_MAX_YEARS_AHEAD,
	SLUG_MAX_CHARS,
	STATISTICS_DEFAULT_DAYS,
	TITLE_MAX_CHARS,
	UPLOAD_VALIDITY_SECONDS,
	WEBHOOK_ENDPOINTS_MAX,
	WEBHOOK_LOGGED_DELIVERIES,
	WEBHOOK_RETRY_DELAYS_SECONDS,
	WEBHOOK_TIMEOUT_SECONDS,
} from '../../shared/api-limits';
import { REFERENCE_PATTERN, SLUG_PATTERN } from '../../shared/field-rules';

const doc: any = openApiDocument('http://sandbox.test');

const resolve = (node: any): any =>
	typeof node?.$ref === 'string'
		? node.$ref
				.slice(2)
				.split('/')
				.reduce((n: any, part: string) => n?.[part.replace(/~1/g, '/')], doc)
		: node;
const bodyField = (path: string, method: string, field: string): any =>
	resolve(doc.paths[path][method].requestBody.content['application/json'].schema).properties[field];
const param = (path: string, method: string, name: string): any =>
	doc.paths[path][method].parameters.find((p: any) => p.name === name);
const response = (name: string): any => doc.components.responses[name];
const schema = (name: string): any => doc.components.schemas[name];

/** A document node and the constraints it must have, or a text of the document and what it must say. */
type Check = [node: any, has: Record<string, unknown>] | [text: string, says: string];

/** The limits: their name and value as docs/api-choices.md's Limits table writes them, and where openapi.json has them. */
const LIMITS: Array<{ limit: string; value: string; document: Check[] }> = [
	{
		limit: '`jours`',
		value: `${LINK_DAYS.min} to ${LINK_DAYS.max}`,
		document: [
			[bodyField('/liens', 'post', 'jours'), { minimum: LINK_DAYS.min, maximum: LINK_DAYS.max }],
		],
	},
	{
		limit: '`page`',
		value: "at least 1, at most the issue's `pages`",
		document: [
			[bodyField('/liens', 'post', 'page'), { minimum: 1 }],
			[bodyField('/liens', 'post', 'page').description, "At most the issue's pages"],
		],
	},
	{
		limit: '`reference`',
		value: `1 to ${REFERENCE_MAX_CHARS} characters of letters, digits and \`_ . : @ + -\``,
		document: [
			[bodyField('/liens', 'post', 'reference'), { pattern: REFERENCE_PATTERN.source }],
			[bodyField('/liens/revoquer', 'post', 'reference'), { pattern: REFERENCE_PATTERN.source }],
			[REFERENCE_PATTERN.source, `{1,${REFERENCE_MAX_CHARS}}`],
		],
	},
	{
		limit: '`limite`',
		value: `${LIST_LIMIT.min} to ${LIST_LIMIT.max}, default ${LIST_LIMIT.default}`,
		document: [
			[
				param('/publications', 'get', 'limite').schema,
				{ minimum: LIST_LIMIT.min, maximum: LIST_LIMIT.max, default: LIST_LIMIT.default },
			],
			[
				doc.paths['/publications'].get.responses['200'].content['application/json'].schema
					.properties.publications,
				{ maxItems: LIST_LIMIT.max },
			],
		],
	},
	{
		limit: '`publication` (periodical code)',
		value: `1 to ${PERIODICAL_MAX_CHARS} characters`,
		document: [
			[
				param('/publications', 'get', 'publication').schema,
				{ minLength: 1, maxLength: PERIODICAL_MAX_CHARS },
			],
		],
	},
	{
		limit: '`titre`',
		value: `1 to ${TITLE_MAX_CHARS} characters, not blank`,
		document: [
			[bodyField('/numeros', 'post', 'titre'), { minLength: 1, maxLength: TITLE_MAX_CHARS }],
			[bodyField('/numeros', 'patch', 'titre'), { minLength: 1, maxLength: TITLE_MAX_CHARS }],
		],
	},
	{
		limit: '`nouvelle_publication`',
		value: `1 to ${PERIODICAL_MAX_CHARS} characters`,
		document: [
			[
				bodyField('/numeros', 'post', 'nouvelle_publication'),
				{ minLength: 1, maxLength: PERIODICAL_MAX_CHARS },
			],
		],
	},
	{
		limit: '`nom_fichier`',
		value: `1 to ${FILE_NAME_MAX_CHARS} characters, no control characters`,
		document: [[bodyField('/numeros', 'post', 'nom_fichier'), { maxLength: FILE_NAME_MAX_CHARS }]],
	},
	{
		limit: '`adresse`',
		value: `1 to ${SLUG_MAX_CHARS} lower-case letters, digits and \`-\``,
		document: [
			[bodyField('/numeros', 'post', 'adresse'), { pattern: SLUG_PATTERN.source }],
			[SLUG_PATTERN.source, `{1,${SLUG_MAX_CHARS}}`],
		],
	},
	{
		limit: 'issue id',
		value: `\`<domain>:<slug>\`, a slug of 1 to ${ISSUE_ID_SLUG_MAX_CHARS} characters (the ids the service makes: 1 to ${SLUG_MAX_CHARS})`,
		document: [
			[param('/numeros', 'get', 'id').schema.pattern, `{1,${ISSUE_ID_SLUG_MAX_CHARS}}$`],
			[bodyField('/liens', 'post', 'id').pattern, `{1,${ISSUE_ID_SLUG_MAX_CHARS}}$`],
			[bodyField('/numeros', 'post', 'remplace').pattern, `{1,${ISSUE_ID_SLUG_MAX_CHARS}}$`],
			[schema('NumeroDetail').properties.id.pattern, `{1,${SLUG_MAX_CHARS}}$`],
		],
	},
	{
		limit: '`pages`',
		value: `1 to ${ISSUE_PAGES_MAX}`,
		document: [[bodyField('/numeros', 'post', 'pages'), { minimum: 1, maximum: ISSUE_PAGES_MAX }]],
	},
	{
		limit: 'file size',
		value: "the plan's `limites.taille_fichier_octets`",
		document: [
			[response('PayloadTooLarge').description, 'limites.taille_fichier_octets'],
			[bodyField('/televersements', 'post', 'taille').description, 'limites.taille_fichier_octets'],
			[
				doc.paths['/fichiers/{televersement}'].put.responses['413'].description,
				'limites.taille_fichier_octets',
			],
		],
	},
	{
		limit: 'issues',
		value: "the plan's `limites.numeros`",
		document: [[response('PaymentRequired').description, 'limites.numeros']],
	},
	{
		limit: '`Idempotency-Key`',
		value: `1 to ${IDEMPOTENCY_KEY_MAX_CHARS} characters, kept ${IDEMPOTENCY_RETENTION_HOURS} hours`,
		document: [
			[
				param('/liens', 'post', 'Idempotency-Key').schema,
				{ minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_CHARS },
			],
			[
				param('/numeros', 'post', 'Idempotency-Key').description,
				`within ${IDEMPOTENCY_RETENTION_HOURS} hours`,
			],
		],
	},
	{
		limit: '`publier_le`',
		value: `in the future, at most ${yearsText(SCHEDULE_MAX_YEARS_AHEAD)} ahead`,
		document: [
			[
				bodyField('/numeros', 'post', 'publier_le').description,
				`in the future, at most ${yearsText(SCHEDULE_MAX_YEARS_AHEAD)} ahead`,
			],
			[
				bodyField('/numeros', 'patch', 'publier_le').description,
				`in the future, at most ${yearsText(SCHEDULE_MAX_YEARS_AHEAD)} ahead`,
			],
		],
	},
	{
		limit: 'upload address',
		value: `${UPLOAD_VALIDITY_SECONDS} seconds (\`expire_dans\`)`,
		document: [
			[schema('Televersement').properties.expire_dans, { const: UPLOAD_VALIDITY_SECONDS }],
			[
				doc.paths['/fichiers/{televersement}'].put.responses['403'].description,
				`after ${UPLOAD_VALIDITY_SECONDS} seconds`,
			],
		],
	},
	{
		limit: 'request body',
		value: `at most ${JSON_BODY_MAX_BYTES} bytes of JSON`,
		document: [
			[doc.paths['/liens'].post.requestBody.description, `at most ${JSON_BODY_MAX_BYTES} bytes`],
			[response('BadRequest').description, `over ${JSON_BODY_MAX_BYTES} bytes`],
		],
	},
	{
		limit: 'calls',
		value: `${RATE_LIMIT_PER_MINUTE} per ${RATE_LIMIT_WINDOW_SECONDS} seconds per key`,
		document: [
			[
				response('TooManyRequests').description,
				`${RATE_LIMIT_PER_MINUTE} calls in ${RATE_LIMIT_WINDOW_SECONDS} seconds`,
			],
			[
				doc.components.headers['X-RateLimit-Limit'].description,
				`window of ${RATE_LIMIT_WINDOW_SECONDS} seconds (${RATE_LIMIT_PER_MINUTE} calls per minute)`,
			],
		],
	},
	{
		limit: '`depuis`',
		value: `default ${STATISTICS_DEFAULT_DAYS} days back`,
		document: [
			[
				param('/statistiques', 'get', 'depuis').description,
				`default ${STATISTICS_DEFAULT_DAYS} days back`,
			],
		],
	},
	{
		limit: 'webhook endpoints',
		value: `${WEBHOOK_ENDPOINTS_MAX} per account`,
		document: [
			[schema('Compte').properties.limites.properties.webhooks, { maximum: WEBHOOK_ENDPOINTS_MAX }],
			[DELIVERY_RULES, `at most ${WEBHOOK_ENDPOINTS_MAX} endpoints`],
		],
	},
	{
		limit: 'webhook answer',
		value: `within ${WEBHOOK_TIMEOUT_SECONDS} seconds`,
		document: [[DELIVERY_RULES, `within ${WEBHOOK_TIMEOUT_SECONDS} seconds`]],
	},
	{
		limit: 'webhook retries',
		value: `after ${WEBHOOK_RETRY_DELAYS_SECONDS.map(delay).join(', ')}`,
		document: [[DELIVERY_RULES, `after ${WEBHOOK_RETRY_DELAYS_SECONDS.map(delay).join(', ')}`]],
	},
	{
		limit: 'webhook log',
		value: `the last ${WEBHOOK_LOGGED_DELIVERIES} deliveries per endpoint`,
		document: [[DELIVERY_RULES, `last ${WEBHOOK_LOGGED_DELIVERIES} deliveries`]],
	},
	{
		limit: 'cover rendering',
		value: `${COVER_RENDER_SECONDS} seconds in the sandbox (the reference: under two minutes)`,
		document: [
			[
				schema('CreatedIssue').properties.couverture.description,
				`the sandbox takes ${COVER_RENDER_SECONDS} seconds`,
			],
		],
	},
];

/** docs/api-choices.md's Limits table: limit → value. */
function choicesTable(): Map<string, string> {
	const text = readFileSync(join(__dirname, '../../docs/api-choices.md'), 'utf8');
	const section = text.split(/^## /m).find((part) => part.startsWith('Limits\n')) ?? '';
	const rows = section
		.split('\n')
		.filter((line) => line.startsWith('|') && !/^\|\s*(limit\s*\||-)/.test(line))
		.map((line) =>
			line
				.split('|')
				.slice(1, -1)
				.map((cell) => cell.trim()),
		);
	return new Map(rows.map(([limit, value]) => [limit, value]));
}

describe('every limit the sandbox enforces', () => {
	const choices = choicesTable();

	test('docs/api-choices.md lists exactly these limits', () => {
		expect([...choices.keys()].sort()).toEqual(LIMITS.map(({ limit }) => limit).sort());
	});

	test.each(LIMITS.map((row) => [row.limit, row] as const))(
		'%s: docs/api-choices.md and openapi.json say the value of the code',
		(_name, { limit, value, document }) => {
			expect([limit, choices.get(limit)]).toEqual([limit, value]);
			for (const [node, expected] of document) {
				if (typeof expected === 'string') expect(node).toContain(expected);
				else expect(node).toMatchObject(expected);
			}
		},
	);
});
