/**
 * The numero API's own shapes, with the reference's field names (numero-api.md).
 * Where the reference says "not shown", the choice made here is documented in docs/api-choices.md
 * and implemented identically by the sandbox.
 */

/** The two service domains an issue can live on. The first is the default. */
export const SERVICE_DOMAINS = ['numero.press', 'kiosque.press'] as const;
export type ServiceDomain = (typeof SERVICE_DOMAINS)[number];

export type Acces = 'abonnes' | 'libre';
export type StatutNumero = 'en_ligne' | 'programme' | 'retire';

/** Lien (reading link), returned by POST /liens. */
export interface Lien {
	url: string;
	expire_le: string;
	iframe: string;
}

export interface CreateLinkInput {
	id: string;
	jours?: number;
	page?: number;
	reference?: string;
}

export interface RevokeInput {
	reference: string;
}

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

export interface ListIssuesInput {
	publication?: string;
	limite?: number;
}

export interface IssueList {
	publications: Numero[];
}

export interface IssueEnvelope {
	numero: Numero;
}

export type UploadType = 'pdf' | 'couverture';

export interface RequestUploadInput {
	type?: UploadType;
	sha256: string;
	taille: number;
	domaine?: ServiceDomain;
}

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
export interface CreateIssueInput {
	sha256: string;
	taille: number;
	titre: string;
	publication?: string;
	nouvelle_publication?: string;
	parution?: string;
	acces?: Acces;
	lien_achat?: string;
	telechargement?: boolean | null;
	impression?: boolean | null;
	domaine?: ServiceDomain;
	adresse?: string;
	pages?: number;
	nom_fichier?: string;
	couverture_sha256?: string;
	couverture_taille?: number;
	remplace?: string;
	publier_le?: string;
}

export type CoverState = 'prete' | 'en_preparation';

export interface CreatedIssue {
	numero: Numero;
	couverture: CoverState;
}

/** Body of PATCH /numeros?id=… */
export interface UpdateIssueInput {
	titre?: string;
	acces?: Acces;
	lien_achat?: string | null;
	en_ligne?: boolean;
	telechargement?: boolean | null;
	impression?: boolean | null;
	publication?: string | null;
	publier_le?: string;
}

export interface StatisticsInput {
	id: string;
	/** YYYY-MM-DD; default 30 days back. */
	depuis?: string;
}

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

/** The four issue events, in one list (DESIGN.md). */
export const EVENT_TYPES = [
	'numero.publie',
	'numero.remplace',
	'numero.retire',
	'numero.remis_en_ligne',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** The type of the event sent by the integrations area's test button (our choice). */
export const TEST_EVENT_TYPE = 'numero.test';

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
