/**
 * Each endpoint's fields and their rules, one table each (numero-api.md, docs/core-api.md "Rules"): the
 * accepted fields are the table's keys, the input types of api-types.ts are read from the tables, and
 * one validator per endpoint checks an input against its table before any request is sent. Each
 * returns the body to send: the given fields without the `undefined` ones.
 */
import {
	FILE_NAME_MAX_CHARS,
	IDEMPOTENCY_KEY_MAX_CHARS,
	LINK_DAYS,
	LIST_LIMIT,
	PERIODICAL_MAX_CHARS,
	TITLE_MAX_CHARS,
} from './api-limits';
import { SERVICE_DOMAINS } from './api-types';
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
	boolean,
	booleanOrNull,
	checkIssueId,
	date,
	describeValue,
	fail,
	httpUri,
	integer,
	issueId,
	month,
	nullable,
	oneOf,
	reference,
	required,
	scheduledInstant,
	sha256,
	slug,
	text,
	validateFields,
	type CrossFieldRule,
} from './field-rules';

export const ACCES = ['abonnes', 'libre'] as const;
export const UPLOAD_TYPES = ['pdf', 'couverture'] as const;

/** POST /liens */
export const LINK_FIELDS = {
	id: required(issueId),
	jours: integer(LINK_DAYS.min, LINK_DAYS.max),
	page: integer(1),
	reference,
};
/** POST /liens/revoquer */
export const REVOKE_FIELDS = { reference: required(reference) };
/** GET /publications */
export const LIST_ISSUES_FIELDS = {
	publication: text(PERIODICAL_MAX_CHARS),
	limite: integer(LIST_LIMIT.min, LIST_LIMIT.max),
};
/** GET /numeros */
export const GET_ISSUE_FIELDS = { id: required(issueId) };
/** POST /televersements */
export const UPLOAD_FIELDS = {
	type: oneOf(UPLOAD_TYPES),
	sha256: required(sha256),
	taille: required(integer(1)),
	domaine: oneOf(SERVICE_DOMAINS),
};

/** The fields of POST /numeros that the caller chooses (publishIssue computes the file ones). */
export const ISSUE_FIELDS = {
	titre: required(text(TITLE_MAX_CHARS)),
	publication: text(PERIODICAL_MAX_CHARS),
	nouvelle_publication: text(PERIODICAL_MAX_CHARS),
	parution: month,
	acces: oneOf(ACCES),
	lien_achat: httpUri,
	telechargement: booleanOrNull,
	impression: booleanOrNull,
	domaine: oneOf(SERVICE_DOMAINS),
	adresse: slug,
	pages: integer(1),
	nom_fichier: text(FILE_NAME_MAX_CHARS),
	remplace: issueId,
	publier_le: scheduledInstant,
};

/** POST /numeros: the files' hashes and sizes, then the caller's fields. */
export const CREATE_ISSUE_FIELDS = {
	sha256: required(sha256),
	taille: required(integer(1)),
	...ISSUE_FIELDS,
	couverture_sha256: sha256,
	couverture_taille: integer(1),
};

/** PATCH /numeros: every field optional; null removes the purchase link and the periodical. */
export const UPDATE_ISSUE_FIELDS = {
	titre: text(TITLE_MAX_CHARS),
	acces: oneOf(ACCES),
	lien_achat: nullable(httpUri),
	en_ligne: boolean,
	telechargement: booleanOrNull,
	impression: booleanOrNull,
	publication: nullable(text(PERIODICAL_MAX_CHARS)),
	publier_le: scheduledInstant,
};

/** GET /statistiques */
export const STATISTICS_FIELDS = { id: required(issueId), depuis: date };

/** A periodical is either an existing one (its code) or a new one (its name). */
const onePeriodical: CrossFieldRule = (fields) => {
	if (fields.publication !== undefined && fields.nouvelle_publication !== undefined) {
		throw new NumeroValidationError(
			'nouvelle_publication',
			'exclusive',
			'Fields "publication" and "nouvelle_publication" cannot both be given (rule: exclusive); give the code of an existing periodical or the name of a new one.',
			(name) =>
				`${name('publication')} and ${name('nouvelle_publication')} cannot both be given: give an existing periodical or the name of a new one.`,
		);
	}
};

const coverHashWithSize: CrossFieldRule = (fields) => {
	const coverHash = fields.couverture_sha256 !== undefined;
	if (coverHash !== (fields.couverture_taille !== undefined)) {
		const missing = coverHash ? 'couverture_taille' : 'couverture_sha256';
		throw new NumeroValidationError(
			missing,
			'together',
			`Fields "couverture_sha256" and "couverture_taille" go together (rule: together); "${missing}" is missing.`,
			(name) =>
				`${name('couverture_sha256')} and ${name('couverture_taille')} go together; ${name(missing)} is missing.`,
		);
	}
};

/** The cross-field rules of an issue's own fields, for publishIssue and replaceIssuePdf too. */
export const ISSUE_CROSS_FIELD_RULES: readonly CrossFieldRule[] = [onePeriodical];

export function validateCreateLink(input: CreateLinkInput): CreateLinkInput {
	return validateFields(input, LINK_FIELDS, { what: 'a link (POST /liens)' });
}

export function validateRevoke(input: RevokeInput): RevokeInput {
	return validateFields(input, REVOKE_FIELDS, { what: 'a revocation (POST /liens/revoquer)' });
}

export function validateListIssues(input: ListIssuesInput = {}): ListIssuesInput {
	return validateFields(input, LIST_ISSUES_FIELDS, { what: 'an issue list (GET /publications)' });
}

export function validateGetIssue(input: { id: string }): { id: string } {
	return validateFields(input, GET_ISSUE_FIELDS, { what: 'an issue lookup (GET /numeros)' });
}

export function validateRequestUpload(input: RequestUploadInput): RequestUploadInput {
	return validateFields(input, UPLOAD_FIELDS, { what: 'an upload request (POST /televersements)' });
}

/** Checks the caller-chosen fields of an issue (everything but the file hashes and sizes). */
export function validateIssueFields(fields: unknown, nowMs: number): void {
	validateFields(fields, ISSUE_FIELDS, {
		what: 'an issue to publish (the file hashes and sizes are computed from pdf and cover)',
		name: 'fields',
		nowMs,
		crossField: ISSUE_CROSS_FIELD_RULES,
	});
}

export function validateCreateIssue(input: CreateIssueInput, nowMs: number): CreateIssueInput {
	return validateFields(input, CREATE_ISSUE_FIELDS, {
		what: 'an issue (POST /numeros)',
		nowMs,
		crossField: [...ISSUE_CROSS_FIELD_RULES, coverHashWithSize],
	});
}

export function validateUpdateIssue(
	id: string,
	patch: UpdateIssueInput,
	nowMs: number,
): UpdateIssueInput {
	checkIssueId('id', id);
	const body = validateFields(patch, UPDATE_ISSUE_FIELDS, {
		what: 'an issue change (PATCH /numeros)',
		name: 'patch',
		nowMs,
	});
	if (Object.keys(body).length === 0) {
		throw new NumeroValidationError(
			'patch',
			'not_empty',
			'Field "patch" (the change of an issue) is empty (rule: not_empty); give at least one field to change.',
			(name) => `${name('patch')} is empty: give at least one field to change.`,
		);
	}
	return body;
}

export function validateStatistics(input: StatisticsInput): StatisticsInput {
	return validateFields(input, STATISTICS_FIELDS, {
		what: 'a statistics request (GET /statistiques)',
	});
}

/** 1 to IDEMPOTENCY_KEY_MAX_CHARS printable ASCII characters, no space at either end (a header value). */
export function validateIdempotencyKey(key: unknown): string {
	const field = 'Idempotency-Key';
	if (typeof key !== 'string') fail(field, 'type', 'must be text', `got ${describeValue(key)}`);
	if (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX_CHARS) {
		fail(
			field,
			'length',
			`must be 1 to ${IDEMPOTENCY_KEY_MAX_CHARS} characters`,
			`got ${key.length} characters`,
		);
	}
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
