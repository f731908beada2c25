/**
 * Every field rule of the reference (numero-api.md, with the choices of docs/api-choices.md), each
 * violated once, as each integration lets a person give it: the core's call, the n8n node's
 * parameters, the Zapier action's fields. A rule an integration gives no way to break (a value it
 * computes itself, a choice it makes exclusive) says so in `n8n` / `zapier` as a string.
 */
import type { INodeParameters } from 'n8n-workflow';

import { samplePdf } from '../../../sandbox/reader/sample-files';
import type { NumeroClient } from '../../../shared';
import type { TestItem } from '../../n8n/harness';

export const ISSUE = 'numero.press:gazette-2026-10';
const SHA = 'a'.repeat(64);
const DAY_MS = 24 * 3600 * 1000;

/** A date-time `days` from now, to the second, in UTC. */
export const inDays = (days: number): string =>
	new Date(Date.now() + days * DAY_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');

export interface N8nCase {
	parameters: INodeParameters;
	/** Items fed to the node; publish cases get a PDF in `data` unless they bring their own. */
	input?: TestItem[];
	/** Overrides of the Numero API credential (baseUrl, apiKey). */
	credential?: { baseUrl?: string; apiKey?: string };
	/** The field's label in the node, which the error must name (or the API's field name). */
	name: string;
}

export interface ZapierCase {
	action: ['creates' | 'searches', string];
	inputData: Record<string, unknown>;
	/** Files to serve to the action (their address replaces the value under this key). */
	files?: Record<string, Buffer>;
	authData?: { baseUrl?: string; apiKey?: string };
	name: string;
}

export interface BadInputCase {
	/** The rule of the reference, as written there. */
	rule: string;
	/** The field the core's error names, and its rule. */
	field: string;
	coreRule: string;
	core: (client: NumeroClient) => Promise<unknown>;
	/** Builds a client from options that break a rule (for the credential's own fields). */
	coreOptions?: { baseUrl?: string; apiKey?: string };
	n8n: N8nCase | string;
	zapier: ZapierCase | string;
}

const rl = (value: string) => ({ __rl: true, mode: 'id', value });
const link = (extra: INodeParameters) => ({
	resource: 'link',
	operation: 'create',
	issueId: rl(ISSUE),
	reference: 'sub_1',
	...extra,
});
const publish = (extra: INodeParameters, additionalFields: INodeParameters = {}) => ({
	resource: 'issue',
	operation: 'publish',
	binaryPropertyName: 'data',
	title: 'Bad input',
	periodicalMode: 'existing',
	periodical: 'gazette',
	additionalFields,
	...extra,
});
const update = (updateFields: INodeParameters, id = ISSUE) => ({
	resource: 'issue',
	operation: 'update',
	issueId: rl(id),
	updateFields,
});
const Z_LINK: ZapierCase['action'] = ['creates', 'createReadingLink'];
const zPublish = (inputData: Record<string, unknown>, name: string): ZapierCase => ({
	action: ['creates', 'publishIssue'],
	inputData: { pdf: 'PDF', titre: 'Bad input', publication: 'gazette', ...inputData },
	name,
});
const zUpdate = (inputData: Record<string, unknown>, name: string): ZapierCase => ({
	action: ['creates', 'updateIssue'],
	inputData: { id: ISSUE, ...inputData },
	name,
});

const COMPUTED = 'computed by the integration from the file (not entered)';

export function badInputCases(sandboxBaseUrl: string): BadInputCase[] {
	const sandboxOrigin = new URL(sandboxBaseUrl);
	return [
		// POST /liens
		{
			rule: 'POST /liens id: required',
			field: 'id',
			coreRule: 'required',
			core: (c) => c.createLink({} as never),
			n8n: { parameters: link({ issueId: rl('') }), name: 'Issue' },
			zapier: { action: Z_LINK, inputData: { reference: 'sub_1' }, name: 'Issue' },
		},
		{
			rule: 'POST /liens id: issue id <domain>:<slug>',
			field: 'id',
			coreRule: 'pattern',
			core: (c) => c.createLink({ id: 'gazette' }),
			n8n: { parameters: link({ issueId: rl('gazette') }), name: 'Issue' },
			zapier: { action: Z_LINK, inputData: { id: 'gazette' }, name: 'Issue' },
		},
		{
			rule: 'POST /liens jours: 1 to 365 (too big)',
			field: 'jours',
			coreRule: 'range',
			core: (c) => c.createLink({ id: ISSUE, jours: 366 }),
			n8n: { parameters: link({ additionalFields: { days: 366 } }), name: 'Days Valid' },
			zapier: { action: Z_LINK, inputData: { id: ISSUE, jours: '366' }, name: 'Validity (Days)' },
		},
		{
			rule: 'POST /liens jours: 1 to 365 (zero)',
			field: 'jours',
			coreRule: 'range',
			core: (c) => c.createLink({ id: ISSUE, jours: 0 }),
			n8n: { parameters: link({ additionalFields: { days: 0 } }), name: 'Days Valid' },
			zapier: { action: Z_LINK, inputData: { id: ISSUE, jours: '0' }, name: 'Validity (Days)' },
		},
		{
			rule: 'POST /liens jours: integer',
			field: 'jours',
			coreRule: 'integer',
			core: (c) => c.createLink({ id: ISSUE, jours: 1.5 }),
			n8n: { parameters: link({ additionalFields: { days: 1.5 } }), name: 'Days Valid' },
			zapier: { action: Z_LINK, inputData: { id: ISSUE, jours: '1.5' }, name: 'Validity (Days)' },
		},
		{
			rule: 'POST /liens page: minimum 1',
			field: 'page',
			coreRule: 'range',
			core: (c) => c.createLink({ id: ISSUE, page: 0 }),
			n8n: { parameters: link({ additionalFields: { page: 0 } }), name: 'Page' },
			zapier: { action: Z_LINK, inputData: { id: ISSUE, page: '0' }, name: 'Opening Page' },
		},
		{
			rule: 'POST /liens page: integer',
			field: 'page',
			coreRule: 'integer',
			core: (c) => c.createLink({ id: ISSUE, page: 2.5 }),
			n8n: { parameters: link({ additionalFields: { page: 2.5 } }), name: 'Page' },
			zapier: { action: Z_LINK, inputData: { id: ISSUE, page: '2.5' }, name: 'Opening Page' },
		},
		{
			rule: 'POST /liens reference: ^[A-Za-z0-9_.:@+-]{1,80}$ (a space)',
			field: 'reference',
			coreRule: 'pattern',
			core: (c) => c.createLink({ id: ISSUE, reference: 'abo 12' }),
			n8n: { parameters: link({ reference: 'abo 12' }), name: 'Subscriber Reference' },
			zapier: {
				action: Z_LINK,
				inputData: { id: ISSUE, reference: 'abo 12' },
				name: 'Subscriber Reference',
			},
		},
		{
			rule: 'POST /liens reference: ^[A-Za-z0-9_.:@+-]{1,80}$ (81 characters)',
			field: 'reference',
			coreRule: 'pattern',
			core: (c) => c.createLink({ id: ISSUE, reference: 'r'.repeat(81) }),
			n8n: { parameters: link({ reference: 'r'.repeat(81) }), name: 'Subscriber Reference' },
			zapier: {
				action: Z_LINK,
				inputData: { id: ISSUE, reference: 'r'.repeat(81) },
				name: 'Subscriber Reference',
			},
		},
		{
			rule: 'POST /liens Idempotency-Key: at most 120 characters',
			field: 'Idempotency-Key',
			coreRule: 'length',
			core: (c) => c.createLink({ id: ISSUE }, { idempotencyKey: 'k'.repeat(121) }),
			n8n: {
				parameters: link({ options: { idempotencyKey: 'k'.repeat(121) } }),
				name: 'Idempotency Key',
			},
			zapier: {
				action: Z_LINK,
				inputData: { id: ISSUE, idempotency_key: 'k'.repeat(121) },
				name: 'Idempotency Key',
			},
		},
		{
			rule: 'POST /liens Idempotency-Key: a header value (printable ASCII)',
			field: 'Idempotency-Key',
			coreRule: 'printable',
			core: (c) => c.createLink({ id: ISSUE }, { idempotencyKey: 'clé-1' }),
			n8n: { parameters: link({ options: { idempotencyKey: 'clé-1' } }), name: 'Idempotency Key' },
			zapier: {
				action: Z_LINK,
				inputData: { id: ISSUE, idempotency_key: 'clé-1' },
				name: 'Idempotency Key',
			},
		},
		// POST /liens/revoquer
		{
			rule: 'POST /liens/revoquer reference: required',
			field: 'reference',
			coreRule: 'required',
			core: (c) => c.revokeReference({} as never),
			n8n: {
				parameters: { resource: 'link', operation: 'revoke', reference: '' },
				name: 'Subscriber Reference',
			},
			zapier: {
				action: ['creates', 'revokeSubscriberLinks'],
				inputData: {},
				name: 'Subscriber Reference',
			},
		},
		{
			rule: 'POST /liens/revoquer reference: ^[A-Za-z0-9_.:@+-]{1,80}$',
			field: 'reference',
			coreRule: 'pattern',
			core: (c) => c.revokeReference({ reference: 'a/b' }),
			n8n: {
				parameters: { resource: 'link', operation: 'revoke', reference: 'a/b' },
				name: 'Subscriber Reference',
			},
			zapier: {
				action: ['creates', 'revokeSubscriberLinks'],
				inputData: { reference: 'a/b' },
				name: 'Subscriber Reference',
			},
		},
		// GET /publications
		{
			rule: 'GET /publications limite: 1 to 200',
			field: 'limite',
			coreRule: 'range',
			core: (c) => c.listIssues({ limite: 201 }),
			n8n: {
				parameters: { resource: 'issue', operation: 'getMany', returnAll: false, limit: 201 },
				name: 'Limit',
			},
			zapier: 'no limit field (the searches use a fixed limit)',
		},
		{
			rule: 'GET /publications publication: a periodical code (text, 1 to 200)',
			field: 'publication',
			coreRule: 'length',
			core: (c) => c.listIssues({ publication: 'p'.repeat(201) }),
			n8n: {
				parameters: {
					resource: 'issue',
					operation: 'getMany',
					returnAll: false,
					limit: 5,
					filters: { periodical: 'p'.repeat(201) },
				},
				name: 'Periodical',
			},
			zapier: {
				action: ['searches', 'findIssue'],
				inputData: { titre: 'Any', publication: 'p'.repeat(201) },
				name: 'Periodical',
			},
		},
		// GET /numeros
		{
			rule: 'GET /numeros id: issue id <domain>:<slug>',
			field: 'id',
			coreRule: 'pattern',
			core: (c) => c.getIssue({ id: 'no-colon' }),
			n8n: {
				parameters: { resource: 'issue', operation: 'get', issueId: rl('no-colon') },
				name: 'Issue',
			},
			zapier: { action: ['searches', 'findIssue'], inputData: { id: 'no-colon' }, name: 'Issue' },
		},
		// POST /televersements
		{
			rule: 'POST /televersements sha256: the SHA-256 (64 lowercase hex)',
			field: 'sha256',
			coreRule: 'pattern',
			core: (c) => c.requestUpload({ sha256: SHA.toUpperCase(), taille: 10 }),
			n8n: COMPUTED,
			zapier: COMPUTED,
		},
		{
			rule: 'POST /televersements taille: size in bytes (an empty file)',
			field: 'taille',
			coreRule: 'range',
			core: (c) => c.requestUpload({ sha256: SHA, taille: 0 }),
			n8n: {
				parameters: publish({}),
				input: [
					{
						json: {},
						binary: {
							data: {
								bytes: new Uint8Array(0),
								fileName: 'empty.pdf',
								mimeType: 'application/pdf',
							},
						},
					},
				],
				name: 'Input Binary Field',
			},
			zapier: {
				action: ['creates', 'publishIssue'],
				inputData: { pdf: 'PDF', titre: 'Empty', publication: 'gazette' },
				files: { pdf: Buffer.alloc(0) },
				name: 'PDF File',
			},
		},
		{
			rule: 'POST /televersements type: pdf or couverture',
			field: 'type',
			coreRule: 'enum',
			core: (c) => c.requestUpload({ sha256: SHA, taille: 10, type: 'png' as never }),
			n8n: COMPUTED,
			zapier: COMPUTED,
		},
		{
			rule: 'POST /televersements domaine: one of the two service domains',
			field: 'domaine',
			coreRule: 'enum',
			core: (c) => c.requestUpload({ sha256: SHA, taille: 10, domaine: 'example.com' as never }),
			n8n: { parameters: publish({}, { domain: 'example.com' }), name: 'Domain' },
			zapier: zPublish({ domaine: 'example.com' }, 'Service Domain'),
		},
		// POST /numeros
		{
			rule: 'POST /numeros sha256: ^[a-f0-9]{64}$',
			field: 'sha256',
			coreRule: 'pattern',
			core: (c) => c.createIssue({ sha256: 'xyz', taille: 10, titre: 'T' }),
			n8n: COMPUTED,
			zapier: COMPUTED,
		},
		{
			rule: 'POST /numeros taille: PDF size in bytes (integer)',
			field: 'taille',
			coreRule: 'integer',
			core: (c) => c.createIssue({ sha256: SHA, taille: 10.5, titre: 'T' }),
			n8n: COMPUTED,
			zapier: COMPUTED,
		},
		{
			rule: 'POST /numeros titre: required',
			field: 'titre',
			coreRule: 'required',
			core: (c) => c.createIssue({ sha256: SHA, taille: 10 } as never),
			n8n: { parameters: publish({ title: '' }), name: 'Title' },
			zapier: zPublish({ titre: '' }, 'Title'),
		},
		{
			rule: 'POST /numeros titre: at most 200 characters',
			field: 'titre',
			coreRule: 'length',
			core: (c) => c.createIssue({ sha256: SHA, taille: 10, titre: 't'.repeat(201) }),
			n8n: { parameters: publish({ title: 't'.repeat(201) }), name: 'Title' },
			zapier: zPublish({ titre: 't'.repeat(201) }, 'Title'),
		},
		{
			rule: 'POST /numeros titre: one line (no control characters)',
			field: 'titre',
			coreRule: 'printable',
			core: (c) => c.createIssue({ sha256: SHA, taille: 10, titre: 'Gazette\nde mai' }),
			n8n: { parameters: publish({ title: 'Gazette\nde mai' }), name: 'Title' },
			zapier: zPublish({ titre: 'Gazette\nde mai' }, 'Title'),
		},
		{
			rule: 'POST /numeros publication / nouvelle_publication: one or the other',
			field: 'nouvelle_publication',
			coreRule: 'exclusive',
			core: (c) =>
				c.createIssue({
					sha256: SHA,
					taille: 10,
					titre: 'T',
					publication: 'gazette',
					nouvelle_publication: 'La Gazette',
				}),
			n8n: 'the node asks for an existing periodical or a new one (Periodical mode), never both',
			zapier: zPublish({ nouvelle_publication: 'La Gazette bis' }, 'New Periodical Name'),
		},
		{
			rule: 'POST /numeros nouvelle_publication: a name (1 to 200 characters)',
			field: 'nouvelle_publication',
			coreRule: 'length',
			core: (c) =>
				c.createIssue({
					sha256: SHA,
					taille: 10,
					titre: 'T',
					nouvelle_publication: 'n'.repeat(201),
				}),
			n8n: {
				parameters: publish({ periodicalMode: 'new', newPeriodicalName: 'n'.repeat(201) }),
				name: 'New Periodical Name',
			},
			zapier: zPublish(
				{ publication: '', nouvelle_publication: 'n'.repeat(201) },
				'New Periodical Name',
			),
		},
		{
			rule: 'POST /numeros parution: ^\\d{4}-\\d{2}$',
			field: 'parution',
			coreRule: 'pattern',
			core: (c) => c.createIssue({ sha256: SHA, taille: 10, titre: 'T', parution: '2026' }),
			n8n: { parameters: publish({}, { releaseMonth: '2026' }), name: 'Release Month' },
			zapier: zPublish({ parution: '2026' }, 'Release Month'),
		},
		{
			rule: 'POST /numeros parution: a real month (01 to 12)',
			field: 'parution',
			coreRule: 'month',
			core: (c) => c.createIssue({ sha256: SHA, taille: 10, titre: 'T', parution: '2026-13' }),
			n8n: { parameters: publish({}, { releaseMonth: '2026-13' }), name: 'Release Month' },
			zapier: zPublish({ parution: '2026-13' }, 'Release Month'),
		},
		{
			rule: 'POST /numeros acces: abonnes or libre',
			field: 'acces',
			coreRule: 'enum',
			core: (c) => c.createIssue({ sha256: SHA, taille: 10, titre: 'T', acces: 'public' as never }),
			n8n: { parameters: publish({}, { access: 'public' }), name: 'Access' },
			zapier: zPublish({ acces: 'public' }, 'Access'),
		},
		{
			rule: 'POST /numeros lien_achat: URI (http or https)',
			field: 'lien_achat',
			coreRule: 'uri',
			core: (c) =>
				c.createIssue({ sha256: SHA, taille: 10, titre: 'T', lien_achat: 'javascript:alert(1)' }),
			n8n: {
				parameters: publish({}, { purchaseLink: 'javascript:alert(1)' }),
				name: 'Purchase Link',
			},
			zapier: zPublish({ lien_achat: 'javascript:alert(1)' }, 'Purchase Link'),
		},
		{
			rule: 'POST /numeros telechargement: boolean or null',
			field: 'telechargement',
			coreRule: 'type',
			core: (c) =>
				c.createIssue({
					sha256: SHA,
					taille: 10,
					titre: 'T',
					telechargement: 'yes please' as never,
				}),
			n8n: { parameters: publish({}, { download: 'yes please' }), name: 'Download' },
			zapier: zPublish({ telechargement: 'yes please' }, 'Allow Download'),
		},
		{
			rule: 'POST /numeros impression: boolean or null',
			field: 'impression',
			coreRule: 'type',
			core: (c) =>
				c.createIssue({ sha256: SHA, taille: 10, titre: 'T', impression: 'sometimes' as never }),
			n8n: { parameters: publish({}, { print: 'sometimes' }), name: 'Print' },
			zapier: zPublish({ impression: 'sometimes' }, 'Allow Printing'),
		},
		{
			rule: 'POST /numeros domaine: numero.press or kiosque.press',
			field: 'domaine',
			coreRule: 'enum',
			core: (c) =>
				c.createIssue({ sha256: SHA, taille: 10, titre: 'T', domaine: 'numero.fr' as never }),
			n8n: { parameters: publish({}, { domain: 'numero.fr' }), name: 'Domain' },
			zapier: zPublish({ domaine: 'numero.fr' }, 'Service Domain'),
		},
		{
			rule: 'POST /numeros adresse: a slug (1 to 100 of a-z, 0-9, -)',
			field: 'adresse',
			coreRule: 'pattern',
			core: (c) => c.createIssue({ sha256: SHA, taille: 10, titre: 'T', adresse: 'Mon Numero' }),
			n8n: { parameters: publish({}, { address: 'Mon Numero' }), name: 'Address' },
			zapier: zPublish({ adresse: 'Mon Numero' }, 'Issue Address'),
		},
		{
			rule: 'POST /numeros pages: page count (at least 1)',
			field: 'pages',
			coreRule: 'range',
			core: (c) => c.createIssue({ sha256: SHA, taille: 10, titre: 'T', pages: 0 }),
			n8n: { parameters: publish({}, { pages: 0 }), name: 'Pages' },
			zapier: zPublish({ pages: '0' }, 'Page Count'),
		},
		{
			rule: 'POST /numeros pages: integer',
			field: 'pages',
			coreRule: 'integer',
			core: (c) => c.createIssue({ sha256: SHA, taille: 10, titre: 'T', pages: 2.5 }),
			n8n: { parameters: publish({}, { pages: 2.5 }), name: 'Pages' },
			zapier: zPublish({ pages: '2.5' }, 'Page Count'),
		},
		{
			rule: 'POST /numeros nom_fichier: a file name (1 to 255 characters)',
			field: 'nom_fichier',
			coreRule: 'length',
			core: (c) =>
				c.createIssue({
					sha256: SHA,
					taille: 10,
					titre: 'T',
					nom_fichier: `${'f'.repeat(252)}.pdf`,
				}),
			n8n: { parameters: publish({}, { fileName: `${'f'.repeat(252)}.pdf` }), name: 'File Name' },
			zapier: zPublish({ nom_fichier: `${'f'.repeat(252)}.pdf` }, 'File Name'),
		},
		{
			rule: 'POST /numeros couverture_sha256 with couverture_taille',
			field: 'couverture_taille',
			coreRule: 'together',
			core: (c) => c.createIssue({ sha256: SHA, taille: 10, titre: 'T', couverture_sha256: SHA }),
			n8n: COMPUTED,
			zapier: COMPUTED,
		},
		{
			rule: 'POST /numeros couverture_taille: cover size in bytes (an empty cover)',
			field: 'couverture_taille',
			coreRule: 'range',
			core: (c) =>
				c.createIssue({
					sha256: SHA,
					taille: 10,
					titre: 'T',
					couverture_sha256: SHA,
					couverture_taille: 0,
				}),
			n8n: {
				parameters: publish({}, { coverBinaryPropertyName: 'cover' }),
				input: [
					{
						json: {},
						binary: {
							data: { bytes: samplePdfBytes(), fileName: 'issue.pdf', mimeType: 'application/pdf' },
							cover: { bytes: new Uint8Array(0), fileName: 'cover.jpg', mimeType: 'image/jpeg' },
						},
					},
				],
				name: 'Cover Binary Field',
			},
			zapier: {
				action: ['creates', 'publishIssue'],
				inputData: { pdf: 'PDF', cover: 'COVER', titre: 'Empty cover', publication: 'gazette' },
				files: { cover: Buffer.alloc(0) },
				name: 'Cover Image (JPEG)',
			},
		},
		{
			rule: 'POST /numeros remplace: an issue id',
			field: 'remplace',
			coreRule: 'pattern',
			core: (c) => c.createIssue({ sha256: SHA, taille: 10, titre: 'T', remplace: 'nope' }),
			n8n: {
				parameters: {
					resource: 'issue',
					operation: 'replacePdf',
					issueId: rl('nope'),
					binaryPropertyName: 'data',
					additionalFields: { title: 'T' },
				},
				name: 'Issue',
			},
			zapier: {
				action: ['creates', 'replaceIssuePdf'],
				inputData: { id: 'nope', pdf: 'PDF', titre: 'T' },
				name: 'Issue',
			},
		},
		{
			rule: 'POST /numeros (replacement) pages: at least 1, the title left to the issue',
			field: 'pages',
			coreRule: 'range',
			core: (c) =>
				c.createIssue({ sha256: SHA, taille: 10, titre: 'T', remplace: ISSUE, pages: 0 }),
			n8n: {
				parameters: {
					resource: 'issue',
					operation: 'replacePdf',
					issueId: rl(ISSUE),
					binaryPropertyName: 'data',
					additionalFields: { pages: 0 },
				},
				name: 'Pages',
			},
			zapier: {
				action: ['creates', 'replaceIssuePdf'],
				inputData: { id: ISSUE, pdf: 'PDF', pages: '0' },
				name: 'Page Count',
			},
		},
		{
			rule: 'POST /numeros publier_le: ISO 8601 date-time',
			field: 'publier_le',
			coreRule: 'date_time',
			core: (c) => c.createIssue({ sha256: SHA, taille: 10, titre: 'T', publier_le: 'tomorrow' }),
			n8n: { parameters: publish({}, { publishAt: 'tomorrow' }), name: 'Schedule For' },
			zapier: zPublish({ publier_le: 'tomorrow' }, 'Scheduled Release Time'),
		},
		{
			rule: 'POST /numeros publier_le: in the future',
			field: 'publier_le',
			coreRule: 'future',
			core: (c) => c.createIssue({ sha256: SHA, taille: 10, titre: 'T', publier_le: inDays(-1) }),
			n8n: { parameters: publish({}, { publishAt: inDays(-1) }), name: 'Schedule For' },
			zapier: zPublish({ publier_le: inDays(-1) }, 'Scheduled Release Time'),
		},
		{
			rule: 'POST /numeros publier_le: at most one year ahead',
			field: 'publier_le',
			coreRule: 'within_a_year',
			core: (c) => c.createIssue({ sha256: SHA, taille: 10, titre: 'T', publier_le: inDays(400) }),
			n8n: { parameters: publish({}, { publishAt: inDays(400) }), name: 'Schedule For' },
			zapier: zPublish({ publier_le: inDays(400) }, 'Scheduled Release Time'),
		},
		{
			rule: 'POST /numeros Idempotency-Key: at most 120 characters',
			field: 'Idempotency-Key',
			coreRule: 'length',
			core: (c) =>
				c.createIssue({ sha256: SHA, taille: 10, titre: 'T' }, { idempotencyKey: 'k'.repeat(121) }),
			n8n: {
				parameters: publish({ options: { idempotencyKey: 'k'.repeat(121) } }),
				name: 'Idempotency Key',
			},
			zapier: zPublish({ idempotency_key: 'k'.repeat(121) }, 'Idempotency Key'),
		},
		// PATCH /numeros
		{
			rule: 'PATCH /numeros id: issue id',
			field: 'id',
			coreRule: 'pattern',
			core: (c) => c.updateIssue('nope', { titre: 'T' }),
			n8n: { parameters: update({ title: 'T' }, 'nope'), name: 'Issue' },
			zapier: zUpdate({ id: 'nope', titre: 'T' }, 'Issue'),
		},
		{
			rule: 'PATCH /numeros: at least one field',
			field: 'patch',
			coreRule: 'not_empty',
			core: (c) => c.updateIssue(ISSUE, {}),
			n8n: { parameters: update({}), name: 'Update Fields' },
			zapier: zUpdate({}, 'Issue'),
		},
		{
			rule: 'PATCH /numeros titre: at most 200 characters',
			field: 'titre',
			coreRule: 'length',
			core: (c) => c.updateIssue(ISSUE, { titre: 'é'.repeat(201) }),
			n8n: { parameters: update({ title: 'é'.repeat(201) }), name: 'Title' },
			zapier: zUpdate({ titre: 'é'.repeat(201) }, 'New Title'),
		},
		{
			rule: 'PATCH /numeros acces: abonnes or libre',
			field: 'acces',
			coreRule: 'enum',
			core: (c) => c.updateIssue(ISSUE, { acces: 'tous' as never }),
			n8n: { parameters: update({ access: 'tous' }), name: 'Access' },
			zapier: zUpdate({ acces: 'tous' }, 'Access'),
		},
		{
			rule: 'PATCH /numeros lien_achat: URI or null',
			field: 'lien_achat',
			coreRule: 'uri',
			core: (c) => c.updateIssue(ISSUE, { lien_achat: 'not a uri' }),
			n8n: { parameters: update({ purchaseLink: 'not a uri' }), name: 'Purchase Link' },
			zapier: zUpdate({ lien_achat: 'not a uri' }, 'Purchase Link'),
		},
		{
			rule: 'PATCH /numeros en_ligne: boolean',
			field: 'en_ligne',
			coreRule: 'type',
			core: (c) => c.updateIssue(ISSUE, { en_ligne: 'true' as never }),
			n8n: { parameters: update({ availability: 'sometimes' }), name: 'Online Status' },
			zapier: zUpdate({ availability: 'sometimes' }, 'Availability'),
		},
		{
			rule: 'PATCH /numeros telechargement: boolean or null',
			field: 'telechargement',
			coreRule: 'type',
			core: (c) => c.updateIssue(ISSUE, { telechargement: 'oui' as never }),
			n8n: { parameters: update({ download: 'oui' }), name: 'Download' },
			zapier: zUpdate({ telechargement: 'oui' }, 'Allow Download'),
		},
		{
			rule: 'PATCH /numeros impression: boolean or null',
			field: 'impression',
			coreRule: 'type',
			core: (c) => c.updateIssue(ISSUE, { impression: 1 as never }),
			n8n: { parameters: update({ print: 'oui' }), name: 'Print' },
			zapier: zUpdate({ impression: 'oui' }, 'Allow Printing'),
		},
		{
			rule: 'PATCH /numeros publication: a periodical code or null',
			field: 'publication',
			coreRule: 'length',
			core: (c) => c.updateIssue(ISSUE, { publication: 'p'.repeat(201) }),
			n8n: { parameters: update({ periodical: 'p'.repeat(201) }), name: 'Periodical' },
			zapier: 'no Periodical field in Update Issue (only Remove)',
		},
		{
			rule: 'PATCH /numeros publier_le: in the future, at most one year ahead',
			field: 'publier_le',
			coreRule: 'future',
			core: (c) => c.updateIssue(ISSUE, { publier_le: inDays(-2) }),
			n8n: { parameters: update({ publishAt: inDays(-2) }), name: 'Schedule For' },
			zapier: zUpdate({ publier_le: inDays(-2) }, 'Scheduled Release Time'),
		},
		// GET /statistiques
		{
			rule: 'GET /statistiques id: issue id',
			field: 'id',
			coreRule: 'pattern',
			core: (c) => c.getStatistics({ id: 'x y' }),
			n8n: {
				parameters: { resource: 'statistics', operation: 'get', issueId: rl('x y') },
				name: 'Issue',
			},
			zapier: {
				action: ['searches', 'getIssueStatistics'],
				inputData: { id: 'x y' },
				name: 'Issue',
			},
		},
		{
			rule: 'GET /statistiques depuis: YYYY-MM-DD',
			field: 'depuis',
			coreRule: 'pattern',
			core: (c) => c.getStatistics({ id: ISSUE, depuis: '2026-06' }),
			n8n: {
				parameters: {
					resource: 'statistics',
					operation: 'get',
					issueId: rl(ISSUE),
					since: '2026-06',
				},
				name: 'Since',
			},
			zapier: {
				action: ['searches', 'getIssueStatistics'],
				inputData: { id: ISSUE, depuis: '2026-06' },
				name: 'Since',
			},
		},
		{
			rule: 'GET /statistiques depuis: a real date',
			field: 'depuis',
			coreRule: 'date',
			core: (c) => c.getStatistics({ id: ISSUE, depuis: '2026-02-30' }),
			n8n: {
				parameters: {
					resource: 'statistics',
					operation: 'get',
					issueId: rl(ISSUE),
					since: '2026-02-30',
				},
				name: 'Since',
			},
			zapier: {
				action: ['searches', 'getIssueStatistics'],
				inputData: { id: ISSUE, depuis: '2026-02-30' },
				name: 'Since',
			},
		},
		// Authentication and base URL (the credential / connection)
		{
			rule: 'base URL: https (http only on loopback)',
			field: 'baseUrl',
			coreRule: 'https',
			coreOptions: { baseUrl: `http://0.0.0.0:${sandboxOrigin.port}/v1` },
			core: (c) => c.getAccount(),
			n8n: {
				parameters: { resource: 'account', operation: 'get' },
				credential: { baseUrl: `http://0.0.0.0:${sandboxOrigin.port}/v1` },
				name: 'Base URL',
			},
			zapier: {
				action: ['searches', 'getAccount'],
				inputData: {},
				authData: { baseUrl: `http://0.0.0.0:${sandboxOrigin.port}/v1` },
				name: 'API Base URL',
			},
		},
		{
			rule: 'base URL: ends in the segment v1',
			field: 'baseUrl',
			coreRule: 'v1_path',
			coreOptions: { baseUrl: `${sandboxOrigin.origin}/api` },
			core: (c) => c.getAccount(),
			n8n: {
				parameters: { resource: 'account', operation: 'get' },
				credential: { baseUrl: `${sandboxOrigin.origin}/api` },
				name: 'Base URL',
			},
			zapier: {
				action: ['searches', 'getAccount'],
				inputData: {},
				authData: { baseUrl: `${sandboxOrigin.origin}/api` },
				name: 'API Base URL',
			},
		},
		{
			rule: 'base URL: no user:password in it',
			field: 'baseUrl',
			coreRule: 'no_credentials',
			coreOptions: { baseUrl: `http://user:pass@127.0.0.1:${sandboxOrigin.port}/v1` },
			core: (c) => c.getAccount(),
			n8n: {
				parameters: { resource: 'account', operation: 'get' },
				credential: { baseUrl: `http://user:pass@127.0.0.1:${sandboxOrigin.port}/v1` },
				name: 'Base URL',
			},
			zapier: {
				action: ['searches', 'getAccount'],
				inputData: {},
				authData: { baseUrl: `http://user:pass@127.0.0.1:${sandboxOrigin.port}/v1` },
				name: 'API Base URL',
			},
		},
		{
			rule: 'Authorization: Bearer <API_KEY> (a key that can travel in a header)',
			field: 'apiKey',
			coreRule: 'printable',
			coreOptions: { apiKey: 'nk_test key with spaces' },
			core: (c) => c.getAccount(),
			n8n: {
				parameters: { resource: 'account', operation: 'get' },
				credential: { apiKey: 'nk_test key with spaces' },
				name: 'API Key',
			},
			zapier: {
				action: ['searches', 'getAccount'],
				inputData: {},
				authData: { apiKey: 'nk_test key with spaces' },
				name: 'API Key',
			},
		},
	];
}

function samplePdfBytes(): Uint8Array {
	return samplePdf('Bad input', 1);
}
