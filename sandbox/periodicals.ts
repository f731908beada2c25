/** Resolving and creating periodicals, and making issue addresses. */
import { PERIODICAL_MAX_CHARS } from '../shared/api-limits';
import { ApiError, invalidField } from './server/api-error';
import type { Account, Periodical, Store } from './store';

export function slugify(text: string, maxLength = 100): string {
	const slug = text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, maxLength)
		.replace(/-+$/g, '');
	return slug === '' ? 'numero' : slug;
}

export function findPeriodical(account: Account, field: string, code: string): Periodical {
	const periodical = account.periodicals.find((candidate) => candidate.code === code);
	if (!periodical) {
		throw invalidField(
			field,
			`no periodical with code ${JSON.stringify(code)} in this account (codes: ${account.periodicals.map((p) => p.code).join(', ')})`,
		);
	}
	return periodical;
}

/** The periodical of that name (case and accents aside), or a new one with a code made from it. */
export function periodicalNamed(account: Account, name: string): Periodical {
	const trimmed = name.trim();
	if (trimmed === '' || [...trimmed].length > PERIODICAL_MAX_CHARS) {
		throw invalidField(
			'nouvelle_publication',
			`must be a name of 1 to ${PERIODICAL_MAX_CHARS} characters`,
		);
	}
	const existing = account.periodicals.find((p) => p.nom.toLowerCase() === trimmed.toLowerCase());
	if (existing) return existing;
	const base = slugify(trimmed, 90);
	let code = base;
	for (let n = 2; account.periodicals.some((p) => p.code === code); n += 1) code = `${base}-${n}`;
	const periodical: Periodical = { code, nom: trimmed, telechargement: false, impression: true };
	account.periodicals.push(periodical);
	return periodical;
}

/** An explicit address must be free on its domain; a made one gets -2, -3, … until it is. */
export function issueAddress(
	store: Store,
	domaine: string,
	explicit: string | undefined,
	periodicalCode: string,
	titre: string,
): string {
	if (explicit !== undefined) {
		if (store.addressTaken(domaine, explicit)) {
			throw new ApiError(
				409,
				'address_taken',
				`adresse: ${domaine}/${explicit} is already taken; choose another adresse`,
			);
		}
		return explicit;
	}
	const base = slugify(`${periodicalCode}-${titre}`, 94);
	let adresse = base;
	for (let n = 2; store.addressTaken(domaine, adresse); n += 1) adresse = `${base}-${n}`;
	return adresse;
}
