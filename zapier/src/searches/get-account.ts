import { defineSearch } from 'zapier-platform-core';
import type { Compte } from '../../../shared';
import { numeroClient } from '../numero-client';
import { withZapierErrors } from '../zapier-errors';

export const ACCOUNT_SAMPLE = {
	formule: 'pro',
	statut: 'actif',
	echeance: '2027-01-31',
	limites: {
		numeros: 100,
		taille_fichier_octets: 524_288_000,
		appels_par_minute: 300,
		webhooks: 5,
	},
	utilisation: { numeros: 12, stockage_octets: 123_456_789, liens_30_jours: 3400 },
} satisfies Compte;

export const getAccount = defineSearch({
	key: 'getAccount',
	noun: 'Account',
	display: {
		label: 'Get Account',
		description: "Finds your numero account's plan, status, renewal date, limits and usage.",
	},
	operation: {
		perform: withZapierErrors({}, async (z, bundle) => [
			(await numeroClient(z, bundle).getAccount()).compte,
		]),
		sample: ACCOUNT_SAMPLE,
		outputFields: [
			{ key: 'formule', label: 'Plan', type: 'string' },
			{ key: 'statut', label: 'Account Status', type: 'string' },
			{ key: 'echeance', label: 'Renewal Date', type: 'string' },
			{ key: 'limites__numeros', label: 'Issue Limit (Empty if Unlimited)', type: 'integer' },
			{
				key: 'limites__taille_fichier_octets',
				label: 'Maximum File Size (Bytes)',
				type: 'integer',
			},
			{ key: 'limites__appels_par_minute', label: 'API Calls per Minute', type: 'integer' },
			{ key: 'limites__webhooks', label: 'Webhook Endpoint Limit', type: 'integer' },
			{ key: 'utilisation__numeros', label: 'Issues Used', type: 'integer' },
			{ key: 'utilisation__stockage_octets', label: 'Storage Used (Bytes)', type: 'integer' },
			{
				key: 'utilisation__liens_30_jours',
				label: 'Reading Links in the Last 30 Days',
				type: 'integer',
			},
		],
	},
});
