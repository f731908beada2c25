import { WEBHOOK_ENDPOINTS_MAX } from '../../shared/api-limits';
import { noQuery } from '../validation';
import type { Route } from './route';

const DAY_MS = 24 * 3600 * 1000;

export const getAccountRoute: Route = {
	method: 'GET',
	path: '/compte',
	permission: 'lecture',
	handle({ app, key, query }) {
		noQuery(query, []);
		const account = app.store.account(key.account);
		const since = app.clock.now() - 30 * DAY_MS;
		let storage = 0;
		for (const file of account.files.values()) storage += file.taille;
		return {
			status: 200,
			body: {
				compte: {
					formule: account.plan.formule,
					statut: account.plan.statut,
					echeance: account.plan.echeance,
					limites: {
						numeros: account.plan.maxIssues,
						taille_fichier_octets: account.plan.maxFileBytes,
						appels_par_minute: app.rateLimitPerMinute(),
						webhooks: WEBHOOK_ENDPOINTS_MAX,
					},
					utilisation: {
						numeros: app.store.issuesOf(key.account).length,
						stockage_octets: storage,
						liens_30_jours: [...app.store.links.values()].filter(
							(link) => link.account === key.account && link.createdAt >= since,
						).length,
					},
				},
			},
		};
	},
};
