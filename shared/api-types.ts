/**
 * The numero API's own shapes, with the reference's field names (numero-api.md).
 * Where the reference says "not shown", the choice made here is documented in docs/api-choices.md
 * and implemented identically by the sandbox.
 */
import type { FieldsOf } from './field-rules';
import type {
	ACCES,
	CREATE_ISSUE_FIELDS,
	LINK_FIELDS,
	LIST_ISSUES_FIELDS,
	REVOKE_FIELDS,
	STATISTICS_FIELDS,
	UPDATE_ISSUE_FIELDS,
	UPLOAD_FIELDS,
	UPLOAD_TYPES,
} from './validate-inputs';

/** The two service domains an issue can live on. The first is the default. */
export const SERVICE_DOMAINS = ['numero.press', 'kiosque.press'] as const;
export type ServiceDomain = (typeof SERVICE_DOMAINS)[number];

export type Acces = (typeof ACCES)[number];
export type StatutNumero = 'en_ligne' | 'programme' | 'retire';

/** Lien (reading link), returned by POST /liens. */
export interface Lien {
	url: string;
	expire_le: string;
	iframe: string;
}

/** POST /liens. The inputs' fields and types are read from the endpoints' tables (validate-inputs.ts). */
export type CreateLinkInput = FieldsOf<typeof LINK_FIELDS>;

export type RevokeInput = FieldsOf<typeof REVOKE_FIELDS>;

export interface Revocation {
	reference: string;
	revoque_le: string;
}

export interface PublicationRef {
	code: string;
	nom: string;
}

/** Numero (issue). statut and publier_le are present on GET /numeros, POST and PATCH responses. */
export interface Numero {
	id: string;
	titre: string;
	publication: PublicationRef;
	date: string | null;
	pages: number | null;
	acces: Acces;
	page_publique: string;
	lecture_libre: string | null;
	couverture: string | null;
	statut?: StatutNumero;
	publier_le?: string | null;
}

export type ListIssuesInput = FieldsOf<typeof LIST_ISSUES_FIELDS>;

export interface IssueList {
	publications: Numero[];
}

export interface IssueEnvelope {
	numero: Numero;
}

export type UploadType = (typeof UPLOAD_TYPES)[number];

export type RequestUploadInput = FieldsOf<typeof UPLOAD_FIELDS>;

/** Response of POST /televersements (201 to send, 200 when deja_present). */
export interface Televersement {
	deja_present: boolean;
	sha256: string;
	methode: 'PUT';
	url: string;
	en_tetes: Record<string, string>;
	expire_dans: number;
}

/** Body of POST /numeros. */
export type CreateIssueInput = FieldsOf<typeof CREATE_ISSUE_FIELDS>;

export type CoverState = 'prete' | 'en_preparation';

export interface CreatedIssue {
	numero: Numero;
	couverture: CoverState;
}

/** Body of PATCH /numeros?id=… */
export type UpdateIssueInput = FieldsOf<typeof UPDATE_ISSUE_FIELDS>;

/** depuis: YYYY-MM-DD; default 30 days back. */
export type StatisticsInput = FieldsOf<typeof STATISTICS_FIELDS>;

export interface Statistiques {
	id: string;
	depuis: string;
	lectures: number;
	lectures_depuis_publication: number;
	par_jour: Array<{ jour: string; lectures: number }>;
	temps_moyen_secondes: number | null;
	lu_jusqu_a_la_fin: number | null;
	sources: Array<{ source: string; lectures: number }>;
}

/** GET /compte. The field names inside are our choice (docs/api-choices.md). */
export interface Compte {
	formule: string;
	statut: string;
	echeance: string | null;
	limites: {
		numeros: number | null;
		taille_fichier_octets: number;
		appels_par_minute: number;
		webhooks: number;
	};
	utilisation: {
		numeros: number;
		stockage_octets: number;
		liens_30_jours: number;
	};
}

export interface AccountEnvelope {
	compte: Compte;
}

export interface ApiErrorBody {
	error: { code: string; message: string };
}

/** donnees of every issue event (the numero.publie shape of the reference, plus statut). */
export interface IssueEventData {
	id: string;
	titre: string;
	publication: PublicationRef;
	date: string | null;
	pages: number | null;
	page_publique: string;
	statut: StatutNumero;
}

export interface WebhookEvent<T = IssueEventData | Record<string, unknown>> {
	id: string;
	type: string;
	cree_le: string;
	donnees: T;
}

/** The signature header as it travels over HTTP. */
export const SIGNATURE_HEADER = 'Service-Signature';
