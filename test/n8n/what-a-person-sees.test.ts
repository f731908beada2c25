/**
 * Issue 13, the n8n part: what a person reads on the screen. Errors name each field by the label the
 * operation's panel shows (read from the declarations, for every declared field of every operation),
 * the editor never changes a typed number, subtitles and the merged nodes-panel entry read as
 * sentences, documentation links land on headings that exist, issue lists read well, and every
 * output key is explained.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type {
	INode,
	INodeProperties,
	INodePropertyCollection,
	INodeTypeDescription,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { NumeroApi } from '../../credentials/NumeroApi.credentials';
import { NumeroWebhookApi } from '../../credentials/NumeroWebhookApi.credentials';
import { Numero } from '../../nodes/Numero/Numero.node';
import { operationOf } from '../../nodes/Numero/actions/router';
import { operationFieldNamer, parameterLabel } from '../../nodes/Numero/helpers/field-labels';
import { toNodeError } from '../../nodes/Numero/helpers/node-error';
import { OUTPUT_FIELDS } from '../../nodes/Numero/helpers/output-fields';
import { NumeroTrigger } from '../../nodes/NumeroTrigger/NumeroTrigger.node';
import { issueChoiceLabel, newestFirst } from '../../shared';
import { apiErrorFromResponse } from '../../shared/api-error-messages';
import type { Numero as Issue } from '../../shared/api-types';
import { callListSearch } from './harness';
import {
	NUMERO_NODE_TYPE,
	startNumeroSandbox,
	type NumeroTestContext,
} from './support/numero-sandbox';

const REPO = path.resolve(__dirname, '../..');
const node = new Numero().description;
const trigger = new NumeroTrigger().description;

let t: NumeroTestContext;
beforeAll(async () => {
	t = await startNumeroSandbox();
});
afterAll(async () => t.close());

const requestCount = async () => (await t.admin<{ total: number }>('GET', '/requests')).total;

/** Every operation of the node: resource, operation, and its module (declarations and API fields). */
function operations(): Array<{ resource: string; operation: string }> {
	const found: Array<{ resource: string; operation: string }> = [];
	for (const property of node.properties) {
		if (property.name !== 'operation') continue;
		for (const resource of (property.displayOptions?.show?.resource ?? []) as string[]) {
			for (const option of property.options ?? [])
				found.push({ resource, operation: String((option as { value: string }).value) });
		}
	}
	return found;
}

/** The paths of every declared parameter of an operation (`additionalFields.days`…), notices excepted. */
function declaredPaths(properties: readonly INodeProperties[], prefix = ''): string[] {
	return properties.flatMap((property) => {
		if (property.type === 'notice') return [];
		const own = `${prefix}${property.name}`;
		if (property.type === 'collection')
			return [own, ...declaredPaths(property.options as INodeProperties[], `${own}.`)];
		if (property.type === 'fixedCollection') {
			return (property.options as INodePropertyCollection[]).flatMap((group) =>
				declaredPaths(group.values, `${own}.${group.name}.`),
			);
		}
		return [own];
	});
}

/** Parameters that send no API field of their own: they choose what is sent or how it is shown. */
const NOT_AN_API_FIELD = new Set([
	'issue.getMany:returnAll',
	'issue.publish:periodicalMode',
	'statistics.get:simplify',
	// Tool mode (issue 16): how many issues and which form an assistant gets.
	'issue.getMany:toolLimit',
	'issue.getMany:fullOutput',
	// Where the files come from. The URLs are fetched by the node itself, whose refusals name them
	// (test/e2e/mcp-tools.e2e.test.ts); the API fields are the downloaded files' hash and size.
	'issue.publish:pdfSource',
	'issue.publish:pdfUrl',
	'issue.publish:coverUrl',
	'issue.replacePdf:pdfSource',
	'issue.replacePdf:pdfUrl',
	'issue.replacePdf:coverUrl',
]);

/** A collection is a container: its own label is named only for errors about the whole of it (Update Fields). */
const CONTAINERS = new Set(['additionalFields', 'options', 'filters']);

/** For each API field, parameters that break its rule (the value as the parameter holds it). */
const INVALID: Record<string, unknown> = {
	// By expression: a typed one is refused by the locator's own check, in its own words, before the node runs.
	id: { __rl: true, mode: 'id', value: '={{ "not an id" }}' },
	reference: 'sub 42 with spaces',
	jours: 400,
	page: 0,
	titre: 'T'.repeat(201),
	publication: 'P'.repeat(201),
	nouvelle_publication: 'P'.repeat(201),
	parution: '2026-13',
	acces: 'everyone',
	lien_achat: 'not an address',
	telechargement: 'maybe',
	impression: 'maybe',
	domaine: 'example.com',
	adresse: 'Not A Slug',
	pages: 0,
	nom_fichier: 'f'.repeat(256),
	publier_le: '2020-01-01T00:00:00Z',
	en_ligne: 'maybe',
	depuis: '2026-02-30',
	limite: 0,
	'Idempotency-Key': ' spaced ',
	pdf: 'missing',
};

/** Valid parameters of each operation, which one invalid value is put into. */
const VALID: Record<string, Record<string, unknown>> = {
	'link.create': {
		issueId: { __rl: true, mode: 'id', value: 'numero.press:gazette-2026-09' },
		reference: 'sub_1',
	},
	'link.revoke': { reference: 'sub_1' },
	'issue.get': { issueId: { __rl: true, mode: 'id', value: 'numero.press:gazette-2026-09' } },
	'issue.getMany': { returnAll: false, limit: 5 },
	'issue.publish': {
		binaryPropertyName: 'data',
		title: 'Titre',
		periodicalMode: 'existing',
		periodical: 'gazette',
	},
	'issue.replacePdf': {
		issueId: { __rl: true, mode: 'id', value: 'numero.press:gazette-2026-09' },
		binaryPropertyName: 'data',
	},
	'issue.update': {
		issueId: { __rl: true, mode: 'id', value: 'numero.press:gazette-2026-09' },
		updateFields: { title: 'Nouveau titre' },
	},
	'statistics.get': { issueId: { __rl: true, mode: 'id', value: 'numero.press:gazette-2026-09' } },
	'account.get': {},
};

function withValue(
	parameters: Record<string, unknown>,
	dottedPath: string,
	value: unknown,
): Record<string, unknown> {
	const [head, ...rest] = dottedPath.split('.');
	if (rest.length === 0) return { ...parameters, [head]: value };
	return {
		...parameters,
		[head]: withValue((parameters[head] as Record<string, unknown>) ?? {}, rest.join('.'), value),
	};
}

const pdfInput = [
	{
		json: {},
		binary: {
			data: {
				fileName: 'issue.pdf',
				mimeType: 'application/pdf',
				bytes: Buffer.from('%PDF-1.4\n%%EOF\n'),
			},
		},
	},
];

describe('every declared field of every operation: an error about it names it as the panel does', () => {
	const cases: Array<[string, string, string]> = [];
	for (const { resource, operation } of operations()) {
		const chosen = operationOf(resource, operation)!;
		for (const declared of declaredPaths(chosen.description)) {
			const key = `${resource}.${operation}`;
			if (NOT_AN_API_FIELD.has(`${key}:${declared}`) || CONTAINERS.has(declared)) continue;
			const apiField = Object.keys(chosen.apiFields).find(
				(field) => chosen.apiFields[field] === declared,
			);
			cases.push([key, declared, apiField ?? '(none)']);
		}
	}

	test('the walk found the fields (and each maps to an API field)', () => {
		expect(cases.length).toBeGreaterThan(40);
		expect(cases.filter(([, , apiField]) => apiField === '(none)')).toEqual([]);
	});

	test.each(cases)('%s %s (%s)', async (key, declared, apiField) => {
		const [resource, operation] = key.split('.');
		const { description } = operationOf(resource, operation)!;
		const label = parameterLabel(description, declared)!;
		expect(label).toBeTruthy();
		let parameters: Record<string, unknown> = { resource, operation, ...VALID[key] };
		if (declared === 'updateFields') parameters = { ...parameters, updateFields: {} };
		else if (apiField === 'pdf' || apiField === 'cover')
			parameters = withValue(parameters, declared, 'missing');
		else parameters = withValue(parameters, declared, INVALID[apiField]);
		if (declared === 'newPeriodicalName') parameters = { ...parameters, periodicalMode: 'new' };
		const before = await requestCount();
		const result = await t.run(parameters as never, { input: pdfInput });
		expect(result.status).toBe('error');
		// The headline starts with what the screen shows; the binary fields' errors come from n8n and quote the value.
		if (apiField === 'pdf' || apiField === 'cover') {
			expect(result.nodeError!.message).toContain('missing');
			return;
		}
		expect(result.nodeError!.message.startsWith(label)).toBe(true);
		expect(result.nodeError!.message).not.toMatch(/Field "|\(rule:/);
		expect(result.nodeError!.message).toMatch(/Nothing was sent to numero\.$/);
		expect(result.nodeError!.description).toContain(`"${apiField}"`);
		expect(await requestCount()).toBe(before);
	});
});

test('point 1: Days Valid 400 reads as the issue asks, the API name and rule in the details', async () => {
	const result = await t.run({
		resource: 'link',
		operation: 'create',
		...VALID['link.create'],
		additionalFields: { days: 400 },
	});
	expect(result.nodeError!.message).toBe(
		'Days Valid must be a whole number from 1 to 365; got 400. Nothing was sent to numero.',
	);
	expect(result.nodeError!.description).toContain('"jours"');
	expect(result.nodeError!.description).toContain('"range"');
});

test('point 1: an error the service returns for a field names the field as the panel does, the request id once', () => {
	const response = {
		status: 400,
		headers: { 'x-request-id': 'req_abc123' },
		body: JSON.stringify({ error: { code: 'invalid_field', message: 'jours: must be 1 to 365' } }),
	};
	const apiError = apiErrorFromResponse(
		response,
		{ endpoint: 'POST /liens', permission: 'liens', secrets: [] },
		Date.now(),
	);
	const create = operationOf('link', 'create')!;
	const error = toNodeError(
		{ name: 'Numero' } as INode,
		apiError,
		0,
		operationFieldNamer(create.description, create.apiFields),
	);
	expect(error.message).toBe('numero refused Days Valid: must be 1 to 365.');
	expect(error.description).toBe(
		'numero answered HTTP 400 (invalid_field, field "jours"); request id req_abc123.',
	);
});

test('point 2: labels come from the declarations: Update names its date "Scheduled Date", Publish "Schedule For"', async () => {
	const past = '2020-01-01T00:00:00Z';
	const update = await t.run({
		resource: 'issue',
		operation: 'update',
		...VALID['issue.update'],
		updateFields: { publishAt: past },
	});
	expect(update.nodeError!.message).toMatch(/^Scheduled Date must be in the future/);
	const publish = await t.run(
		{
			resource: 'issue',
			operation: 'publish',
			...VALID['issue.publish'],
			additionalFields: { publishAt: past },
		},
		{ input: pdfInput },
	);
	expect(publish.nodeError!.message).toMatch(/^Schedule For must be in the future/);
	expect(fs.existsSync(path.join(REPO, 'nodes/Numero/helpers/field-labels.ts'))).toBe(true);
	expect(
		fs.readFileSync(path.join(REPO, 'nodes/Numero/helpers/field-labels.ts'), 'utf8'),
	).not.toMatch(/'Days Valid'|'Schedule For'/);
});

test('point 3: no number box bounds or rounds what is typed (a bounded box turns a typed 400 into 40)', () => {
	const numbers = (properties: readonly INodeProperties[]): INodeProperties[] =>
		properties.flatMap((p) => [
			...(p.type === 'number' ? [p] : []),
			...(p.type === 'collection' ? numbers(p.options as INodeProperties[]) : []),
			...(p.type === 'fixedCollection'
				? (p.options as INodePropertyCollection[]).flatMap((g) => numbers(g.values))
				: []),
		]);
	const all = [...numbers(node.properties), ...numbers(trigger.properties)];
	expect(all.map((p) => p.displayName)).toEqual(
		expect.arrayContaining([
			'Days Valid',
			'Page',
			'Pages',
			'Limit',
			'Signature Tolerance (Seconds)',
		]),
	);
	for (const property of all) {
		expect([
			property.displayName,
			property.typeOptions?.minValue,
			property.typeOptions?.maxValue,
			property.typeOptions?.numberPrecision,
		]).toEqual([property.displayName, undefined, undefined, undefined]);
	}
});

function evaluateSubtitle(
	description: INodeTypeDescription,
	parameters: Record<string, unknown>,
): unknown {
	const workflowNode = {
		id: '1',
		name: 'N',
		type: 'x',
		typeVersion: 1,
		position: [0, 0] as [number, number],
		parameters,
	};
	const workflow = new Workflow({
		nodes: [workflowNode as never],
		connections: {},
		active: false,
		nodeTypes: {
			getByName: () => undefined,
			getByNameAndVersion: () => undefined,
			getKnownTypes: () => ({}),
		} as never,
	});
	return workflow.expression.getSimpleParameterValue(
		workflowNode as never,
		description.subtitle!,
		'internal',
		{},
	);
}

test('point 4: subtitles read as a person does ("Publish an issue", "Issue Published, Issue Withdrawn")', () => {
	const actions = node.properties
		.filter((p) => p.name === 'operation')
		.flatMap((p) => p.options as Array<{ value: string; action: string }>);
	for (const { resource, operation } of operations()) {
		const subtitle = evaluateSubtitle(node, { resource, operation });
		expect(actions.map((a) => a.action)).toContain(subtitle);
	}
	expect(evaluateSubtitle(node, { resource: 'issue', operation: 'publish' })).toBe(
		'Publish an issue',
	);
	expect(evaluateSubtitle(trigger, { events: ['numero.publie', 'numero.retire'] })).toBe(
		'Issue Published, Issue Withdrawn',
	);
});

test("point 4: n8n's merged Numero entry (the trigger's description, n8n 2.40) says what both nodes do", () => {
	// n8n 2.40's generateMergedNodesAndActions gives the merged entry the trigger's description.
	for (const words of [
		'Publish issues',
		'reading links',
		'statistics',
		'published, replaced, withdrawn or put back online',
	]) {
		expect(trigger.description).toContain(words);
	}
});

/** GitHub's heading anchors: lower case, punctuation removed, spaces to dashes. */
function anchorsOf(markdown: string): string[] {
	return [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
		m[1]
			.trim()
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\- ]/gu, '')
			.replace(/ /g, '-'),
	);
}

test('point 6: every documentation link of the nodes and credentials lands on a heading that exists', () => {
	const codex = [
		'nodes/Numero/Numero.node.json',
		'nodes/NumeroTrigger/NumeroTrigger.node.json',
	].flatMap((file) => {
		const { resources } = JSON.parse(fs.readFileSync(path.join(REPO, file), 'utf8')) as {
			resources: Record<string, Array<{ url: string }>>;
		};
		return Object.values(resources)
			.flat()
			.map((r) => r.url);
	});
	const urls = [
		...codex,
		new NumeroApi().documentationUrl,
		new NumeroWebhookApi().documentationUrl,
	];
	expect(urls).toHaveLength(6);
	for (const url of urls) {
		const match =
			/^https:\/\/github\.com\/numero-press\/n8n-nodes-numero\/blob\/main\/([^#]+)#(.+)$/.exec(url);
		expect([url, match !== null]).toEqual([url, true]);
		const [, file, anchor] = match!;
		expect([url, anchorsOf(fs.readFileSync(path.join(REPO, file), 'utf8'))]).toEqual([
			url,
			expect.arrayContaining([anchor]),
		]);
	}
});

describe('point 7', () => {
	const issue = (titre: string, nom: string, date: string | null): Issue =>
		({ id: `numero.press:${titre}`, titre, publication: { code: 'c', nom }, date }) as Issue;

	test('an issue label names the periodical once and keeps the date where it is not cut', () => {
		expect(
			issueChoiceLabel(
				issue('La Gazette du Port, octobre 2026', 'La Gazette du Port', '2026-10-01'),
			),
		).toBe('2026-10-01 · La Gazette du Port, octobre 2026');
		expect(issueChoiceLabel(issue('Numéro spécial', 'La Gazette du Port', '2026-10-01'))).toBe(
			'2026-10-01 · Numéro spécial · La Gazette du Port',
		);
		expect(
			newestFirst([
				issue('a', 'p', '2026-01-01'),
				issue('b', 'p', null),
				issue('c', 'p', '2026-10-01'),
			]).map((i) => i.titre),
		).toEqual(['c', 'a', 'b']);
	});

	test('the Issue list comes newest first', async () => {
		const { results } = await callListSearch({
			nodeType: NUMERO_NODE_TYPE,
			method: 'searchIssues',
			credentials: t.credentials(),
		});
		const dates = results.map((r) => r.name.slice(0, 10));
		expect(dates).toEqual([...dates].sort().reverse());
	});

	test("Days Valid's hint matches its pre-filled value, and Publish says Periodical once", () => {
		const create = operationOf('link', 'create')!.description;
		const days = (
			create.find((p) => p.name === 'additionalFields')!.options as INodeProperties[]
		).find((p) => p.name === 'days')!;
		expect(days.description).not.toMatch(/Without it/);
		expect(days.description).toMatch(/Remove this field/);
		const publish = operationOf('issue', 'publish')!.description.filter(
			(p) => !p.displayOptions?.show?.periodicalMode?.includes('new'),
		);
		expect(publish.filter((p) => /Periodical/.test(p.displayName))).toHaveLength(1);
	});

	test('a 404 reads as a sentence, with the request id once, in the details', async () => {
		const result = await t.run({
			resource: 'issue',
			operation: 'get',
			issueId: { __rl: true, mode: 'id', value: 'numero.press:no-such-issue' },
		});
		const { message, description } = result.nodeError!;
		expect(message).toMatch(/^Issue "numero\.press:no-such-issue" was not found/);
		expect(message).not.toMatch(/GET|\/numeros|req_/);
		expect(`${message} ${description}`.match(/req_[A-Za-z0-9]+/g)).toHaveLength(1);
	});
});

test('point 8: every output key of every operation has its English meaning in the output panel', async () => {
	const outputs: Record<string, unknown> = {
		'link.create': (await t.run({ resource: 'link', operation: 'create', ...VALID['link.create'] }))
			.items[0]!.json,
		'link.revoke': (await t.run({ resource: 'link', operation: 'revoke', ...VALID['link.revoke'] }))
			.items[0]!.json,
		'issue.get': (await t.run({ resource: 'issue', operation: 'get', ...VALID['issue.get'] }))
			.items[0]!.json,
		'statistics.get': (
			await t.run({ resource: 'statistics', operation: 'get', ...VALID['statistics.get'] })
		).items[0]!.json,
		'account.get': (await t.run({ resource: 'account', operation: 'get' })).items[0]!.json,
	};
	for (const [key, json] of Object.entries(outputs)) {
		expect([
			key,
			Object.keys(json as object).filter((name) => !(name in OUTPUT_FIELDS[key])),
		]).toEqual([key, []]);
	}
	for (const { resource, operation } of operations())
		expect(OUTPUT_FIELDS[`${resource}.${operation}`]).toBeDefined();
	const hints = node.hints ?? [];
	expect(hints).toHaveLength(operations().length);
	expect(
		hints.every((hint) => hint.location === 'outputPane' && hint.message.includes('<b>')),
	).toBe(true);
});
