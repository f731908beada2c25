/**
 * One validator per endpoint input. Each throws NumeroValidationError before any request is sent, and
 * returns the body to send: the given fields without the `undefined` ones.
 */
import type {
	CreateIssueInput,
	CreateLinkInput,
	ListIssuesInput,
	RequestUploadInput,
	RevokeInput,
	StatisticsInput,
	UpdateIssueInput,
} from './api-types';
import { NumeroValidationError } from './errors';
import {
	checkBooleanOrNull,
	checkDate,
	checkDomain,
	checkEnum,
	checkHttpUri,
	checkInteger,
	checkIssueId,
	checkKnownFields,
	checkMonth,
	checkObject,
	checkReference,
	checkScheduledInstant,
	checkSha256,
	checkSlug,
	checkText,
	checkType,
	describeValue,
	fail,
} from './field-rules';

const ACCES = ['abonnes', 'libre'] as const;

function defined<T extends object>(input: T): T {
	return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as T;
}

function has(input: Record<string, unknown>, key: string): boolean {
	return input[key] !== undefined;
}

export function validateCreateLink(input: CreateLinkInput): CreateLinkInput {
	const fields = checkObject('input', input);
	checkKnownFields(fields, ['id', 'jours', 'page', 'reference'], 'a link (POST /liens)');
	checkIssueId('id', fields.id);
	if (has(fields, 'jours')) checkInteger('jours', fields.jours, 1, 365);
	if (has(fields, 'page')) checkInteger('page', fields.page, 1);
	if (has(fields, 'reference')) checkReference('reference', fields.reference);
	return defined(input);
}

export function validateRevoke(input: RevokeInput): RevokeInput {
	const fields = checkObject('input', input);
	checkKnownFields(fields, ['reference'], 'a revocation (POST /liens/revoquer)');
	checkReference('reference', fields.reference);
	return defined(input);
}

export function validateListIssues(input: ListIssuesInput = {}): ListIssuesInput {
	const fields = checkObject('input', input);
	checkKnownFields(fields, ['publication', 'limite'], 'an issue list (GET /publications)');
	if (has(fields, 'publication')) checkText('publication', fields.publication, 200);
	if (has(fields, 'limite')) checkInteger('limite', fields.limite, 1, 200);
	return defined(input);
}

export function validateGetIssue(input: { id: string }): { id: string } {
	const fields = checkObject('input', input);
	checkKnownFields(fields, ['id'], 'an issue lookup (GET /numeros)');
	checkIssueId('id', fields.id);
	return defined(input);
}

export function validateRequestUpload(input: RequestUploadInput): RequestUploadInput {
	const fields = checkObject('input', input);
	checkKnownFields(
		fields,
		['type', 'sha256', 'taille', 'domaine'],
		'an upload request (POST /televersements)',
	);
	if (has(fields, 'type')) checkEnum('type', fields.type, ['pdf', 'couverture']);
	checkSha256('sha256', fields.sha256);
	checkInteger('taille', fields.taille, 1);
	if (has(fields, 'domaine')) checkDomain('domaine', fields.domaine);
	return defined(input);
}

/** The fields of POST /numeros that the caller chooses (publishIssue computes the file ones). */
export const ISSUE_FIELD_NAMES = [
	'titre',
	'publication',
	'nouvelle_publication',
	'parution',
	'acces',
	'lien_achat',
	'telechargement',
	'impression',
	'domaine',
	'adresse',
	'pages',
	'nom_fichier',
	'remplace',
	'publier_le',
] as const;
const FILE_FIELD_NAMES = ['sha256', 'taille', 'couverture_sha256', 'couverture_taille'] as const;

/** Checks the caller-chosen fields of an issue (everything but the file hashes and sizes). */
export function validateIssueFields(fields: Record<string, unknown>, nowMs: number): void {
	checkText('titre', fields.titre, 200);
	if (has(fields, 'publication')) checkText('publication', fields.publication, 200);
	if (has(fields, 'nouvelle_publication'))
		checkText('nouvelle_publication', fields.nouvelle_publication, 200);
	if (has(fields, 'publication') && has(fields, 'nouvelle_publication')) {
		throw new NumeroValidationError(
			'nouvelle_publication',
			'exclusive',
			'Fields "publication" and "nouvelle_publication" cannot both be given (rule: exclusive); give the code of an existing periodical or the name of a new one.',
		);
	}
	if (has(fields, 'parution')) checkMonth('parution', fields.parution);
	if (has(fields, 'acces')) checkEnum('acces', fields.acces, ACCES);
	if (has(fields, 'lien_achat')) checkHttpUri('lien_achat', fields.lien_achat);
	if (has(fields, 'telechargement')) checkBooleanOrNull('telechargement', fields.telechargement);
	if (has(fields, 'impression')) checkBooleanOrNull('impression', fields.impression);
	if (has(fields, 'domaine')) checkDomain('domaine', fields.domaine);
	if (has(fields, 'adresse')) checkSlug('adresse', fields.adresse);
	if (has(fields, 'pages')) checkInteger('pages', fields.pages, 1);
	if (has(fields, 'nom_fichier')) checkText('nom_fichier', fields.nom_fichier, 255);
	if (has(fields, 'remplace')) checkIssueId('remplace', fields.remplace);
	if (has(fields, 'publier_le')) checkScheduledInstant('publier_le', fields.publier_le, nowMs);
}

export function validateCreateIssue(input: CreateIssueInput, nowMs: number): CreateIssueInput {
	const fields = checkObject('input', input);
	checkKnownFields(fields, [...FILE_FIELD_NAMES, ...ISSUE_FIELD_NAMES], 'an issue (POST /numeros)');
	checkSha256('sha256', fields.sha256);
	checkInteger('taille', fields.taille, 1);
	validateIssueFields(fields, nowMs);
	const coverHash = has(fields, 'couverture_sha256');
	const coverSize = has(fields, 'couverture_taille');
	if (coverHash !== coverSize) {
		const missing = coverHash ? 'couverture_taille' : 'couverture_sha256';
		throw new NumeroValidationError(
			missing,
			'together',
			`Fields "couverture_sha256" and "couverture_taille" go together (rule: together); "${missing}" is missing.`,
		);
	}
	if (coverHash) checkSha256('couverture_sha256', fields.couverture_sha256);
	if (coverSize) checkInteger('couverture_taille', fields.couverture_taille, 1);
	return defined(input);
}

export function validateUpdateIssue(
	id: string,
	patch: UpdateIssueInput,
	nowMs: number,
): UpdateIssueInput {
	checkIssueId('id', id);
	const fields = checkObject('patch', patch);
	checkKnownFields(
		fields,
		[
			'titre',
			'acces',
			'lien_achat',
			'en_ligne',
			'telechargement',
			'impression',
			'publication',
			'publier_le',
		],
		'an issue change (PATCH /numeros)',
	);
	const body = defined(patch);
	if (Object.keys(body).length === 0) {
		throw new NumeroValidationError(
			'patch',
			'not_empty',
			'Field "patch" (the change of an issue) is empty (rule: not_empty); give at least one field to change.',
		);
	}
	if (has(fields, 'titre')) checkText('titre', fields.titre, 200);
	if (has(fields, 'acces')) checkEnum('acces', fields.acces, ACCES);
	if (has(fields, 'lien_achat') && fields.lien_achat !== null)
		checkHttpUri('lien_achat', fields.lien_achat);
	if (has(fields, 'en_ligne')) checkType('en_ligne', fields.en_ligne, 'boolean');
	if (has(fields, 'telechargement')) checkBooleanOrNull('telechargement', fields.telechargement);
	if (has(fields, 'impression')) checkBooleanOrNull('impression', fields.impression);
	if (has(fields, 'publication') && fields.publication !== null)
		checkText('publication', fields.publication, 200);
	if (has(fields, 'publier_le')) checkScheduledInstant('publier_le', fields.publier_le, nowMs);
	return body;
}

export function validateStatistics(input: StatisticsInput): StatisticsInput {
	const fields = checkObject('input', input);
	checkKnownFields(fields, ['id', 'depuis'], 'a statistics request (GET /statistiques)');
	checkIssueId('id', fields.id);
	if (has(fields, 'depuis')) checkDate('depuis', fields.depuis);
	return defined(input);
}

/** 1 to 120 printable ASCII characters, no space at either end (a header value). */
export function validateIdempotencyKey(key: unknown): string {
	const field = 'Idempotency-Key';
	if (typeof key !== 'string') fail(field, 'type', 'must be text', `got ${describeValue(key)}`);
	if (key.length < 1 || key.length > 120)
		fail(field, 'length', 'must be 1 to 120 characters', `got ${key.length} characters`);
	if (!/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(key)) {
		fail(
			field,
			'printable',
			'must be printable ASCII characters, without a space at either end',
			`got ${describeValue(key)}`,
		);
	}
	return key;
}

/** User-Agent and API key: header-safe text. The value is never put in the message. */
export function validateHeaderSecret(field: string, value: unknown): string {
	if (typeof value !== 'string' || value.trim().length === 0) {
		fail(field, 'required', 'is required as non-empty text', 'it is missing or empty');
	}
	if (!/^[\x21-\x7e]+$/.test(value)) {
		fail(
			field,
			'printable',
			'must be printable ASCII characters without spaces or line breaks',
			'it has other characters (check for a pasted space or line break)',
		);
	}
	return value;
}

export function validateUserAgent(value: unknown): string {
	const field = 'userAgent';
	if (typeof value !== 'string' || value.trim().length === 0)
		fail(field, 'required', 'is required as non-empty text', `got ${describeValue(value)}`);
	if (!/^[\x20-\x7e]{1,200}$/.test(value)) {
		fail(
			field,
			'printable',
			'must be 1 to 200 printable ASCII characters',
			`got ${describeValue(value)}`,
		);
	}
	return value;
}
