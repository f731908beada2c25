/**
 * Every field rule of the reference is checked by the client before any request: the error names the
 * field and the rule, and the sandbox's request counter does not move.
 */
import fc from 'fast-check';
import {
	NumeroClient,
	NumeroValidationError,
	REFERENCE_PATTERN,
	validateCreateIssue,
	validateCreateLink,
	validateStatistics,
	type Transport,
} from '../../shared';
import { startHarness, type Harness } from './support/sandbox-harness';

const ID = 'numero.press:gazette-2026-10';
const SHA = 'a'.repeat(64);
const NOW = Date.parse('2026-06-15T12:00:00Z');
const FILE = { sha256: SHA, taille: 1000 };

type Call = (client: NumeroClient) => Promise<unknown>;

const invalid: Array<[string, Call, string, string]> = [
	// POST /liens
	['link without id', (c) => c.createLink({} as never), 'id', 'required'],
	['link id not text', (c) => c.createLink({ id: 42 as never }), 'id', 'type'],
	['link id without domain', (c) => c.createLink({ id: 'gazette' }), 'id', 'pattern'],
	['link id with a slash', (c) => c.createLink({ id: 'numero.press:a/b' }), 'id', 'pattern'],
	['link id with a space', (c) => c.createLink({ id: 'numero.press:a b' }), 'id', 'pattern'],
	['jours 0', (c) => c.createLink({ id: ID, jours: 0 }), 'jours', 'range'],
	['jours 366', (c) => c.createLink({ id: ID, jours: 366 }), 'jours', 'range'],
	['jours 1.5', (c) => c.createLink({ id: ID, jours: 1.5 }), 'jours', 'integer'],
	['jours NaN', (c) => c.createLink({ id: ID, jours: Number.NaN }), 'jours', 'integer'],
	['jours as text', (c) => c.createLink({ id: ID, jours: '7' as never }), 'jours', 'type'],
	['page 0', (c) => c.createLink({ id: ID, page: 0 }), 'page', 'range'],
	['page 2.5', (c) => c.createLink({ id: ID, page: 2.5 }), 'page', 'integer'],
	['reference empty', (c) => c.createLink({ id: ID, reference: '' }), 'reference', 'pattern'],
	[
		'reference of 81 characters',
		(c) => c.createLink({ id: ID, reference: 'r'.repeat(81) }),
		'reference',
		'pattern',
	],
	[
		'reference with a space',
		(c) => c.createLink({ id: ID, reference: 'abo 12' }),
		'reference',
		'pattern',
	],
	[
		'reference with an accent',
		(c) => c.createLink({ id: ID, reference: 'abonné-12' }),
		'reference',
		'pattern',
	],
	[
		'reference with a slash',
		(c) => c.createLink({ id: ID, reference: 'a/b' }),
		'reference',
		'pattern',
	],
	['link unknown field', (c) => c.createLink({ id: ID, day: 3 } as never), 'day', 'unknown_field'],
	[
		'Idempotency-Key empty',
		(c) => c.createLink({ id: ID }, { idempotencyKey: '' }),
		'Idempotency-Key',
		'length',
	],
	[
		'Idempotency-Key of 121 characters',
		(c) => c.createLink({ id: ID }, { idempotencyKey: 'k'.repeat(121) }),
		'Idempotency-Key',
		'length',
	],
	[
		'Idempotency-Key with a line break',
		(c) => c.createLink({ id: ID }, { idempotencyKey: 'a\nb' }),
		'Idempotency-Key',
		'printable',
	],
	[
		'Idempotency-Key not ASCII',
		(c) => c.createLink({ id: ID }, { idempotencyKey: 'clé' }),
		'Idempotency-Key',
		'printable',
	],
	[
		'Idempotency-Key with a trailing space',
		(c) => c.createLink({ id: ID }, { idempotencyKey: 'key ' }),
		'Idempotency-Key',
		'printable',
	],
	// POST /liens/revoquer
	['revocation without reference', (c) => c.revokeReference({} as never), 'reference', 'required'],
	[
		'revocation with a bad reference',
		(c) => c.revokeReference({ reference: 'x y' }),
		'reference',
		'pattern',
	],
	// GET /publications
	['limite 0', (c) => c.listIssues({ limite: 0 }), 'limite', 'range'],
	['limite 201', (c) => c.listIssues({ limite: 201 }), 'limite', 'range'],
	['limite 10.5', (c) => c.listIssues({ limite: 10.5 }), 'limite', 'integer'],
	['list publication empty', (c) => c.listIssues({ publication: '' }), 'publication', 'length'],
	// GET /numeros
	['issue id missing', (c) => c.getIssue({} as never), 'id', 'required'],
	['issue id malformed', (c) => c.getIssue({ id: 'no-colon' }), 'id', 'pattern'],
	// POST /televersements
	[
		'upload sha256 upper case',
		(c) => c.requestUpload({ sha256: SHA.toUpperCase(), taille: 1 }),
		'sha256',
		'pattern',
	],
	[
		'upload sha256 short',
		(c) => c.requestUpload({ sha256: 'abc', taille: 1 }),
		'sha256',
		'pattern',
	],
	['upload taille 0', (c) => c.requestUpload({ sha256: SHA, taille: 0 }), 'taille', 'range'],
	[
		'upload taille negative',
		(c) => c.requestUpload({ sha256: SHA, taille: -5 }),
		'taille',
		'range',
	],
	[
		'upload taille fractional',
		(c) => c.requestUpload({ sha256: SHA, taille: 1.2 }),
		'taille',
		'integer',
	],
	[
		'upload type',
		(c) => c.requestUpload({ sha256: SHA, taille: 1, type: 'png' as never }),
		'type',
		'enum',
	],
	[
		'upload domaine',
		(c) => c.requestUpload({ sha256: SHA, taille: 1, domaine: 'example.com' as never }),
		'domaine',
		'enum',
	],
	// POST /numeros
	['issue without titre', (c) => c.createIssue({ ...FILE } as never), 'titre', 'required'],
	['titre blank', (c) => c.createIssue({ ...FILE, titre: '   ' }), 'titre', 'length'],
	[
		'titre of 201 characters',
		(c) => c.createIssue({ ...FILE, titre: 't'.repeat(201) }),
		'titre',
		'length',
	],
	[
		'titre with a line break',
		(c) => c.createIssue({ ...FILE, titre: 'a\nb' }),
		'titre',
		'printable',
	],
	[
		'issue sha256 missing',
		(c) => c.createIssue({ taille: 1, titre: 'T' } as never),
		'sha256',
		'required',
	],
	[
		'issue taille 0',
		(c) => c.createIssue({ sha256: SHA, taille: 0, titre: 'T' }),
		'taille',
		'range',
	],
	[
		'parution without month',
		(c) => c.createIssue({ ...FILE, titre: 'T', parution: '2026' }),
		'parution',
		'pattern',
	],
	[
		'parution as a date',
		(c) => c.createIssue({ ...FILE, titre: 'T', parution: '2026-03-01' }),
		'parution',
		'pattern',
	],
	[
		'parution month 13',
		(c) => c.createIssue({ ...FILE, titre: 'T', parution: '2026-13' }),
		'parution',
		'month',
	],
	[
		'parution month 00',
		(c) => c.createIssue({ ...FILE, titre: 'T', parution: '2026-00' }),
		'parution',
		'month',
	],
	[
		'acces',
		(c) => c.createIssue({ ...FILE, titre: 'T', acces: 'public' as never }),
		'acces',
		'enum',
	],
	[
		'lien_achat relative',
		(c) => c.createIssue({ ...FILE, titre: 'T', lien_achat: '/acheter' }),
		'lien_achat',
		'uri',
	],
	[
		'lien_achat ftp',
		(c) => c.createIssue({ ...FILE, titre: 'T', lien_achat: 'ftp://x.example/a' }),
		'lien_achat',
		'uri',
	],
	[
		'lien_achat javascript',
		(c) => c.createIssue({ ...FILE, titre: 'T', lien_achat: 'javascript:alert(1)' }),
		'lien_achat',
		'uri',
	],
	[
		'issue domaine',
		(c) => c.createIssue({ ...FILE, titre: 'T', domaine: 'numero.fr' as never }),
		'domaine',
		'enum',
	],
	[
		'adresse with capitals',
		(c) => c.createIssue({ ...FILE, titre: 'T', adresse: 'Mon-Numero' }),
		'adresse',
		'pattern',
	],
	['pages 0', (c) => c.createIssue({ ...FILE, titre: 'T', pages: 0 }), 'pages', 'range'],
	[
		'telechargement as text',
		(c) => c.createIssue({ ...FILE, titre: 'T', telechargement: 'yes' as never }),
		'telechargement',
		'type',
	],
	[
		'remplace malformed',
		(c) => c.createIssue({ ...FILE, titre: 'T', remplace: 'x' }),
		'remplace',
		'pattern',
	],
	[
		'publication and nouvelle_publication',
		(c) =>
			c.createIssue({
				...FILE,
				titre: 'T',
				publication: 'gazette',
				nouvelle_publication: 'La Gazette',
			}),
		'nouvelle_publication',
		'exclusive',
	],
	[
		'couverture_sha256 alone',
		(c) => c.createIssue({ ...FILE, titre: 'T', couverture_sha256: SHA }),
		'couverture_taille',
		'together',
	],
	[
		'couverture_taille alone',
		(c) => c.createIssue({ ...FILE, titre: 'T', couverture_taille: 10 }),
		'couverture_sha256',
		'together',
	],
	[
		'couverture_sha256 malformed',
		(c) => c.createIssue({ ...FILE, titre: 'T', couverture_sha256: 'x', couverture_taille: 10 }),
		'couverture_sha256',
		'pattern',
	],
	[
		'publier_le not a date-time',
		(c) => c.createIssue({ ...FILE, titre: 'T', publier_le: 'tomorrow' }),
		'publier_le',
		'date_time',
	],
	[
		'publier_le without time zone',
		(c) => c.createIssue({ ...FILE, titre: 'T', publier_le: '2026-07-01T08:00:00' }),
		'publier_le',
		'date_time',
	],
	[
		'publier_le without seconds',
		(c) => c.createIssue({ ...FILE, titre: 'T', publier_le: '2026-07-01T08:00Z' }),
		'publier_le',
		'date_time',
	],
	[
		'publier_le on 31 June',
		(c) => c.createIssue({ ...FILE, titre: 'T', publier_le: '2026-06-31T08:00:00Z' }),
		'publier_le',
		'date_time',
	],
	[
		'publier_le at 24:00',
		(c) => c.createIssue({ ...FILE, titre: 'T', publier_le: '2026-07-01T24:00:00Z' }),
		'publier_le',
		'date_time',
	],
	[
		'publier_le in the past',
		(c) => c.createIssue({ ...FILE, titre: 'T', publier_le: '2026-06-15T11:59:59Z' }),
		'publier_le',
		'future',
	],
	[
		'publier_le now',
		(c) => c.createIssue({ ...FILE, titre: 'T', publier_le: '2026-06-15T12:00:00Z' }),
		'publier_le',
		'future',
	],
	[
		'publier_le beyond a year',
		(c) => c.createIssue({ ...FILE, titre: 'T', publier_le: '2027-06-15T12:00:01Z' }),
		'publier_le',
		'within_a_year',
	],
	[
		'issue unknown field',
		(c) => c.createIssue({ ...FILE, titre: 'T', title: 'x' } as never),
		'title',
		'unknown_field',
	],
	[
		'issue Idempotency-Key too long',
		(c) => c.createIssue({ ...FILE, titre: 'T' }, { idempotencyKey: 'k'.repeat(121) }),
		'Idempotency-Key',
		'length',
	],
	// PATCH /numeros
	['patch id malformed', (c) => c.updateIssue('nope', { titre: 'T' }), 'id', 'pattern'],
	['patch empty', (c) => c.updateIssue(ID, {}), 'patch', 'not_empty'],
	['patch only undefined', (c) => c.updateIssue(ID, { titre: undefined }), 'patch', 'not_empty'],
	['patch titre too long', (c) => c.updateIssue(ID, { titre: 'é'.repeat(201) }), 'titre', 'length'],
	['patch acces', (c) => c.updateIssue(ID, { acces: 'tous' as never }), 'acces', 'enum'],
	['patch lien_achat', (c) => c.updateIssue(ID, { lien_achat: 'not a uri' }), 'lien_achat', 'uri'],
	[
		'patch en_ligne as text',
		(c) => c.updateIssue(ID, { en_ligne: 'true' as never }),
		'en_ligne',
		'type',
	],
	[
		'patch impression as number',
		(c) => c.updateIssue(ID, { impression: 1 as never }),
		'impression',
		'type',
	],
	[
		'patch publier_le past',
		(c) => c.updateIssue(ID, { publier_le: '2020-01-01T00:00:00Z' }),
		'publier_le',
		'future',
	],
	[
		'patch unknown field',
		(c) => c.updateIssue(ID, { statut: 'retire' } as never),
		'statut',
		'unknown_field',
	],
	// GET /statistiques
	['statistics id', (c) => c.getStatistics({ id: '' }), 'id', 'pattern'],
	['depuis as a month', (c) => c.getStatistics({ id: ID, depuis: '2026-06' }), 'depuis', 'pattern'],
	[
		'depuis 30 February',
		(c) => c.getStatistics({ id: ID, depuis: '2026-02-30' }),
		'depuis',
		'date',
	],
	[
		'depuis 29 February of a common year',
		(c) => c.getStatistics({ id: ID, depuis: '2025-02-29' }),
		'depuis',
		'date',
	],
	['depuis month 13', (c) => c.getStatistics({ id: ID, depuis: '2026-13-01' }), 'depuis', 'date'],
	// PUT upload
	[
		'put size 0',
		(c) => c.putUpload({ url: 'https://up.example/x', en_tetes: {} } as never, 'x', 0),
		'size',
		'range',
	],
	['put url missing', (c) => c.putUpload({ en_tetes: {} } as never, 'x', 1), 'url', 'uri'],
];

describe('validation before any request (sandbox request counter)', () => {
	let harness: Harness;
	beforeAll(async () => {
		harness = await startHarness();
	});
	afterAll(async () => {
		await harness.close();
	});

	it.each(invalid)('%s', async (_name, call, field, rule) => {
		const client = harness.client({ now: () => NOW });
		const before = await harness.requestCount();
		const error = await call(client).then(
			() => undefined,
			(e: unknown) => e,
		);
		expect(error).toBeInstanceOf(NumeroValidationError);
		const validation = error as NumeroValidationError;
		expect({ field: validation.field, rule: validation.rule }).toEqual({ field, rule });
		expect(validation.message).toContain(field);
		expect(validation.message).toContain(rule);
		expect(await harness.requestCount()).toBe(before);
	});

	it('the messages describe what is wrong with the value', async () => {
		const client = harness.client({ now: () => NOW });
		await expect(client.createLink({ id: ID, jours: 400 })).rejects.toThrow(
			'Field "jours" must be a whole number from 1 to 365 (rule: range); got 400.',
		);
		await expect(client.createIssue({ ...FILE, titre: 't'.repeat(205) })).rejects.toThrow(
			'got 205 characters',
		);
		await expect(client.getStatistics({ id: ID, depuis: '2026-02-30' })).rejects.toThrow(
			'"2026-02-30"',
		);
	});
});

describe('client options are checked when the client is made', () => {
	const transport: Transport = async () => {
		throw new Error('no request may be sent');
	};
	const cases: Array<[string, unknown, string, string]> = [
		['no baseUrl', undefined, 'baseUrl', 'required'],
		['not an address', 'api.numero.press/v1', 'baseUrl', 'uri'],
		['http on a public host', 'http://api.numero.press/v1', 'baseUrl', 'https'],
		['ftp', 'ftp://api.numero.press/v1', 'baseUrl', 'https'],
		['no /v1', 'https://api.numero.press/', 'baseUrl', 'v1_path'],
		['/v2', 'https://api.numero.press/v2', 'baseUrl', 'v1_path'],
		['/v1 inside the path', 'https://api.numero.press/v1/liens', 'baseUrl', 'v1_path'],
		[
			'credentials in the address',
			'https://user:secret-pass@api.numero.press/v1',
			'baseUrl',
			'no_credentials',
		],
		['a query', 'https://api.numero.press/v1?x=1', 'baseUrl', 'no_query'],
	];
	it.each(cases)('%s', (_name, baseUrl, field, rule) => {
		let error: unknown;
		try {
			new NumeroClient({ baseUrl: baseUrl as string, transport });
		} catch (e) {
			error = e;
		}
		expect(error).toBeInstanceOf(NumeroValidationError);
		expect({
			field: (error as NumeroValidationError).field,
			rule: (error as NumeroValidationError).rule,
		}).toEqual({ field, rule });
		expect((error as Error).message).not.toContain('secret-pass');
	});

	it('accepts https anywhere and http on loopback, and drops a trailing slash', () => {
		for (const [given, normalised] of [
			['https://api.numero.press/v1', 'https://api.numero.press/v1'],
			['https://api.numero.press/v1/', 'https://api.numero.press/v1'],
			['http://127.0.0.1:4010/v1', 'http://127.0.0.1:4010/v1'],
			['http://127.8.9.10:4010/api/v1', 'http://127.8.9.10:4010/api/v1'],
			['http://localhost:4010/v1', 'http://localhost:4010/v1'],
			['http://[::1]:4010/v1', 'http://[::1]:4010/v1'],
		]) {
			expect(new NumeroClient({ baseUrl: given!, transport }).baseUrl).toBe(normalised);
		}
	});

	it('refuses an API key or User-Agent that cannot travel in a header, without echoing the key', () => {
		for (const apiKey of ['', 'key with space', 'key\n', 'clé']) {
			let error: unknown;
			try {
				new NumeroClient({ baseUrl: 'https://api.numero.press/v1', apiKey, transport });
			} catch (e) {
				error = e;
			}
			expect(error).toBeInstanceOf(NumeroValidationError);
			expect((error as NumeroValidationError).field).toBe('apiKey');
			if (apiKey) expect((error as Error).message).not.toContain(apiKey.trim());
		}
		expect(
			() =>
				new NumeroClient({
					baseUrl: 'https://api.numero.press/v1',
					userAgent: 'a\r\nX-Evil: 1',
					transport,
				}),
		).toThrow(NumeroValidationError);
	});

	it('refuses a missing transport', () => {
		expect(() => new NumeroClient({ baseUrl: 'https://api.numero.press/v1' } as never)).toThrow(
			NumeroValidationError,
		);
	});
});

describe('validators agree with the rules on any value (property)', () => {
	const passes = (fn: () => unknown): boolean => {
		try {
			fn();
			return true;
		} catch (error) {
			if (error instanceof NumeroValidationError) return false;
			throw error;
		}
	};

	it('jours passes exactly for integers 1 to 365', () => {
		fc.assert(
			fc.property(
				fc.oneof(fc.integer(), fc.double()),
				(jours) =>
					passes(() => validateCreateLink({ id: ID, jours })) ===
					(Number.isInteger(jours) && jours >= 1 && jours <= 365),
			),
		);
	});

	it('reference passes exactly when it matches ^[A-Za-z0-9_.:@+-]{1,80}$', () => {
		const chars = fc.constantFrom(...'abcXYZ019_.:@+- é/\n\t%'.split(''));
		fc.assert(
			fc.property(
				fc.array(chars, { maxLength: 90 }).map((a) => a.join('')),
				(reference) =>
					passes(() => validateCreateLink({ id: ID, reference })) ===
					REFERENCE_PATTERN.test(reference),
			),
		);
	});

	it('depuis passes exactly for dates that exist', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1900, max: 2100 }),
				fc.integer({ min: 0, max: 14 }),
				fc.integer({ min: 0, max: 32 }),
				(y, m, d) => {
					const text = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
					const date = new Date(Date.UTC(y, m - 1, d));
					const exists =
						m >= 1 && m <= 12 && d >= 1 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
					return passes(() => validateStatistics({ id: ID, depuis: text })) === exists;
				},
			),
		);
	});

	it('titre passes exactly for 1 to 200 characters that are not all blank and have no control character', () => {
		fc.assert(
			fc.property(
				fc.string({ maxLength: 220, unit: fc.constantFrom('a', 'é', '😀', ' ', '\n') }),
				(titre) => {
					const length = [...titre].length;
					const expected =
						length >= 1 && length <= 200 && titre.trim() !== '' && !titre.includes('\n');
					return passes(() => validateCreateIssue({ ...FILE, titre }, NOW)) === expected;
				},
			),
		);
	});
});
