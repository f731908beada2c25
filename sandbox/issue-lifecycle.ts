/** The issue state machine (docs/api-choices.md, "Issues"), with the events it emits. */
import type { SandboxApp } from './app';
import type { Issue } from './store';

/** en_ligne true/false from PATCH; returns nothing, emits what the transition emits. */
export function setOnline(app: SandboxApp, issue: Issue, online: boolean): void {
	if (online) {
		if (issue.statut === 'en_ligne') return;
		const first = !issue.publishedOnce;
		issue.statut = 'en_ligne';
		issue.publierLe = null;
		issue.publishedOnce = true;
		app.events.emit(issue.account, first ? 'numero.publie' : 'numero.remis_en_ligne', issue);
		return;
	}
	if (issue.statut === 'retire') return;
	const wasOnline = issue.statut === 'en_ligne';
	issue.statut = 'retire';
	issue.publierLe = null;
	if (wasOnline) app.events.emit(issue.account, 'numero.retire', issue);
}

/** Runs what the sandbox clock has made due: scheduled issues go online, rendered covers get ready. */
export function releaseDueIssues(app: SandboxApp): void {
	const now = app.clock.now();
	const due = [...app.store.issues.values()]
		.filter(
			(issue) =>
				issue.statut === 'programme' &&
				issue.publierLe !== null &&
				Date.parse(issue.publierLe) <= now,
		)
		.sort((a, b) => Date.parse(a.publierLe as string) - Date.parse(b.publierLe as string));
	for (const issue of due) setOnline(app, issue, true);
	for (const issue of app.store.issues.values()) {
		if (issue.coverReadyAt !== null && issue.coverReadyAt <= now) issue.coverReadyAt = null;
	}
}
