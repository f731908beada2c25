/** The API's view of an issue (Numero) and of an issue event's donnees. */
import type { IssueEventData, Numero } from '../shared/api-types';
import type { SandboxApp } from './app';
import type { Issue } from './store';

export function publicPageUrl(app: SandboxApp, issue: Issue): string {
	return `${app.urls.origin}/pages/${issue.domaine}/${issue.adresse}`;
}

export function coverUrl(app: SandboxApp, issue: Issue): string | null {
	if (issue.coverReadyAt !== null) return null;
	return `${app.urls.origin}/couvertures/${issue.domaine}/${issue.adresse}.jpg`;
}

export function periodicalOf(app: SandboxApp, issue: Issue): { code: string; nom: string } {
	const periodical = app.store
		.account(issue.account)
		.periodicals.find((p) => p.code === issue.publicationCode);
	return { code: issue.publicationCode, nom: periodical?.nom ?? issue.publicationCode };
}

export function numeroView(app: SandboxApp, issue: Issue): Numero {
	return {
		id: issue.id,
		titre: issue.titre,
		publication: periodicalOf(app, issue),
		date: issue.date,
		pages: issue.pages,
		acces: issue.acces,
		page_publique: publicPageUrl(app, issue),
		lecture_libre:
			issue.acces === 'libre' ? `${app.urls.origin}/libre/${issue.domaine}/${issue.adresse}` : null,
		couverture: coverUrl(app, issue),
		statut: issue.statut,
		publier_le: issue.publierLe,
	};
}

export function eventData(app: SandboxApp, issue: Issue): IssueEventData {
	return {
		id: issue.id,
		titre: issue.titre,
		publication: periodicalOf(app, issue),
		date: issue.date,
		pages: issue.pages,
		page_publique: publicPageUrl(app, issue),
		statut: issue.statut,
	};
}
