/**
 * What people open: the reader behind a link's url, an issue's public page, free reading, covers.
 * Opening a reader page through a working link is what statistics count.
 */
import { createReadStream } from 'node:fs';
import type { SandboxApp } from '../app';
import { numeroView, periodicalOf, publicPageUrl } from '../issue-view';
import { escapeHtml } from '../server/http-io';
import { type Exchange, send, sendHtml } from '../server/respond';
import type { Issue } from '../store';
import { linkFromAddress } from './link-address';
import { RENDERED_COVER_JPEG } from './sample-files';

function page(title: string, body: string): string {
	return `<!doctype html>\n<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n<body>\n${body}\n</body></html>\n`;
}

function notice(
	app: SandboxApp,
	exchange: Exchange,
	status: number,
	title: string,
	text: string,
	issue?: Issue,
): void {
	const back = issue
		? `<p><a href="${escapeHtml(publicPageUrl(app, issue))}">Voir la page publique du numéro</a></p>`
		: '';
	sendHtml(
		exchange,
		status,
		page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>\n${back}`),
	);
}

function sourceOf(referer: string | undefined): string {
	if (!referer) return 'direct';
	try {
		return new URL(referer).host || 'direct';
	} catch {
		return 'direct';
	}
}

function readerHtml(
	app: SandboxApp,
	issue: Issue,
	documentUrl: string,
	pageNumber: number | null,
): string {
	const periodical = periodicalOf(app, issue);
	const src = pageNumber === null ? documentUrl : `${documentUrl}#page=${pageNumber}`;
	return page(
		`${issue.titre} · ${periodical.nom}`,
		`<h1>${escapeHtml(issue.titre)}</h1>\n<p>${escapeHtml(periodical.nom)}</p>\n` +
			`<iframe title="Lecteur" src="${escapeHtml(src)}" width="100%" height="900"></iframe>`,
	);
}

function streamPdf(exchange: Exchange, app: SandboxApp, issue: Issue): void {
	const file = app.store.account(issue.account).files.get(issue.sha256);
	if (!file)
		return notice(
			app,
			exchange,
			404,
			'Fichier introuvable',
			'Le fichier de ce numéro n’est pas disponible.',
			issue,
		);
	exchange.res.writeHead(200, {
		...exchange.headers,
		'Content-Type': 'application/pdf',
		'Content-Length': String(file.taille),
	});
	createReadStream(file.path).pipe(exchange.res);
}

function openLink(
	app: SandboxApp,
	exchange: Exchange,
	issue: Issue,
	url: URL,
	wantsDocument: boolean,
): void {
	const link = linkFromAddress(app, issue.id, url.searchParams);
	if (!link)
		return notice(
			app,
			exchange,
			403,
			'Lien non valide',
			'Cette adresse de lecture n’est pas valide.',
			issue,
		);
	if (app.store.linkIsRevoked(link)) {
		return notice(
			app,
			exchange,
			410,
			'Lien désactivé',
			'Ce lien de lecture a été désactivé par l’éditeur.',
			issue,
		);
	}
	if (app.clock.now() >= link.expiresAt) {
		return notice(app, exchange, 410, 'Lien expiré', 'Ce lien de lecture a expiré.', issue);
	}
	if (issue.statut !== 'en_ligne') {
		return notice(
			app,
			exchange,
			404,
			'Numéro indisponible',
			'Ce numéro n’est pas disponible en ce moment.',
			issue,
		);
	}
	if (wantsDocument) return streamPdf(exchange, app, issue);
	app.store.reads.push({
		issueId: issue.id,
		at: app.clock.now(),
		source: sourceOf(exchange.req.headers.referer),
	});
	const documentUrl = `${url.pathname}/document.pdf${url.search}`;
	sendHtml(exchange, 200, readerHtml(app, issue, documentUrl, link.page));
}

function publicPage(app: SandboxApp, exchange: Exchange, issue: Issue): void {
	const view = numeroView(app, issue);
	const parts = [
		`<h1>${escapeHtml(issue.titre)}</h1>`,
		`<p>${escapeHtml(view.publication.nom)}${view.date ? ` · ${escapeHtml(view.date)}` : ''}</p>`,
	];
	if (view.couverture) parts.push(`<img src="${escapeHtml(view.couverture)}" alt="Couverture">`);
	if (issue.statut === 'programme')
		parts.push(`<p>À paraître le ${escapeHtml(issue.publierLe ?? '')}.</p>`);
	if (issue.statut === 'retire') parts.push('<p>Ce numéro n’est plus en ligne.</p>');
	if (issue.statut === 'en_ligne' && view.lecture_libre)
		parts.push(`<p><a href="${escapeHtml(view.lecture_libre)}">Lire gratuitement</a></p>`);
	if (issue.statut === 'en_ligne' && issue.lienAchat)
		parts.push(
			`<p><a class="achat" href="${escapeHtml(issue.lienAchat)}">Acheter ce numéro</a></p>`,
		);
	sendHtml(exchange, 200, page(issue.titre, parts.join('\n')));
}

export async function handleReader(app: SandboxApp, exchange: Exchange, url: URL): Promise<void> {
	if (exchange.req.method !== 'GET' && exchange.req.method !== 'HEAD') {
		return send(exchange, 405, 'Method not allowed\n', 'text/plain; charset=utf-8', {
			Allow: 'GET',
		});
	}
	const match =
		/^\/(lire|pages|libre|couvertures)\/([a-z0-9.-]+)\/([a-z0-9-]+?)(\.jpg|\/document\.pdf)?$/.exec(
			url.pathname,
		);
	const issue = match ? app.store.issues.get(`${match[2]}:${match[3]}`) : undefined;
	if (!match || !issue)
		return notice(app, exchange, 404, 'Page introuvable', "Cette page n'existe pas.");
	const [, kind, , , suffix] = match;
	if (kind === 'lire' && suffix !== '.jpg')
		return openLink(app, exchange, issue, url, suffix === '/document.pdf');
	if (kind === 'pages' && suffix === undefined) return publicPage(app, exchange, issue);
	if (kind === 'libre' && suffix !== '.jpg') {
		if (issue.acces !== 'libre' || issue.statut !== 'en_ligne') {
			return notice(
				app,
				exchange,
				404,
				'Lecture libre indisponible',
				'Ce numéro n’est pas en lecture libre.',
				issue,
			);
		}
		if (suffix === '/document.pdf') return streamPdf(exchange, app, issue);
		return sendHtml(exchange, 200, readerHtml(app, issue, `${url.pathname}/document.pdf`, null));
	}
	if (kind === 'couvertures' && suffix === '.jpg') {
		if (issue.coverReadyAt !== null)
			return notice(
				app,
				exchange,
				404,
				'Couverture en préparation',
				'La couverture est en préparation.',
				issue,
			);
		const cover = issue.coverSha256
			? app.store.account(issue.account).files.get(issue.coverSha256)
			: undefined;
		if (!cover) return send(exchange, 200, RENDERED_COVER_JPEG, 'image/jpeg');
		exchange.res.writeHead(200, {
			...exchange.headers,
			'Content-Type': 'image/jpeg',
			'Content-Length': String(cover.taille),
		});
		createReadStream(cover.path).pipe(exchange.res);
		return;
	}
	return notice(app, exchange, 404, 'Page introuvable', "Cette page n'existe pas.");
}
