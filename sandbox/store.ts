/** The sandbox's in-memory state. Uploaded files live on disk (see uploads/file-store.ts). */
import type { Acces, ServiceDomain, StatutNumero } from '../shared/api-types';

export type AccountName = 'main' | 'other';
export type Permission = 'lecture' | 'liens' | 'publication';
export const PERMISSIONS: readonly Permission[] = ['lecture', 'liens', 'publication'];

export type KeyName = 'full' | 'lecture' | 'liens' | 'publication' | 'revoked' | 'otherAccount';
export type SandboxKeys = Record<KeyName, string>;

export interface ApiKey {
	name: KeyName;
	secret: string;
	account: AccountName;
	permissions: Permission[];
	revoked: boolean;
}

export type Formule = 'essentiel' | 'pro' | 'entreprise';
export type StatutCompte = 'actif' | 'suspendu' | 'resilie';

export interface Plan {
	formule: Formule;
	statut: StatutCompte;
	/** null: unlimited. */
	maxIssues: number | null;
	maxFileBytes: number;
	echeance: string | null;
}

export interface Periodical {
	code: string;
	nom: string;
	/** The periodical's rules, applied when an issue leaves telechargement/impression null. */
	telechargement: boolean;
	impression: boolean;
}

export interface Issue {
	id: string;
	account: AccountName;
	domaine: ServiceDomain;
	adresse: string;
	titre: string;
	publicationCode: string;
	date: string | null;
	pages: number | null;
	acces: Acces;
	lienAchat: string | null;
	telechargement: boolean | null;
	impression: boolean | null;
	nomFichier: string | null;
	sha256: string;
	taille: number;
	coverSha256: string | null;
	/** Sandbox time (ms) at which the rendered cover is ready; null when a cover was uploaded or is ready. */
	coverReadyAt: number | null;
	statut: StatutNumero;
	publierLe: string | null;
	/** True once the issue has been online at least once (decides numero.publie vs remis_en_ligne). */
	publishedOnce: boolean;
	/** Issues of the former reader cannot be modified through the API. */
	formerReader: boolean;
	createdAt: number;
	seq: number;
}

export interface Link {
	id: string;
	account: AccountName;
	issueId: string;
	page: number | null;
	/** HMAC-SHA256 fingerprint of the subscriber reference; the reference itself is never stored. */
	fingerprint: string | null;
	createdAt: number;
	expiresAt: number;
	seq: number;
}

export interface Revocation {
	account: AccountName;
	fingerprint: string;
	revokedAt: number;
	seq: number;
}

export interface Read {
	issueId: string;
	at: number;
	source: string;
}

export interface StoredFile {
	sha256: string;
	taille: number;
	type: 'pdf' | 'couverture';
	path: string;
	storedAt: number;
}

export interface UploadRequest {
	id: string;
	account: AccountName;
	type: 'pdf' | 'couverture';
	sha256: string;
	taille: number;
	domaine: ServiceDomain;
	expiresAt: number;
	createdAt: number;
}

export interface Account {
	name: AccountName;
	plan: Plan;
	/** Default link validity in days when POST /liens gives no jours. */
	defaultLinkDays: number;
	/** Secret used to fingerprint subscriber references. */
	referenceSecret: string;
	periodicals: Periodical[];
	files: Map<string, StoredFile>;
}

export class Store {
	readonly accounts = new Map<AccountName, Account>();
	readonly keys = new Map<string, ApiKey>();
	readonly issues = new Map<string, Issue>();
	readonly links = new Map<string, Link>();
	readonly revocations: Revocation[] = [];
	readonly reads: Read[] = [];
	readonly uploads = new Map<string, UploadRequest>();
	private seq = 0;

	nextSeq(): number {
		this.seq += 1;
		return this.seq;
	}

	account(name: AccountName): Account {
		const account = this.accounts.get(name);
		if (!account) throw new Error(`unknown account ${name}`);
		return account;
	}

	issuesOf(account: AccountName): Issue[] {
		return [...this.issues.values()].filter((issue) => issue.account === account);
	}

	/** The issue with that id if it belongs to the account (others' issues do not exist for it). */
	issueFor(account: AccountName, id: string): Issue | undefined {
		const issue = this.issues.get(id);
		return issue && issue.account === account ? issue : undefined;
	}

	/** True when an address is used on a domain, whatever the account (addresses are public). */
	addressTaken(domaine: string, adresse: string): boolean {
		return this.issues.has(`${domaine}:${adresse}`);
	}

	linkIsRevoked(link: Link): boolean {
		if (!link.fingerprint) return false;
		return this.revocations.some(
			(rev) =>
				rev.account === link.account && rev.fingerprint === link.fingerprint && rev.seq > link.seq,
		);
	}
}
