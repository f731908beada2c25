import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SandboxApp } from '../app';
import type { Issue, Link } from '../store';

function signature(
	secret: string,
	linkId: string,
	issueId: string,
	exp: number,
	page: number | null,
): string {
	return createHmac('sha256', secret)
		.update(`${linkId}|${issueId}|${exp}|${page ?? ''}`)
		.digest('hex');
}

/** The signed reader address of a link: `/lire/<domain>/<slug>?lien=…&exp=…[&page=…]&sig=…`. */
export function readerUrl(app: SandboxApp, link: Link, issue: Issue): string {
	const exp = Math.floor(link.expiresAt / 1000);
	const params = new URLSearchParams({ lien: link.id, exp: String(exp) });
	if (link.page !== null) params.set('page', String(link.page));
	params.set('sig', signature(app.secrets.links, link.id, issue.id, exp, link.page));
	return `${app.urls.origin}/lire/${issue.domaine}/${issue.adresse}?${params.toString()}`;
}

/** The link an address designates, when its signature is right (expiry and revocation are checked by the reader). */
export function linkFromAddress(
	app: SandboxApp,
	issueId: string,
	params: URLSearchParams,
): Link | undefined {
	const linkId = params.get('lien') ?? '';
	const exp = Number(params.get('exp'));
	const pageParam = params.get('page');
	const page = pageParam === null ? null : Number(pageParam);
	const given = Buffer.from(params.get('sig') ?? '', 'utf8');
	const expected = Buffer.from(signature(app.secrets.links, linkId, issueId, exp, page), 'utf8');
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
	const link = app.store.links.get(linkId);
	if (!link || link.issueId !== issueId) return undefined;
	return link;
}
