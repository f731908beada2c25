/**
 * A value in the form a field's pattern (or format) asks for, but not valid, is told what is wrong
 * with it, not the pattern again: "2026-13" has no month 13, "2026-02-30" has no day 30. Every
 * request field of openapi.json with a pattern or a format has its cases here (the test fails when
 * a new one has none); for those whose pattern is the whole rule, a value in the form goes through
 * validation and the answer says what else is wrong (no such issue, no such upload, address taken).
 */
import type { RunningSandbox } from '../../sandbox';
import { openApiDocument } from '../../sandbox/openapi';
import { type Answer, call, pdfBytes, start, upload } from './sandbox-client';

const doc: any = openApiDocument('http://sandbox.test');
const ISSUE = 'numero.press:gazette-2026-10';

let sb: RunningSandbox;
let file: { sha256: string; taille: number };
beforeAll(async () => {
	sb = await start();
	file = await upload(sb, pdfBytes());
});
afterAll(() => sb.close());

/** `METHOD /path field` → where the field goes and its schema, for every patterned request field. */
function patternedFields(): Map<string, { in: 'query' | 'body'; schema: any }> {
	const out = new Map<string, { in: 'query' | 'body'; schema: any }>();
	const patterned = (schema: any): boolean => Boolean(schema?.pattern ?? schema?.format);
	for (const [path, item] of Object.entries<any>(doc.paths)) {
		for (const [method, operation] of Object.entries<any>(item)) {
			if (method === 'servers') continue;
			const at = `${method.toUpperCase()} ${path}`;
			for (const parameter of operation.parameters ?? []) {
				if (patterned(parameter.schema))
					out.set(`${at} ${parameter.name}`, { in: 'query', schema: parameter.schema });
			}
			const body = operation.requestBody?.content?.['application/json']?.schema;
			for (const [name, schema] of Object.entries<any>(body?.properties ?? {}))
				if (patterned(schema)) out.set(`${at} ${name}`, { in: 'body', schema });
		}
	}
	return out;
}

/** The rest of a valid request of each operation. */
const REQUEST: Record<string, () => { query: Record<string, string>; body?: object }> = {
	'POST /liens': () => ({ query: {}, body: { id: ISSUE } }),
	'POST /liens/revoquer': () => ({ query: {}, body: {} }),
	'GET /numeros': () => ({ query: { id: ISSUE } }),
	'POST /numeros': () => ({
		query: {},
		body: { ...file, titre: 'Motifs', publication: 'gazette' },
	}),
	'PATCH /numeros': () => ({ query: { id: ISSUE }, body: {} }),
	'GET /statistiques': () => ({ query: { id: ISSUE } }),
	'POST /televersements': () => ({ query: {}, body: { taille: 10 } }),
};

/** [field, value in the form, the answer's status, its message (or error code)]. */
const CASES: Array<[string, string, number, string]> = [
	['POST /liens id', 'example.org:nope', 404, 'No issue "example.org:nope" for this key'],
	['POST /liens reference', 'abo.1@x+y', 201, ''],
	['POST /liens/revoquer reference', 'abo.1@x+y', 200, ''],
	['POST /televersements sha256', 'e'.repeat(64), 201, ''],
	['GET /numeros id', 'numero.press:nope', 404, 'No issue "numero.press:nope" for this key'],
	['PATCH /numeros id', 'numero.press:nope', 404, 'No issue "numero.press:nope" for this key'],
	['GET /statistiques id', 'numero.press:nope', 404, 'No issue "numero.press:nope" for this key'],
	[
		'GET /statistiques depuis',
		'2026-02-30',
		400,
		'depuis: "2026-02-30" has no day 30: 2026-02 has 28 days',
	],
	[
		'GET /statistiques depuis',
		'2026-13-01',
		400,
		'depuis: "2026-13-01" has no month 13: the month is 01 to 12',
	],
	[
		'POST /numeros sha256',
		'f'.repeat(64),
		400,
		'sha256: no file with this SHA-256 was uploaded; request an address with POST /televersements and PUT the file first',
	],
	[
		'POST /numeros couverture_sha256',
		'c'.repeat(64),
		400,
		'couverture_sha256: no file with this SHA-256 was uploaded; request an address with POST /televersements and PUT the file first',
	],
	[
		'POST /numeros parution',
		'2026-13',
		400,
		'parution: "2026-13" has no month 13: the month is 01 to 12',
	],
	[
		'POST /numeros parution',
		'2026-00',
		400,
		'parution: "2026-00" has no month 00: the month is 01 to 12',
	],
	[
		'POST /numeros adresse',
		'gazette-2026-09',
		409,
		'adresse: numero.press/gazette-2026-09 is already taken; choose another adresse',
	],
	['POST /numeros remplace', 'numero.press:nope', 404, 'No issue "numero.press:nope" for this key'],
	[
		'POST /numeros lien_achat',
		'ftp://shop.example/n1',
		400,
		'lien_achat: ftp: addresses are refused: give an http:// or https:// one',
	],
	[
		'PATCH /numeros lien_achat',
		'https://',
		400,
		'lien_achat: "https://" has no valid host name after https://',
	],
	[
		'POST /numeros publier_le',
		'2027-02-29T08:00:00Z',
		400,
		'publier_le: "2027-02-29T08:00:00Z" has no day 29: 2027-02 has 28 days',
	],
	[
		'POST /numeros publier_le',
		'2027-01-01T24:00:00Z',
		400,
		'publier_le: "2027-01-01T24:00:00Z" has no hour 24: the hour is 00 to 23',
	],
	[
		'POST /numeros publier_le',
		'2027-01-01T08:60:00+01:00',
		400,
		'publier_le: "2027-01-01T08:60:00+01:00" has no minute 60: the minutes are 00 to 59',
	],
	[
		'POST /numeros publier_le',
		'2027-01-01T08:00:00+24:00',
		400,
		'publier_le: "2027-01-01T08:00:00+24:00" has no time zone offset 24:00: an offset is 00:00 to 23:59 either side of Z',
	],
	[
		'PATCH /numeros publier_le',
		'2026-04-31T08:00:00Z',
		400,
		'publier_le: "2026-04-31T08:00:00Z" has no day 31: 2026-04 has 30 days',
	],
];

async function send(field: string, value: string): Promise<Answer> {
	const [method, path, name] = field.split(' ');
	const { query, body } = REQUEST[`${method} ${path}`]();
	const where = patternedFields().get(field)?.in;
	if (where === 'query') query[name] = value;
	const extra = name === 'couverture_sha256' ? { couverture_taille: 10 } : {};
	const sent = where === 'body' ? { ...body, ...extra, [name]: value } : body;
	const search = new URLSearchParams(query).toString();
	return call(sb, sb.keys.full, method, `${path}${search ? `?${search}` : ''}`, { body: sent });
}

describe('a value in the form of its field but not valid', () => {
	test('every request field with a pattern or a format has its cases', () => {
		const covered = new Set(CASES.map(([field]) => field));
		expect([...patternedFields().keys()].filter((field) => !covered.has(field)).sort()).toEqual([]);
	});

	test.each(CASES)('%s %p: %p %s', async (field, value, status, message) => {
		const pattern = patternedFields().get(field)?.schema.pattern;
		if (pattern) expect([value, new RegExp(pattern, 'u').test(value)]).toEqual([value, true]);
		const answer = await send(field, value);
		expect([answer.status, answer.body.error?.message ?? '']).toEqual([status, message]);
	});
});
