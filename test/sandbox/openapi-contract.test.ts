import { request } from 'node:http';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { RunningSandbox } from '../../sandbox';
import { JSON_BODY_MAX_BYTES } from '../../shared/api-limits';
import { ContractChecker } from '../../sandbox/contract/contract-checker';
import {
	admin,
	type Answer,
	call,
	pdfBytes,
	sha256,
	start,
	upload,
	USER_AGENT,
} from './sandbox-client';

let sb: RunningSandbox;
let doc: any;
beforeAll(async () => {
	// The rate limit is on, so that every answer must carry the rate headers.
	sb = await start({ contract: 'enforce', rateLimit: RATE_LIMIT });
	const response = await fetch(`${sb.origin}/docs/openapi.json`, {
		headers: { 'User-Agent': USER_AGENT },
	});
	doc = await response.json();
});
afterAll(() => sb.close());

const UPLOAD_OP = 'PUT /fichiers/{televersement}';
const RATE_LIMIT = 100_000;

describe('/docs/openapi.json', () => {
	test('is an OpenAPI 3.1 document, version 1.2.0, at the origin root, whose servers is this sandbox', async () => {
		expect(doc.openapi).toBe('3.1.0');
		expect(doc.info.version).toBe('1.2.0');
		expect(doc.servers).toEqual([{ url: sb.baseUrl }]);
		expect((await call(sb, sb.keys.full, 'GET', '/docs/openapi.json')).status).toBe(404);
		expect(Object.keys(doc.webhooks).sort()).toEqual([
			'numero.publie',
			'numero.remis_en_ligne',
			'numero.remplace',
			'numero.retire',
			'numero.test',
		]);
	});

	test('every schema compiles in strict JSON Schema 2020-12 and every $ref resolves', () => {
		const ajv = new Ajv2020({ strict: true, strictTypes: false, allowUnionTypes: true });
		addFormats(ajv);
		const refs: string[] = [];
		const schemas: unknown[] = [];
		const walk = (node: unknown): void => {
			if (Array.isArray(node)) node.forEach(walk);
			else if (node && typeof node === 'object') {
				for (const [key, value] of Object.entries(node)) {
					if (key === '$ref' && typeof value === 'string') refs.push(value);
					else if (key === 'schema') schemas.push(value);
					else walk(value);
				}
			}
		};
		walk(doc);
		for (const ref of refs) {
			const target = ref
				.slice(2)
				.split('/')
				.reduce((n: any, p: string) => n?.[p.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
			expect([ref, target === undefined]).toEqual([ref, false]);
		}
		const local = (schema: unknown): any =>
			JSON.parse(
				JSON.stringify(schema).replace(/"#\/components\/schemas\/([A-Za-z]+)"/g, '"urn:numero:$1"'),
			);
		for (const [name, schema] of Object.entries(doc.components.schemas))
			ajv.addSchema(local(schema), `urn:numero:${name}`);
		for (const name of Object.keys(doc.components.schemas))
			expect(() => ajv.getSchema(`urn:numero:${name}`)).not.toThrow();
		expect(schemas.length).toBeGreaterThan(20);
		for (const schema of schemas) expect(() => ajv.compile(local(schema))).not.toThrow();
	});

	test('the checker reports a body, status or header that the document does not describe', () => {
		const checker = new ContractChecker();
		const id = { 'X-Request-Id': `req_${'a'.repeat(24)}` };
		const headers = { ...id, 'X-RateLimit-Limit': '300', 'X-RateLimit-Remaining': '299' };
		const notFound = { error: { code: 'not_found', message: 'x' } };
		expect(checker.check('GET /compte', 200, { compte: { formule: 'pro' } }, headers)).toMatch(
			/^GET \/compte 200: body\/compte must have required property/,
		);
		expect(checker.check('GET /compte', 404, notFound, headers)).toBe(
			'GET /compte: status 404 is not described in openapi.json',
		);
		expect(checker.check('GET /numeros', 404, notFound, {})).toBe(
			'GET /numeros 404: header X-Request-Id is missing',
		);
		expect(checker.check('GET /numeros', 404, notFound, id)).toBe(
			'GET /numeros 404: header X-RateLimit-Limit is missing',
		);
		expect(checker.check('GET /numeros', 404, notFound, { ...headers, 'X-Request-Id': 'r' })).toBe(
			'GET /numeros 404: header X-Request-Id must match ^req_[a-f0-9]{24}$, got "r"',
		);
		expect(
			checker.check('GET /numeros', 404, notFound, {
				'x-request-id': id['X-Request-Id'],
				'x-ratelimit-limit': '300',
				'x-ratelimit-remaining': '0',
			}),
		).toBeNull();
		expect(
			checker.check(
				'GET /compte',
				429,
				{ error: { code: 'rate_limited', message: 'x' } },
				{
					...headers,
					'Retry-After': 'soon',
				},
			),
		).toBe('GET /compte 429: header Retry-After must be an integer, got "soon"');
		expect(
			checker.check(
				'POST /liens',
				201,
				{
					url: 'http://h/x',
					expire_le: '2026-01-01T00:00:00.000Z',
					iframe: '<iframe src="x"></iframe>',
				},
				{ ...headers, 'Idempotent-Replayed': 'yes' },
			),
		).toBe('POST /liens 201: header Idempotent-Replayed must be "true", got "yes"');
		// A request that matches no operation is checked against x-other-requests.
		const noMethod = { error: { code: 'method_not_allowed', message: 'x' } };
		expect(checker.check(null, 405, noMethod, headers)).toBe(
			'other request 405: header Allow is missing',
		);
		expect(checker.check(null, 405, noMethod, { ...headers, Allow: 'GET' })).toBeNull();
		expect(checker.check(null, 400, notFound, headers)).toBe(
			'other request: status 400 is not described in openapi.json',
		);
		expect(checker.violations).toHaveLength(9);
	});

	test('while the rate limit is off, the rate headers are not required (the sandbox sends none)', () => {
		const checker = new ContractChecker({ rateLimited: () => false });
		const id = { 'X-Request-Id': `req_${'b'.repeat(24)}` };
		const notFound = { error: { code: 'not_found', message: 'x' } };
		expect(checker.check('GET /numeros', 404, notFound, id)).toBeNull();
		expect(checker.check('GET /numeros', 404, notFound, { ...id, 'X-RateLimit-Limit': 'x' })).toBe(
			'GET /numeros 404: header X-RateLimit-Limit must be an integer, got "x"',
		);
	});
});

describe('every answer of the sandbox, with the contract enforced', () => {
	/** `METHOD /path status` of the operations, `OTHER status` of the requests that match none. */
	const seen = new Set<string>();
	const record = (operation: string, answer: Answer | { status: number; body: any }): void => {
		seen.add(`${operation} ${answer.status}`);
		expect([operation, answer.body?.error?.code]).not.toEqual([operation, 'contract_violation']);
	};
	const api = async (
		key: string | null,
		method: string,
		path: string,
		body?: unknown,
		headers?: Record<string, string>,
	) => {
		const answer = await call(sb, key, method, path, { body, headers });
		record(`${method} ${path.split('?')[0]}`, answer);
		return answer;
	};
	/** A request that matches no operation. */
	const other = async (key: string | null, method: string, path: string, options = {}) => {
		const answer = await call(sb, key, method, path, options);
		record('OTHER', answer);
		return answer;
	};
	/** /docs/openapi.json, on the origin. */
	const docs = async (method: string, userAgent = USER_AGENT) => {
		const response = await fetch(`${sb.origin}/docs/openapi.json`, {
			method,
			headers: { 'User-Agent': userAgent },
		});
		const answer = { status: response.status, body: await response.json() };
		record(method === 'GET' ? 'GET /docs/openapi.json' : 'OTHER', answer);
		return answer;
	};
	/** Sends twice with a limit of one call a minute, so that the second is refused. */
	const overTheRateLimit = async (send: () => Promise<unknown>) => {
		await admin(sb, 'POST', '/rate-limit', { perMinute: 1 });
		await send();
		await send();
		await admin(sb, 'POST', '/rate-limit', { perMinute: RATE_LIMIT });
	};

	test('drives every operation and status the document describes', async () => {
		const K = sb.keys;
		const ID = 'numero.press:gazette-2026-10';
		const operations: Array<[string, string, unknown, string]> = [
			['POST', '/liens', { id: ID }, 'lecture'],
			['POST', '/liens/revoquer', { reference: 'abo-1' }, 'lecture'],
			['GET', '/publications', undefined, 'liens'],
			['GET', `/numeros?id=${ID}`, undefined, 'liens'],
			['POST', '/numeros', {}, 'lecture'],
			['PATCH', `/numeros?id=${ID}`, { titre: 'x' }, 'lecture'],
			['POST', '/televersements', { sha256: 'a'.repeat(64), taille: 1 }, 'lecture'],
			['GET', `/statistiques?id=${ID}`, undefined, 'liens'],
			['GET', '/compte', undefined, 'liens'],
		];
		for (const [method, path, body, wrongKey] of operations) {
			await api(null, method, path, body);
			await api(K[wrongKey as 'lecture'], method, path, body);
			await overTheRateLimit(() => api(K.full, method, path, body));
			// A query parameter the operation does not have.
			await api(K.full, method, `${path}${path.includes('?') ? '&' : '?'}extra=1`, body);
		}

		// POST /liens
		await api(K.full, 'POST', '/liens', { id: ID, page: 2, reference: 'abo-1' });
		await api(K.full, 'POST', '/liens', { id: ID, jours: 0 });
		await api(K.full, 'POST', '/liens', { id: 'numero.press:nope' });
		await api(K.full, 'POST', '/liens', { id: ID }, { 'Idempotency-Key': 'k1' });
		await api(K.full, 'POST', '/liens', { id: ID }, { 'Idempotency-Key': 'k1' });
		await api(K.full, 'POST', '/liens', { id: ID, jours: 2 }, { 'Idempotency-Key': 'k1' });
		// POST /liens/revoquer, GET /publications, GET /numeros, GET /statistiques, GET /compte
		await api(K.full, 'POST', '/liens/revoquer', { reference: 'pas valide' });
		await api(K.full, 'GET', '/publications?limite=0');
		await api(K.full, 'GET', '/numeros');
		await api(K.full, 'GET', '/numeros?id=numero.press:nope');
		await api(K.full, 'GET', '/statistiques?id=numero.press:gazette-2026-09');
		await api(K.full, 'GET', '/statistiques?id=numero.press:nope');
		await api(K.full, 'GET', '/statistiques');
		// POST /televersements
		const bytes = pdfBytes();
		const requested = await api(K.full, 'POST', '/televersements', {
			sha256: sha256(bytes),
			taille: bytes.length,
		});
		await api(K.full, 'POST', '/televersements', { sha256: 'z', taille: 1 });
		await api(K.full, 'POST', '/televersements', { sha256: 'a'.repeat(64), taille: 10 ** 12 });
		// The upload origin
		const put = async (
			headers: Record<string, string>,
			payload: Buffer | null,
			url = requested.body.url,
			method = 'PUT',
		) => {
			const answer = await new Promise<{ status: number; body: any }>((resolve, reject) => {
				const req = request(url, { method, headers }, (res) => {
					let text = '';
					res.on('data', (c) => (text += c));
					res.on('end', () =>
						resolve({ status: res.statusCode as number, body: JSON.parse(text) }),
					);
				});
				req.on('error', reject);
				if (payload) req.write(payload);
				req.end();
			});
			record(UPLOAD_OP, answer);
		};
		const en = requested.body.en_tetes;
		await put({ ...en, 'Content-Length': String(bytes.length) }, Buffer.alloc(bytes.length));
		await put({ ...en, 'Transfer-Encoding': 'chunked' }, bytes);
		await put(
			{ ...en, 'Content-Length': String(bytes.length) },
			bytes,
			requested.body.url.replace('sig=', 'sig=0'),
		);
		await put({}, null, requested.body.url, 'GET');
		await admin(sb, 'POST', '/plans', { account: 'main', maxFileBytes: 10 });
		await put({ ...en, 'Content-Length': String(bytes.length) }, bytes);
		await admin(sb, 'POST', '/plans', { account: 'main', maxFileBytes: 500 * 1024 * 1024 });
		await put({ ...en, 'Content-Length': String(bytes.length) }, bytes);
		await api(K.full, 'POST', '/televersements', { sha256: sha256(bytes), taille: bytes.length });
		// POST /numeros
		const file = { sha256: sha256(bytes), taille: bytes.length };
		await api(K.full, 'POST', '/numeros', { ...file, titre: 'Contrat', publication: 'gazette' });
		await api(K.full, 'POST', '/numeros', { ...file, titre: 'Contrat', remplace: ID });
		await api(K.full, 'POST', '/numeros', { ...file, titre: '' });
		await api(K.full, 'POST', '/numeros', { ...file, titre: 'x', remplace: 'numero.press:nope' });
		await api(K.full, 'POST', '/numeros', {
			...file,
			titre: 'x',
			publication: 'gazette',
			adresse: 'gazette-2026-09',
		});
		await api(K.full, 'POST', '/numeros', {
			...file,
			titre: 'x',
			remplace: 'numero.press:gazette-2019-03',
		});
		await admin(sb, 'POST', '/plans', { account: 'main', maxFileBytes: 10 });
		await api(K.full, 'POST', '/numeros', { ...file, titre: 'x', publication: 'gazette' });
		await admin(sb, 'POST', '/plans', {
			account: 'main',
			maxFileBytes: 500 * 1024 * 1024,
			maxIssues: 1,
		});
		await api(K.full, 'POST', '/numeros', { ...file, titre: 'x', publication: 'gazette' });
		await admin(sb, 'POST', '/plans', { account: 'main', maxIssues: 100 });
		// PATCH /numeros
		await api(K.full, 'PATCH', `/numeros?id=${ID}`, { en_ligne: false });
		await api(K.full, 'PATCH', `/numeros?id=${ID}`, { acces: 'gratuit' });
		await api(K.full, 'PATCH', '/numeros?id=numero.press:nope', { titre: 'x' });
		await api(K.full, 'PATCH', '/numeros?id=numero.press:gazette-2019-03', { titre: 'x' });
		// 402 subscription_ended for the writes
		await admin(sb, 'POST', '/plans', { account: 'main', statut: 'suspendu' });
		await api(K.full, 'POST', '/liens', { id: ID });
		await api(K.full, 'PATCH', `/numeros?id=${ID}`, { titre: 'x' });
		await api(K.full, 'POST', '/televersements', { sha256: 'a'.repeat(64), taille: 1 });
		await admin(sb, 'POST', '/plans', { account: 'main', statut: 'actif' });
		// A cover upload, a publication with it, statistics with reads, the account.
		await upload(sb, Buffer.from([0xff, 0xd8, 0xff]), 'couverture');
		await api(K.full, 'GET', '/compte');
	});

	test('reaches the answers every request can get: unreadable bodies, other paths and methods, the firewall, the rate limit, the document', async () => {
		const K = sb.keys;
		const tooLarge = `{"id":"${'x'.repeat(JSON_BODY_MAX_BYTES)}"}`;
		for (const [method, path] of [
			['POST', '/liens'],
			['POST', '/liens/revoquer'],
			['POST', '/numeros'],
			['PATCH', '/numeros?id=numero.press:gazette-2026-10'],
			['POST', '/televersements'],
		]) {
			const operation = `${method} ${path.split('?')[0]}`;
			for (const [rawBody, contentType] of [
				['{"id":', 'application/json'],
				['[]', 'application/json'],
				['{"id":"x"}', 'text/plain'],
				['id=x', 'application/x-www-form-urlencoded'],
				[tooLarge, 'application/json'],
			]) {
				const answer = await call(sb, K.full, method, path, {
					rawBody,
					headers: { 'Content-Type': contentType },
				});
				record(operation, answer);
				expect([operation, contentType, answer.status, answer.body.error.code]).toEqual([
					operation,
					contentType,
					400,
					'bad_json',
				]);
			}
		}
		expect((await other(K.full, 'GET', '/nothing')).status).toBe(404);
		expect((await other(K.full, 'GET', '/')).status).toBe(404);
		expect((await other(K.full, 'DELETE', '/compte')).headers.get('allow')).toBe('GET');
		expect((await other(K.full, 'HEAD', '/publications')).status).toBe(405);
		expect((await other(null, 'GET', '/nothing')).status).toBe(401);
		expect((await other(K.full, 'GET', '/nothing', { userAgent: 'curl/8.5.0' })).status).toBe(403);
		await overTheRateLimit(() => other(K.full, 'PUT', '/liens'));
		expect((await docs('GET')).status).toBe(200);
		expect((await docs('GET', 'python-requests/2.32.3')).status).toBe(403);
		await overTheRateLimit(() => docs('GET'));
		expect((await docs('POST')).status).toBe(405);
		expect((await docs('POST', 'undici')).status).toBe(403);
	});

	test('what was seen is what the document describes, and the sandbox reports no violation', async () => {
		const described = new Set<string>();
		for (const [path, item] of Object.entries<any>(doc.paths)) {
			for (const [method, operation] of Object.entries<any>(item)) {
				if (method === 'servers') continue;
				for (const status of Object.keys(operation.responses))
					described.add(`${method.toUpperCase()} ${path} ${status}`);
			}
		}
		for (const status of Object.keys(doc['x-other-requests'].responses))
			described.add(`OTHER ${status}`);
		expect([...described].filter((entry) => !seen.has(entry)).sort()).toEqual([]);
		expect([...seen].filter((entry) => !described.has(entry)).sort()).toEqual([]);
		const violations = await admin(sb, 'GET', '/contract/violations');
		expect(violations.body).toEqual({ enforced: true, violations: [] });
	});
});
