import { fields, table } from './human-format';
import type { Numero } from '../shared';

/** One issue as text, field by field (a renderer; the fields an issue takes are the core's IssueFields). */
export function issueText(issue: Numero): string {
	return fields([
		['Id', issue.id],
		['Title', issue.titre],
		['Periodical', `${issue.publication.nom} (${issue.publication.code})`],
		['Date', issue.date],
		['Pages', issue.pages],
		['Access', issue.acces],
		['Status', issue.statut],
		['Scheduled for', issue.publier_le],
		['Public page', issue.page_publique],
		['Free reading', issue.lecture_libre],
		['Cover', issue.couverture],
	]);
}

/** Issues as a table, one per line. */
export function issueTable(issues: Numero[]): string {
	if (issues.length === 0) return 'No issues.';
	return table(
		['ID', 'DATE', 'PAGES', 'ACCESS', 'TITLE'],
		issues.map((issue) => [issue.id, issue.date, issue.pages, issue.acces, issue.titre]),
	);
}
