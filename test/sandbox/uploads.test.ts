import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { RunningSandbox } from '../../sandbox';
import { admin, call, pdfBytes, sha256, start, upload, jsonOf } from './sandbox-client';

let sb: RunningSandbox;
let dataDir: string;
beforeAll(async () => {
	dataDir = await mkdtemp(join(tmpdir(), 'numero-sandbox-test-'));
	sb = await start({ dataDir });
});
afterAll(async () => {
	await sb.close();
	await rm(dataDir, { recursive: true, force: true });
});

async function requestUpload(bytes: Buffer, fields: Record<string, unknown> = {}) {
	return call(sb, sb.keys.full, 'POST', '/televersements', {
		body: { sha256: sha256(bytes), taille: bytes.length, ...fields },
	});
}

describe('POST /televersements and the upload PUT', () => {
	test('gives a signed PUT address on another origin, with the headers to send, valid one hour', async () => {
		const bytes = pdfBytes();
		const answer = await requestUpload(bytes);
		expect(answer.status).toBe(201);
		expect(answer.body).toMatchObject({
			deja_present: false,
			sha256: sha256(bytes),
			methode: 'PUT',
			expire_dans: 3600,
		});
		expect(answer.body.en_tetes).toEqual({
			'Content-Type': 'application/pdf',
			'X-Upload-Sha256': sha256(bytes),
		});
		const url = new URL(answer.body.url);
		expect(url.origin).toBe(sb.uploadOrigin);
		expect(url.origin).not.toBe(new URL(sb.baseUrl).origin);
		const cover = await requestUpload(Buffer.from('jpeg'), { type: 'couverture' });
		expect(cover.body.en_tetes['Content-Type']).toBe('image/jpeg');
	});

	test('the PUT with exactly en_tetes stores the file on disk, and no API key reaches the upload origin', async () => {
		await admin(sb, 'POST', '/uploads/requests/reset');
		const bytes = pdfBytes('stored');
		const answer = await requestUpload(bytes);
		const put = await fetch(answer.body.url, {
			method: 'PUT',
			headers: answer.body.en_tetes,
			body: bytes,
		});
		expect(put.status).toBe(200);
		expect(await jsonOf(put)).toEqual({ sha256: sha256(bytes), taille: bytes.length });
		expect(await readFile(join(dataDir, 'main', sha256(bytes)))).toEqual(bytes);
		const seen = await admin(sb, 'GET', '/uploads/requests');
		expect(seen.body.requests).toHaveLength(1);
		expect(seen.body.requests[0].headers['x-upload-sha256']).toBe(sha256(bytes));
		expect(seen.body.requests[0].headers.authorization).toBeUndefined();
		expect(JSON.stringify(seen.body)).not.toContain(sb.keys.full);
		const state = await admin(sb, 'GET', '/state?account=main');
		expect(state.body.uploads.map((u: { sha256: string }) => u.sha256)).toContain(sha256(bytes));
	});

	test('a hash already stored for the account is 200 deja_present; another account must send it', async () => {
		const bytes = pdfBytes('twice');
		await upload(sb, bytes);
		const again = await requestUpload(bytes);
		expect(again.status).toBe(200);
		expect(again.body.deja_present).toBe(true);
		const other = await call(sb, sb.keys.otherAccount, 'POST', '/televersements', {
			body: { sha256: sha256(bytes), taille: bytes.length },
		});
		expect(other.status).toBe(201);
		expect(other.body.deja_present).toBe(false);
	});

	test('wrong bytes are refused with sha256_mismatch or size_mismatch and nothing is stored', async () => {
		const bytes = pdfBytes('announced');
		const answer = await requestUpload(bytes);
		const other = Buffer.alloc(bytes.length, 0x41);
		const wrongHash = await fetch(answer.body.url, {
			method: 'PUT',
			headers: answer.body.en_tetes,
			body: other,
		});
		expect(wrongHash.status).toBe(400);
		expect((await jsonOf(wrongHash)).error.code).toBe('sha256_mismatch');
		const shorter = await fetch(answer.body.url, {
			method: 'PUT',
			headers: answer.body.en_tetes,
			body: bytes.subarray(1),
		});
		expect(shorter.status).toBe(400);
		expect((await jsonOf(shorter)).error.code).toBe('size_mismatch');
		const state = await admin(sb, 'GET', '/state?account=main');
		expect(state.body.uploads.map((u: { sha256: string }) => u.sha256)).not.toContain(
			sha256(bytes),
		);
	});

	test('the PUT must carry exactly the returned headers and no Authorization', async () => {
		const bytes = pdfBytes('headers');
		const answer = await requestUpload(bytes);
		const wrongType = await fetch(answer.body.url, {
			method: 'PUT',
			headers: { ...answer.body.en_tetes, 'Content-Type': 'application/octet-stream' },
			body: bytes,
		});
		expect(wrongType.status).toBe(400);
		expect(await jsonOf(wrongType)).toMatchObject({ error: { code: 'header_mismatch' } });
		const noHash = await fetch(answer.body.url, {
			method: 'PUT',
			headers: { 'Content-Type': 'application/pdf' },
			body: bytes,
		});
		expect((await jsonOf(noHash)).error.message).toContain('X-Upload-Sha256');
		const withKey = await fetch(answer.body.url, {
			method: 'PUT',
			headers: { ...answer.body.en_tetes, Authorization: `Bearer ${sb.keys.full}` },
			body: bytes,
		});
		expect(withKey.status).toBe(400);
		expect((await jsonOf(withKey)).error.code).toBe('unexpected_authorization');
	});

	test('a forged address is 403 bad_upload_signature; an address is 403 upload_expired after one hour (sandbox clock)', async () => {
		const bytes = pdfBytes('expiring');
		const answer = await requestUpload(bytes);
		const forged = answer.body.url.replace(
			/sig=([a-f0-9])/,
			(_m: string, c: string) => `sig=${c === 'a' ? 'b' : 'a'}`,
		);
		const refused = await fetch(forged, {
			method: 'PUT',
			headers: answer.body.en_tetes,
			body: bytes,
		});
		expect(refused.status).toBe(403);
		expect((await jsonOf(refused)).error.code).toBe('bad_upload_signature');
		await admin(sb, 'POST', '/clock', { advanceSeconds: 3601 });
		const late = await fetch(answer.body.url, {
			method: 'PUT',
			headers: answer.body.en_tetes,
			body: bytes,
		});
		expect(late.status).toBe(403);
		expect((await jsonOf(late)).error.code).toBe('upload_expired');
	});

	test('a large file is streamed to disk and hashed on the way', async () => {
		const bytes = Buffer.alloc(8 * 1024 * 1024, 7);
		bytes.write('%PDF-1.4 large', 0);
		const answer = await requestUpload(bytes);
		async function* chunks() {
			for (let offset = 0; offset < bytes.length; offset += 256 * 1024)
				yield bytes.subarray(offset, offset + 256 * 1024);
		}
		const put = await fetch(answer.body.url, {
			method: 'PUT',
			headers: { ...answer.body.en_tetes, 'Content-Length': String(bytes.length) },
			body: chunks() as unknown as RequestInit['body'],
			duplex: 'half',
		} as RequestInit);
		expect(put.status).toBe(200);
		expect(sha256(await readFile(join(dataDir, 'main', sha256(bytes))))).toBe(sha256(bytes));
	});

	test('field rules of POST /televersements', async () => {
		const cases: Array<[Record<string, unknown>, string, string]> = [
			[{ taille: 10 }, 'missing_field', 'sha256'],
			[{ sha256: 'A'.repeat(64), taille: 10 }, 'invalid_field', 'sha256'],
			[{ sha256: 'a'.repeat(64) }, 'missing_field', 'taille'],
			[{ sha256: 'a'.repeat(64), taille: 0 }, 'invalid_field', 'taille'],
			[{ sha256: 'a'.repeat(64), taille: 1.5 }, 'invalid_field', 'taille'],
			[{ sha256: 'a'.repeat(64), taille: 10, type: 'png' }, 'invalid_field', 'type'],
			[{ sha256: 'a'.repeat(64), taille: 10, domaine: 'example.com' }, 'invalid_field', 'domaine'],
			[{ sha256: 'a'.repeat(64), taille: 10, extra: 1 }, 'invalid_field', 'extra'],
		];
		for (const [body, code, field] of cases) {
			const answer = await call(sb, sb.keys.full, 'POST', '/televersements', { body });
			expect([answer.status, answer.body.error.code]).toEqual([400, code]);
			expect(answer.body.error.message.startsWith(field)).toBe(true);
		}
		const unreadable = await call(sb, sb.keys.full, 'POST', '/televersements', {
			rawBody: '{"sha256":',
			headers: { 'Content-Type': 'application/json' },
		});
		expect(unreadable.body.error.code).toBe('bad_json');
	});
});
