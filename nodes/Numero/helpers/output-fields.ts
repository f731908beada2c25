import type { NodeHint } from 'n8n-workflow';

/**
 * The output keys are numero's documented French names (what expressions and the API reference use);
 * each operation's output panel shows, after a run, what each key means in English (docs/n8n-node.md,
 * "Output fields").
 */
const ISSUE = {
	id: 'issue ID',
	titre: 'title',
	publication: 'periodical (code, nom: name)',
	date: 'release date',
	pages: 'page count',
	acces: 'access: abonnes (subscribers) or libre (free)',
	page_publique: 'public page URL',
	lecture_libre: 'free reading URL',
	couverture: 'cover image URL',
	statut: 'status: en_ligne (online), programme (scheduled), retire (withdrawn)',
	publier_le: 'scheduled release',
};

const PUBLISHED = {
	numero: 'the issue',
	couverture: 'cover: prete (ready) or en_preparation (page 1 being rendered)',
	pdf: 'the PDF sent (sha256, taille: size in bytes, deja_present: already stored, not sent again)',
	cover: 'the cover sent (same fields)',
	idempotencyKey: 'the key that makes a re-run return this issue',
	replayed: 'true when an earlier run had already published it',
	requestId: 'numero request ID',
};

export const OUTPUT_FIELDS: Record<string, Record<string, string>> = {
	'link.create': {
		url: 'reader link for the subscriber',
		expire_le: 'expiry',
		iframe: 'HTML to embed the reader',
	},
	'link.revoke': { reference: 'subscriber reference', revoque_le: 'revoked at' },
	'issue.get': ISSUE,
	'issue.getMany': ISSUE,
	'issue.update': ISSUE,
	'issue.publish': PUBLISHED,
	'issue.replacePdf': PUBLISHED,
	'statistics.get': {
		id: 'issue ID',
		depuis: 'start of the window',
		lectures: 'reads in the window',
		lectures_depuis_publication: 'reads since publication',
		par_jour: 'reads per day (jour: day, lectures: reads)',
		temps_moyen_secondes: 'average reading time, seconds',
		lu_jusqu_a_la_fin: 'share read to the end (0 to 1)',
		sources: 'reads per source (source, lectures: reads)',
	},
	'account.get': {
		formule: 'plan',
		statut: 'account status',
		echeance: 'renewal date',
		limites: 'plan limits',
		utilisation: 'usage',
	},
};

/** One hint per operation in the output panel: each key with its meaning. */
export function outputFieldHints(): NodeHint[] {
	return Object.entries(OUTPUT_FIELDS).map(([key, fields]) => {
		const [resource, operation] = key.split('.');
		return {
			message: `Output fields (numero's names): ${Object.entries(fields)
				.map(([name, meaning]) => `<b>${name}</b> ${meaning}`)
				.join(' · ')}`,
			type: 'info',
			location: 'outputPane',
			whenToDisplay: 'afterExecution',
			displayCondition: `={{ $parameter["resource"] === "${resource}" && $parameter["operation"] === "${operation}" }}`,
		};
	});
}
