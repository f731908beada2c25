/**
 * JSON Schemas of openapi.json: the building blocks, the request bodies and the resources. Every
 * number and pattern comes from the core's declarations (shared/api-limits.ts, field-rules.ts).
 */
import {
	FILE_NAME_MAX_CHARS,
	ISSUE_PAGES_MAX,
	LINK_DAYS,
	LIST_LIMIT,
	PERIODICAL_MAX_CHARS,
	SCHEDULE_MAX_YEARS_AHEAD,
	TITLE_MAX_CHARS,
	UPLOAD_VALIDITY_SECONDS,
	WEBHOOK_ENDPOINTS_MAX,
} from '../../shared/api-limits';
import { SERVICE_DOMAINS } from '../../shared/api-types';
import {
	DATE_PATTERN,
	ISSUE_ID_PATTERN,
	MONTH_PATTERN,
	REFERENCE_PATTERN,
	SHA256_PATTERN,
	SLUG_PATTERN,
} from '../../shared/field-rules';
import { ACCES, UPLOAD_TYPES } from '../../shared/validate-inputs';
import { COVER_RENDER_SECONDS } from '../routes/create-issue';
import { yearsText } from '../date-fields';

export type Json = Record<string, unknown>;

export const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
export const nullable = (schema: Json): Json => ({
	...schema,
	type: [schema.type as string, 'null'],
});

export function object(properties: Json, required: string[] = Object.keys(properties)): Json {
	return { type: 'object', properties, required, additionalProperties: false };
}

/** Optional fields only: nothing is required. */
const optionalObject = (properties: Json): Json => object(properties, []);

export const uri: Json = { type: 'string', format: 'uri' };
const httpUri: Json = { ...uri, description: 'An absolute http:// or https:// address' };
export const dateTime: Json = { type: 'string', format: 'date-time' };
export const day: Json = { type: 'string', pattern: DATE_PATTERN.source, format: 'date' };
export const sha256: Json = { type: 'string', pattern: SHA256_PATTERN.source };
export const reference: Json = {
	type: 'string',
	pattern: REFERENCE_PATTERN.source,
	description: 'Letters, digits and _ . : @ + -; outside this pattern: 400 bad_reference',
};
const text = (max: number, description?: string): Json => ({
	type: 'string',
	minLength: 1,
	maxLength: max,
	...(description ? { description } : {}),
});
const title = text(TITLE_MAX_CHARS, 'Not blank');
const acces: Json = { type: 'string', enum: [...ACCES] };
const statut: Json = { type: 'string', enum: ['en_ligne', 'programme', 'retire'] };
/** The slug rule without its anchors, to build the id pattern. */
const slug = SLUG_PATTERN.source.slice(1, -1);

/** The id of an issue in an answer: one of the service domains and a slug. */
export const issueId: Json = {
	type: 'string',
	pattern: `^(${SERVICE_DOMAINS.map((d) => d.replace('.', '\\.')).join('|')}):${slug}$`,
	description: 'Issue id `<domain>:<slug>`',
	examples: ['numero.press:gazette-2026-10'],
};
/** An issue id in a request: any host name and slug is accepted, and an unknown one is 404. */
export const issueIdInput: Json = {
	type: 'string',
	pattern: ISSUE_ID_PATTERN.source,
	description: 'Issue id `<domain>:<slug>`; an id of no issue of the account is 404 not_found',
	examples: ['numero.press:gazette-2026-10'],
};
const publierLe = (description: string): Json => ({
	...dateTime,
	description: `${description}; in the future, at most ${yearsText(SCHEDULE_MAX_YEARS_AHEAD)} ahead (same date and time)`,
});

export const limiteSchema: Json = {
	type: 'integer',
	minimum: LIST_LIMIT.min,
	maximum: LIST_LIMIT.max,
	default: LIST_LIMIT.default,
};
export const periodicalCode: Json = text(PERIODICAL_MAX_CHARS, 'Code of a periodical');

export const requestBodies: Record<string, Json> = {
	createLink: object(
		{
			id: issueIdInput,
			jours: {
				type: 'integer',
				minimum: LINK_DAYS.min,
				maximum: LINK_DAYS.max,
				description: "Days the link works; default: the account's own setting",
			},
			page: { type: 'integer', minimum: 1, description: "At most the issue's pages" },
			reference,
		},
		['id'],
	),
	revokeReference: object({ reference }),
	createIssue: object(
		{
			sha256: { ...sha256, description: 'SHA-256 of the uploaded PDF' },
			taille: { type: 'integer', minimum: 1, description: 'Size of the uploaded PDF' },
			titre: title,
			publication: {
				type: 'string',
				description:
					'Code of an existing periodical (this or nouvelle_publication is required, except with remplace)',
			},
			nouvelle_publication: text(PERIODICAL_MAX_CHARS, 'Name of a new periodical'),
			parution: { type: 'string', pattern: MONTH_PATTERN.source, description: 'YYYY-MM' },
			acces: { ...acces, default: 'abonnes' },
			lien_achat: httpUri,
			telechargement: { type: ['boolean', 'null'] },
			impression: { type: ['boolean', 'null'] },
			domaine: { type: 'string', enum: [...SERVICE_DOMAINS], default: SERVICE_DOMAINS[0] },
			adresse: { type: 'string', pattern: SLUG_PATTERN.source },
			pages: { type: 'integer', minimum: 1, maximum: ISSUE_PAGES_MAX },
			nom_fichier: text(FILE_NAME_MAX_CHARS, 'A file name without control characters'),
			couverture_sha256: sha256,
			couverture_taille: { type: 'integer', minimum: 1 },
			remplace: {
				...issueIdInput,
				description: 'Id of the issue whose PDF is replaced (200, same id and addresses)',
			},
			publier_le: publierLe('Release instant of a scheduled issue'),
		},
		['sha256', 'taille', 'titre'],
	),
	updateIssue: optionalObject({
		titre: title,
		acces,
		lien_achat: nullable(httpUri),
		en_ligne: { type: 'boolean' },
		telechargement: { type: ['boolean', 'null'] },
		impression: { type: ['boolean', 'null'] },
		publication: {
			type: ['string', 'null'],
			description: "Code of another periodical; null: the account's first periodical",
		},
		publier_le: publierLe('New date of a scheduled issue (409 not_scheduled otherwise)'),
	}),
	requestUpload: object(
		{
			type: { type: 'string', enum: [...UPLOAD_TYPES], default: UPLOAD_TYPES[0] },
			sha256,
			taille: {
				type: 'integer',
				minimum: 1,
				description: "At most the plan's maximum file size (compte.limites.taille_fichier_octets)",
			},
			domaine: { type: 'string', enum: [...SERVICE_DOMAINS] },
		},
		['sha256', 'taille'],
	),
};

function numero(detail: boolean): Json {
	const properties: Json = {
		id: issueId,
		titre: { type: 'string', maxLength: TITLE_MAX_CHARS },
		publication: ref('PublicationRef'),
		date: nullable(day),
		pages: { type: ['integer', 'null'], minimum: 1, maximum: ISSUE_PAGES_MAX },
		acces,
		page_publique: uri,
		lecture_libre: nullable(uri),
		couverture: nullable(uri),
		statut,
		publier_le: nullable(dateTime),
	};
	const required = Object.keys(properties).filter(
		(name) => detail || (name !== 'statut' && name !== 'publier_le'),
	);
	return object(properties, required);
}

export const issueEventData = object({
	id: issueId,
	titre: { type: 'string' },
	publication: ref('PublicationRef'),
	date: nullable(day),
	pages: { type: ['integer', 'null'] },
	page_publique: uri,
	statut,
});

const count: Json = { type: 'integer', minimum: 0 };

export const componentSchemas: Record<string, Json> = {
	PublicationRef: object({
		code: { type: 'string', minLength: 1 },
		nom: { type: 'string', minLength: 1 },
	}),
	Lien: object({ url: uri, expire_le: dateTime, iframe: { type: 'string', pattern: '^<iframe ' } }),
	Numero: numero(false),
	NumeroDetail: numero(true),
	CreatedIssue: object({
		numero: ref('NumeroDetail'),
		couverture: {
			type: 'string',
			enum: ['prete', 'en_preparation'],
			description: `en_preparation: page 1 is rendered as the cover within two minutes (the sandbox takes ${COVER_RENDER_SECONDS} seconds)`,
		},
	}),
	Televersement: object({
		deja_present: { type: 'boolean' },
		sha256,
		methode: { const: 'PUT' },
		url: { ...uri, description: `Works ${UPLOAD_VALIDITY_SECONDS} seconds` },
		en_tetes: {
			type: 'object',
			required: ['Content-Type', 'X-Upload-Sha256'],
			properties: {
				'Content-Type': { enum: ['application/pdf', 'image/jpeg'] },
				'X-Upload-Sha256': sha256,
			},
			additionalProperties: { type: 'string' },
		},
		expire_dans: { type: 'integer', const: UPLOAD_VALIDITY_SECONDS },
	}),
	Statistiques: object({
		id: issueId,
		depuis: day,
		lectures: count,
		lectures_depuis_publication: count,
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
			numeros: { ...nullable(count), description: 'Issues the plan allows; null: unlimited' },
			taille_fichier_octets: {
				type: 'integer',
				minimum: 1,
				description: 'Largest file the plan accepts (beyond it: 413 file_too_large)',
			},
			appels_par_minute: count,
			webhooks: { type: 'integer', minimum: 0, maximum: WEBHOOK_ENDPOINTS_MAX },
		}),
		utilisation: object({ numeros: count, stockage_octets: count, liens_30_jours: count }),
	}),
};
