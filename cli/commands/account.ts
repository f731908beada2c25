import type { CommandSpec } from '../args';
import { API_ENV, API_OPTIONS, apiClient } from '../api-client';
import type { Command, CommandContext } from '../command';
import { EXIT } from '../exit-codes';
import { bytes, fields } from '../human-format';

const spec: CommandSpec = {
	name: 'account',
	summary: "Show the account's plan, status, limits and usage (permission lecture).",
	positionals: [],
	options: { ...API_OPTIONS },
	env: API_ENV,
	examples: ['numero account', 'numero account --json | jq .compte.utilisation'],
};

async function run(context: CommandContext): Promise<number> {
	const { compte } = await apiClient(context).getAccount();
	context.output.result({ compte }, () =>
		fields([
			['Plan', compte.formule],
			['Status', compte.statut],
			['Renews on', compte.echeance],
			['Issues', `${compte.utilisation.numeros} of ${compte.limites.numeros ?? 'unlimited'}`],
			['Storage used', bytes(compte.utilisation.stockage_octets)],
			['Max file size', bytes(compte.limites.taille_fichier_octets)],
			['Links (30 days)', compte.utilisation.liens_30_jours],
			['Calls per minute', compte.limites.appels_par_minute],
			['Webhook endpoints', compte.limites.webhooks],
		]),
	);
	return EXIT.ok;
}

export const accountCommand: Command = { spec, run };
