/** The data a new sandbox starts with (documented in sandbox/README.md). */
import { createHash, randomBytes } from 'node:crypto';
import type { SandboxApp } from './app';
import { samplePdf } from './reader/sample-files';
import type {
	Account,
	AccountName,
	ApiKey,
	Issue,
	KeyName,
	Periodical,
	Plan,
	SandboxKeys,
} from './store';

const DAY_MS = 24 * 3600 * 1000;

export function defaultKeys(): SandboxKeys {
	const make = (name: string): string => `nmr_sandbox_${name}_${randomBytes(12).toString('hex')}`;
	return {
		full: make('full'),
		lecture: make('lecture'),
		liens: make('liens'),
		publication: make('publication'),
		revoked: make('revoked'),
		otherAccount: make('other'),
	};
}

const KEY_SPECS: Record<KeyName, Pick<ApiKey, 'account' | 'permissions' | 'revoked'>> = {
	full: { account: 'main', permissions: ['lecture', 'liens', 'publication'], revoked: false },
	lecture: { account: 'main', permissions: ['lecture'], revoked: false },
	liens: { account: 'main', permissions: ['liens'], revoked: false },
	publication: { account: 'main', permissions: ['publication'], revoked: false },
	revoked: { account: 'main', permissions: ['lecture', 'liens', 'publication'], revoked: true },
	otherAccount: {
		account: 'other',
		permissions: ['lecture', 'liens', 'publication'],
		revoked: false,
	},
};

interface SeedIssue {
	account: AccountName;
	id: string;
	titre: string;
	publication: string;
	date: string;
	pages: number;
	acces?: 'abonnes' | 'libre';
	statut?: 'en_ligne' | 'programme' | 'retire';
	publishInDays?: number;
	formerReader?: boolean;
	lienAchat?: string;
}

const SEED_ISSUES: SeedIssue[] = [
	{
		account: 'main',
		id: 'numero.press:gazette-2019-03',
		titre: 'La Gazette du Port, mars 2019',
		publication: 'gazette',
		date: '2019-03-01',
		pages: 12,
		formerReader: true,
	},
	{
		account: 'main',
		id: 'numero.press:gazette-2026-09',
		titre: 'La Gazette du Port, septembre 2026',
		publication: 'gazette',
		date: '2026-09-01',
		pages: 16,
	},
	{
		account: 'main',
		id: 'kiosque.press:revue-arts-ete-2026',
		titre: 'Revue des Arts, été 2026',
		publication: 'revue-arts',
		date: '2026-06-01',
		pages: 48,
		acces: 'libre',
	},
	{
		account: 'main',
		id: 'numero.press:gazette-2026-10',
		titre: 'La Gazette du Port, octobre 2026',
		publication: 'gazette',
		date: '2026-10-01',
		pages: 16,
		lienAchat: 'https://gazette-du-port.example/boutique/2026-10',
	},
	{
		account: 'main',
		id: 'numero.press:gazette-2026-11',
		titre: 'La Gazette du Port, novembre 2026',
		publication: 'gazette',
		date: '2026-11-01',
		pages: 16,
		statut: 'programme',
		publishInDays: 7,
	},
	{
		account: 'other',
		id: 'numero.press:bulletin-quartier-2026-10',
		titre: 'Le Bulletin du Quartier, octobre 2026',
		publication: 'bulletin-quartier',
		date: '2026-10-01',
		pages: 4,
	},
];

function plan(
	formule: Plan['formule'],
	maxIssues: number | null,
	maxFileBytes: number,
	now: number,
): Plan {
	return {
		formule,
		statut: 'actif',
		maxIssues,
		maxFileBytes,
		echeance: new Date(now + 365 * DAY_MS).toISOString().slice(0, 10),
	};
}

function account(name: AccountName, accountPlan: Plan, periodicals: Periodical[]): Account {
	return {
		name,
		plan: accountPlan,
		defaultLinkDays: 30,
		referenceSecret: randomBytes(32).toString('hex'),
		periodicals,
		files: new Map(),
	};
}

export async function seed(app: SandboxApp, keys: SandboxKeys): Promise<void> {
	const { store, clock } = app;
	const now = clock.now();
	store.accounts.set(
		'main',
		account('main', plan('pro', 100, 500 * 1024 * 1024, now), [
			{ code: 'gazette', nom: 'La Gazette du Port', telechargement: true, impression: true },
			{ code: 'revue-arts', nom: 'Revue des Arts', telechargement: false, impression: false },
		]),
	);
	store.accounts.set(
		'other',
		account('other', plan('essentiel', 10, 100 * 1024 * 1024, now), [
			{
				code: 'bulletin-quartier',
				nom: 'Le Bulletin du Quartier',
				telechargement: true,
				impression: true,
			},
		]),
	);
	for (const [name, secret] of Object.entries(keys) as Array<[KeyName, string]>) {
		store.keys.set(secret, { name, secret, ...KEY_SPECS[name] });
	}
	for (const [index, spec] of SEED_ISSUES.entries()) {
		const pdf = samplePdf(spec.titre, Math.min(spec.pages, 4));
		const sha256 = createHash('sha256').update(pdf).digest('hex');
		const path = await app.files.writeWhole(spec.account, sha256, pdf);
		store
			.account(spec.account)
			.files.set(sha256, { sha256, taille: pdf.length, type: 'pdf', path, storedAt: now });
		const [domaine, adresse] = spec.id.split(':') as [Issue['domaine'], string];
		const statut = spec.statut ?? 'en_ligne';
		const issue: Issue = {
			id: spec.id,
			account: spec.account,
			domaine,
			adresse,
			titre: spec.titre,
			publicationCode: spec.publication,
			date: spec.date,
			pages: spec.pages,
			acces: spec.acces ?? 'abonnes',
			lienAchat: spec.lienAchat ?? null,
			telechargement: null,
			impression: null,
			nomFichier: `${adresse}.pdf`,
			sha256,
			taille: pdf.length,
			coverSha256: null,
			coverReadyAt: null,
			statut,
			publierLe: spec.publishInDays
				? new Date(now + spec.publishInDays * DAY_MS).toISOString()
				: null,
			publishedOnce: statut !== 'programme',
			formerReader: spec.formerReader ?? false,
			createdAt: now - (SEED_ISSUES.length - index) * DAY_MS,
			seq: store.nextSeq(),
		};
		store.issues.set(issue.id, issue);
	}
	// A few past reads of September, so statistics have something to show.
	const sources = ['direct', 'gazette-du-port.example', 'direct', 'newsletter.example'];
	for (let i = 0; i < 12; i += 1) {
		store.reads.push({
			issueId: 'numero.press:gazette-2026-09',
			at: now - (1 + (i % 5)) * DAY_MS,
			source: sources[i % sources.length],
		});
	}
}
