import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SandboxApp } from '../app';
import type { UploadRequest } from '../store';

export function uploadHeaders(
	upload: Pick<UploadRequest, 'type' | 'sha256'>,
): Record<string, string> {
	return {
		'Content-Type': upload.type === 'pdf' ? 'application/pdf' : 'image/jpeg',
		'X-Upload-Sha256': upload.sha256,
	};
}

function sign(secret: string, id: string, exp: number): string {
	return createHmac('sha256', secret).update(`${id}|${exp}`).digest('hex');
}

/** A signed, expiring address on the upload origin: `/fichiers/<upload id>?exp=…&sig=…`. */
export function uploadAddress(app: SandboxApp, upload: UploadRequest): string {
	const exp = Math.floor(upload.expiresAt / 1000);
	return `${app.urls.uploadOrigin}/fichiers/${upload.id}?exp=${exp}&sig=${sign(app.secrets.uploads, upload.id, exp)}`;
}

export type AddressCheck =
	| { ok: true; upload: UploadRequest }
	| { ok: false; code: 'bad_upload_signature' | 'upload_expired' };

export function checkUploadAddress(app: SandboxApp, url: URL): AddressCheck {
	const match = /^\/fichiers\/(upl_[a-f0-9]+)$/.exec(url.pathname);
	const exp = Number(url.searchParams.get('exp'));
	const given = Buffer.from(url.searchParams.get('sig') ?? '', 'utf8');
	if (!match || !Number.isInteger(exp)) return { ok: false, code: 'bad_upload_signature' };
	const expected = Buffer.from(sign(app.secrets.uploads, match[1], exp), 'utf8');
	if (given.length !== expected.length || !timingSafeEqual(given, expected))
		return { ok: false, code: 'bad_upload_signature' };
	const upload = app.store.uploads.get(match[1]);
	if (!upload) return { ok: false, code: 'bad_upload_signature' };
	if (app.clock.now() >= exp * 1000) return { ok: false, code: 'upload_expired' };
	return { ok: true, upload };
}
