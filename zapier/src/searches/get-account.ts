import { defineInputFields, defineSearch } from 'zapier-platform-core';
import { NumeroValidationError, type Compte } from '../../../shared';
import { optionalInteger } from '../input-values';
import { numeroClient } from '../numero-client';
import { labelsOf, withZapierErrors } from '../zapier-errors';

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

/** What Find Account returns: the account, and how many issues the plan still allows (null when unlimited). */
export type AccountOutput = Compte & { numeros_restants: number | null };

function withRemaining<C extends Compte>(compte: C): C & { numeros_restants: number | null } {
	const { numeros } = compte.limites;
	return {
		...compte,
		numeros_restants: numeros === null ? null : Math.max(0, numeros - compte.utilisation.numeros),
	};
}

/**
 * Zapier wants a field to search by in every search (D009). The account is the connection's own, so
 * the field is a condition on it: the account is found only if the plan still allows that many issues,
 * and a Zap can stop ("nothing found") before publishing into a full plan.
 */
const inputFields = defineInputFields([
	{
		key: 'numeros_restants_min',
		label: 'Issues Still Allowed (At Least)',
		type: 'integer',
		required: false,
		helpText:
			'Find the account only if its plan still allows at least this many new issues (an unlimited plan always does). Leave empty to always find it.',
	},
]);

export const getAccount = defineSearch({
	key: 'getAccount',
	noun: 'Account',
	display: {
		label: 'Find Account',
		description:
			"Finds your numero account's plan, status, renewal date, limits and usage (optionally only if the plan still allows enough issues).",
	},
	operation: {
		inputFields,
		perform: withZapierErrors(
			labelsOf(inputFields),
			async (z, bundle): Promise<AccountOutput[]> => {
				const minimum = optionalInteger(bundle.inputData.numeros_restants_min) as
					| number
					| undefined;
				if (minimum !== undefined && (!Number.isInteger(minimum) || minimum < 0)) {
					throw new NumeroValidationError(
						'numeros_restants_min',
						'range',
						`Field "numeros_restants_min" must be an integer of 0 or more (rule: range); got ${JSON.stringify(minimum)}.`,
						(name) =>
							`${name('numeros_restants_min')} must be a whole number of 0 or more; got ${JSON.stringify(minimum)}.`,
					);
				}
				const account = withRemaining((await numeroClient(z, bundle).getAccount()).compte);
				if (
					minimum !== undefined &&
					account.numeros_restants !== null &&
					account.numeros_restants < minimum
				)
					return [];
				return [account];
			},
		),
		sample: withRemaining(ACCOUNT_SAMPLE),
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
			{
				key: 'numeros_restants',
				label: 'Issues Still Allowed (Empty if Unlimited)',
				type: 'integer',
			},
		],
	},
});
