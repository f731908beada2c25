import { FILE_NAME_MAX_CHARS, ISSUE_PAGES_MAX } from '../../shared/api-limits';
import { SERVICE_DOMAINS, type CoverState, type ServiceDomain } from '../../shared/api-types';
import type { SandboxApp } from '../app';
import { numeroView } from '../issue-view';
import { findPeriodical, issueAddress, periodicalNamed } from '../periodicals';
import { ApiError, invalidField, missingField, notFound } from '../server/api-error';
import type { Account, Issue } from '../store';
import {
	type Body,
	checkIssueId,
	domainField,
	enumField,
	integerField,
	noQuery,
	nullableBoolean,
	refuseUnknownFields,
	requiredInteger,
	sha256Field,
	slugField,
	stringField,
	titleField,
	uriField,
} from '../validation';
import { checkScheduleWindow, dateTimeField, monthField } from '../date-fields';
import type { Route } from './route';

const FIELDS = [
	'sha256',
	'taille',
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
	'couverture_sha256',
	'couverture_taille',
	'remplace',
	'publier_le',
] as const;

/** Sandbox seconds until page 1 is rendered as the cover (the reference: under two minutes). */
export const COVER_RENDER_SECONDS = 60;

function parse(body: Body) {
	refuseUnknownFields(body, FIELDS);
	const fields = {
		sha256: sha256Field(body, 'sha256', true) as string,
		taille: requiredInteger(body, 'taille', 1),
		titre: titleField(body, 'titre', true) as string,
		publication: stringField(body, 'publication'),
		nouvelle_publication: stringField(body, 'nouvelle_publication'),
		parution: monthField(body, 'parution'),
		acces: enumField(body, 'acces', ['abonnes', 'libre'] as const),
		lien_achat: uriField(body, 'lien_achat'),
		telechargement: nullableBoolean(body, 'telechargement'),
		impression: nullableBoolean(body, 'impression'),
		domaine: domainField(body),
		adresse: slugField(body, 'adresse'),
		pages: integerField(body, 'pages', 1, ISSUE_PAGES_MAX),
		nom_fichier: stringField(body, 'nom_fichier'),
		couverture_sha256: sha256Field(body, 'couverture_sha256', false),
		couverture_taille: integerField(body, 'couverture_taille', 1),
		remplace: stringField(body, 'remplace'),
		publier_le: dateTimeField(body, 'publier_le'),
	};
	if (fields.publication !== undefined && fields.nouvelle_publication !== undefined) {
		throw invalidField(
			'nouvelle_publication',
			'give either publication or nouvelle_publication, not both',
		);
	}
	if (
		fields.nom_fichier !== undefined &&
		(fields.nom_fichier.trim() === '' ||
			[...fields.nom_fichier].length > FILE_NAME_MAX_CHARS ||
			/[\u0000-\u001f\u007f]/.test(fields.nom_fichier))
	) {
		throw invalidField(
			'nom_fichier',
			`a file name of 1 to ${FILE_NAME_MAX_CHARS} characters without control characters`,
		);
	}
	if (fields.couverture_sha256 !== undefined && fields.couverture_taille === undefined)
		throw missingField('couverture_taille');
	if (fields.couverture_taille !== undefined && fields.couverture_sha256 === undefined)
		throw missingField('couverture_sha256');
	if (fields.remplace !== undefined) {
		checkIssueId('remplace', fields.remplace);
		if (fields.publier_le !== undefined)
			throw invalidField(
				'publier_le',
				'cannot be combined with remplace; use PATCH /numeros to reschedule',
			);
	}
	return fields;
}

type Fields = ReturnType<typeof parse>;

function checkUploaded(
	account: Account,
	field: string,
	sizeField: string,
	sha256: string,
	taille: number,
): void {
	const file = account.files.get(sha256);
	if (!file) {
		throw new ApiError(
			400,
			'upload_missing',
			`${field}: no file with this SHA-256 was uploaded; request an address with POST /televersements and PUT the file first`,
		);
	}
	if (file.taille !== taille)
		throw invalidField(sizeField, `the uploaded file has ${file.taille} bytes, not ${taille}`);
	if (taille > account.plan.maxFileBytes) {
		throw new ApiError(
			413,
			'file_too_large',
			`${sizeField}: ${taille} bytes is over the plan's maximum file size of ${account.plan.maxFileBytes} bytes`,
		);
	}
}

function coverState(app: SandboxApp, issue: Issue, coverSha256: string | undefined): CoverState {
	if (coverSha256 !== undefined) {
		issue.coverSha256 = coverSha256;
		issue.coverReadyAt = null;
		return 'prete';
	}
	if (issue.coverSha256 !== null) return 'prete';
	issue.coverReadyAt = app.clock.now() + COVER_RENDER_SECONDS * 1000;
	return 'en_preparation';
}

function applyCommonFields(issue: Issue, fields: Fields): void {
	issue.titre = fields.titre;
	issue.sha256 = fields.sha256;
	issue.taille = fields.taille;
	if (fields.parution !== undefined) issue.date = `${fields.parution}-01`;
	if (fields.acces !== undefined) issue.acces = fields.acces;
	if (fields.lien_achat !== undefined) issue.lienAchat = fields.lien_achat;
	if (fields.telechargement !== undefined) issue.telechargement = fields.telechargement;
	if (fields.impression !== undefined) issue.impression = fields.impression;
	if (fields.pages !== undefined) issue.pages = fields.pages;
	if (fields.nom_fichier !== undefined) issue.nomFichier = fields.nom_fichier;
}

function replace(app: SandboxApp, account: Account, fields: Fields, id: string) {
	const issue = app.store.issueFor(account.name, id);
	if (!issue) throw notFound(id);
	if (issue.formerReader) throw notEditable(id);
	if (fields.domaine !== undefined && fields.domaine !== issue.domaine)
		throw invalidField('domaine', "a replacement keeps the issue's domain");
	if (fields.adresse !== undefined && fields.adresse !== issue.adresse)
		throw invalidField('adresse', "a replacement keeps the issue's address");
	checkUploaded(account, 'sha256', 'taille', fields.sha256, fields.taille);
	if (fields.couverture_sha256 !== undefined) {
		checkUploaded(
			account,
			'couverture_sha256',
			'couverture_taille',
			fields.couverture_sha256,
			fields.couverture_taille as number,
		);
	}
	if (fields.publication !== undefined)
		issue.publicationCode = findPeriodical(account, 'publication', fields.publication).code;
	if (fields.nouvelle_publication !== undefined)
		issue.publicationCode = periodicalNamed(account, fields.nouvelle_publication).code;
	applyCommonFields(issue, fields);
	const couverture = coverState(app, issue, fields.couverture_sha256);
	app.events.emit(account.name, 'numero.remplace', issue);
	return { status: 200, body: { numero: numeroView(app, issue), couverture } };
}

export function notEditable(id: string): ApiError {
	return new ApiError(
		409,
		'not_editable',
		`${id} belongs to the former reader and cannot be modified through the API; edit it in the publisher's space`,
	);
}

function create(app: SandboxApp, account: Account, fields: Fields) {
	if (fields.publication === undefined && fields.nouvelle_publication === undefined) {
		throw new ApiError(
			400,
			'missing_field',
			'publication: give the code of an existing periodical (publication) or the name of a new one (nouvelle_publication)',
		);
	}
	const now = app.clock.now();
	if (fields.publier_le !== undefined) checkScheduleWindow('publier_le', fields.publier_le, now);
	const periodicalCode =
		fields.publication !== undefined
			? findPeriodical(account, 'publication', fields.publication).code
			: undefined;
	checkUploaded(account, 'sha256', 'taille', fields.sha256, fields.taille);
	if (fields.couverture_sha256 !== undefined) {
		checkUploaded(
			account,
			'couverture_sha256',
			'couverture_taille',
			fields.couverture_sha256,
			fields.couverture_taille as number,
		);
	}
	const limit = account.plan.maxIssues;
	if (limit !== null && app.store.issuesOf(account.name).length >= limit) {
		throw new ApiError(
			402,
			'plan_limit',
			`The plan allows ${limit} issues and all are used; upgrade the plan or delete issues in the publisher's space`,
		);
	}
	const domaine: ServiceDomain = fields.domaine ?? SERVICE_DOMAINS[0];
	const code =
		periodicalCode ?? periodicalNamed(account, fields.nouvelle_publication as string).code;
	const adresse = issueAddress(app.store, domaine, fields.adresse, code, fields.titre);
	const scheduled = fields.publier_le !== undefined;
	const issue: Issue = {
		id: `${domaine}:${adresse}`,
		account: account.name,
		domaine,
		adresse,
		titre: fields.titre,
		publicationCode: code,
		date: new Date(now).toISOString().slice(0, 10),
		pages: null,
		acces: 'abonnes',
		lienAchat: null,
		telechargement: null,
		impression: null,
		nomFichier: null,
		sha256: fields.sha256,
		taille: fields.taille,
		coverSha256: null,
		coverReadyAt: null,
		statut: scheduled ? 'programme' : 'en_ligne',
		publierLe: scheduled ? new Date(fields.publier_le as number).toISOString() : null,
		publishedOnce: !scheduled,
		formerReader: false,
		createdAt: now,
		seq: app.store.nextSeq(),
	};
	applyCommonFields(issue, fields);
	const couverture = coverState(app, issue, fields.couverture_sha256);
	app.store.issues.set(issue.id, issue);
	if (!scheduled) app.events.emit(account.name, 'numero.publie', issue);
	return { status: 201, body: { numero: numeroView(app, issue), couverture } };
}

export const createIssueRoute: Route = {
	method: 'POST',
	path: '/numeros',
	permission: 'publication',
	idempotent: true,
	needsActiveSubscription: true,
	handle({ app, key, query, body }) {
		noQuery(query, []);
		const fields = parse(body);
		const account = app.store.account(key.account);
		return fields.remplace !== undefined
			? replace(app, account, fields, fields.remplace)
			: create(app, account, fields);
	},
};
