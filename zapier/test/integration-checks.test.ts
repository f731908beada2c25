/**
 * Zapier's integration checks (https://docs.zapier.com/platform/publish/integration-checks-reference),
 * those that can be decided offline from the definition, run on every edition the app ships. Zapier's
 * own style checks need its servers (`validate` without `--without-style`); these tests stand in for
 * them. Each failure names the check's code. Beside the coded checks, Zapier's naming rules for
 * actions: searches are named "Find …" and described "Finds …"; a create's description starts with
 * the verb of its label, in the third person ("Publish Issue" → "Publishes …"), and ends with a period.
 */
import { buildApp, EDITIONS, type Edition } from '../src/index';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Field {
	key: string;
	label?: string;
	helpText?: string;
	type?: string;
	required?: boolean;
	dynamic?: string;
	search?: string;
	list?: boolean;
	primary?: boolean;
}
interface Step {
	key: string;
	noun: string;
	display: { label: string; description: string; directions?: string; hidden?: boolean };
	operation: {
		type?: string;
		inputFields?: Field[];
		outputFields?: Field[];
		sample?: Record<string, Json>;
		performSubscribe?: unknown;
		performUnsubscribe?: unknown;
	};
}
type Kind = 'triggers' | 'creates' | 'searches';

/** Every problem found, each prefixed with its check's code and where it is. */
export function integrationCheckProblems(app: ReturnType<typeof buildApp>): string[] {
	const problems: string[] = [];
	const fail = (code: string, where: string, what: string) =>
		problems.push(`${code} ${where}: ${what}`);
	const steps = (kind: Kind) =>
		Object.values((app as unknown as Record<Kind, Record<string, Step>>)[kind] ?? {});
	const all = (['triggers', 'creates', 'searches'] as const).flatMap((kind) =>
		steps(kind).map((step) => ({ kind, step, where: `${kind}.${step.key}` })),
	);
	const authFields = (app.authentication?.fields ?? []) as Field[];

	// D001: no credential asked for in a step.
	for (const { step, where } of all) {
		for (const field of step.operation.inputFields ?? []) {
			if (/(^|_)(api_?key|token|secret|password)($|_)/i.test(field.key))
				fail('D001', `${where}.${field.key}`, 'a credential belongs in the authentication');
		}
	}

	// D002: the connection's help links to where the key is found.
	if (!authFields.some((field) => MARKDOWN_LINK.test(field.helpText ?? ''))) {
		fail(
			'D002',
			'authentication.fields',
			'no help text links (Markdown link) to where the API key is found',
		);
	}

	// D008: every text shown to users has valid Markdown links and no bare URL.
	const texts: Array<[string, string | undefined]> = [
		...authFields.map((field): [string, string | undefined] => [
			`authentication.${field.key}.helpText`,
			field.helpText,
		]),
		...all.flatMap(({ step, where }) => [
			[`${where}.description`, step.display.description] as [string, string | undefined],
			[`${where}.directions`, step.display.directions] as [string, string | undefined],
			...(step.operation.inputFields ?? []).map((field): [string, string | undefined] => [
				`${where}.${field.key}.helpText`,
				field.helpText,
			]),
		]),
	];
	for (const [where, text] of texts) {
		const problem = text === undefined ? undefined : markdownLinkProblem(text);
		if (problem) fail('D008', where, problem);
	}

	// D005, D013: dropdowns and search-powered fields point at steps that exist.
	for (const { step, where } of all) {
		for (const field of step.operation.inputFields ?? []) {
			if (field.dynamic && !(field.dynamic.split('.')[0] in (app.triggers ?? {})))
				fail('D005', `${where}.${field.key}`, `dropdown trigger ${field.dynamic} does not exist`);
			if (field.search && !(field.search.split('.')[0] in (app.searches ?? {})))
				fail('D013', `${where}.${field.key}`, `search ${field.search} does not exist`);
		}
	}

	// D009: a search has a field to search by.
	for (const step of steps('searches')) {
		if ((step.operation.inputFields ?? []).filter((field) => field.type !== 'copy').length === 0)
			fail('D009', `searches.${step.key}`, 'no field to search by');
	}

	// D011: help text that only repeats the label.
	for (const { step, where } of all) {
		for (const field of [...(step.operation.inputFields ?? [])]) {
			if (
				field.helpText &&
				field.label &&
				field.helpText.trim().toLowerCase() === field.label.trim().toLowerCase()
			)
				fail('D011', `${where}.${field.key}`, 'help text repeats the label');
		}
	}

	// D017: a public integration has no static hook (a hook trigger without subscribe and unsubscribe).
	// Checked per edition below, where it applies.

	for (const { kind, step, where } of all) {
		const { label, description, hidden } = step.display;
		// D018: title-cased labels.
		if (label !== titleCase(label))
			fail('D018', where, `label "${label}" is not title case ("${titleCase(label)}")`);
		// D021: trigger descriptions.
		if (
			kind === 'triggers' &&
			!(description.startsWith('Triggers when ') && description.endsWith('.'))
		) {
			fail(
				'D021',
				where,
				`description must start with "Triggers when " and end with ".": "${description}"`,
			);
		}
		if (kind === 'searches') {
			if (!label.startsWith('Find '))
				fail('search naming', where, `a search's label starts with "Find ": "${label}"`);
			if (!(description.startsWith('Finds ') && description.endsWith('.')))
				fail(
					'search naming',
					where,
					`a search's description starts with "Finds " and ends with ".": "${description}"`,
				);
		}
		if (kind === 'creates') {
			const verb = thirdPerson(label.split(' ')[0]);
			if (!(description.startsWith(`${verb} `) && description.endsWith('.'))) {
				fail(
					'action description',
					where,
					`description starts with the label's verb ("${verb} …") and ends with ".": "${description}"`,
				);
			}
		}

		const { sample, outputFields } = step.operation;
		// D012: a static sample on every visible step.
		if (!hidden && sample === undefined) fail('D012', where, 'no static sample');
		if (sample === undefined) continue;
		// D010: polling triggers' samples hold the primary key (id unless fields are marked primary).
		if (kind === 'triggers' && step.operation.type !== 'hook') {
			const primary = (outputFields ?? [])
				.filter((field) => field.primary)
				.map((field) => field.key);
			for (const key of primary.length ? primary : ['id'])
				if (valuesAt(sample, key).length === 0)
					fail('D010', where, `sample lacks the primary key ${key}`);
		}
		// D023: dates and times in samples are ISO 8601, with a time zone when they have a time.
		for (const [path, value] of leaves(sample)) {
			if (typeof value === 'string' && looksLikeDate(value) && !isIso8601(value))
				fail('D023', `${where}.sample.${path}`, `"${value}" is not ISO 8601 with a time zone`);
		}
		// D024, and samples matching output fields both ways.
		for (const field of outputFields ?? []) {
			const values = valuesAt(sample, field.key);
			if (values.length === 0) {
				fail(
					field.required ? 'D024' : 'sample/outputFields',
					`${where}.sample`,
					`output field ${field.key} is not in the sample`,
				);
				continue;
			}
			for (const value of values) {
				if (!matchesType(value, field.type ?? 'string', field.required === true))
					fail(
						'D024',
						`${where}.sample.${field.key}`,
						`${JSON.stringify(value)} is not of type ${field.type ?? 'string'}`,
					);
			}
		}
		if (outputFields) {
			const declared = new Set(outputFields.map((field) => field.key));
			for (const [path] of leaves(sample))
				if (!declared.has(path))
					fail(
						'sample/outputFields',
						`${where}.sample.${path}`,
						'has no output field (no label in the Zap editor)',
					);
		}
	}
	return problems;
}

/** Zapier's static hook: a hook trigger without subscribe and unsubscribe (D016, D017). */
export function staticHooks(app: ReturnType<typeof buildApp>): string[] {
	return Object.values((app.triggers ?? {}) as Record<string, Step>)
		.filter(
			(step) =>
				step.operation.type === 'hook' &&
				!(step.operation.performSubscribe && step.operation.performUnsubscribe),
		)
		.map((step) => step.key);
}

const MARKDOWN_LINK = /\[[^\]\n]+\]\(https:\/\/[^\s)]+\)/;

/** D008: links are `[text](https://…)`; any other URL is in backticks. */
export function markdownLinkProblem(text: string): string | undefined {
	const withoutCode = text.replace(/`[^`]*`/g, ' ');
	const withoutLinks = withoutCode.replace(/\[[^\]\n]+\]\((?:https?:\/\/|mailto:)[^\s)]+\)/g, ' ');
	if (/\]\s*\(|\[[^\]]*\(https?:/.test(withoutLinks)) return 'a malformed Markdown link';
	const bare = withoutLinks.match(/\b(?:https?:\/\/|www\.)\S+/);
	if (bare) return `a bare URL (${bare[0]}): make it a Markdown link or put it in backticks`;
	return undefined;
}

const SMALL_WORDS = new Set([
	'a',
	'an',
	'the',
	'and',
	'but',
	'or',
	'nor',
	'for',
	'of',
	'to',
	'in',
	'on',
	'at',
	'by',
	'as',
	'per',
	'with',
]);

/** Title case as Zapier's D018 asks: every word capitalised but short articles, conjunctions and prepositions inside the label. */
export function titleCase(label: string): string {
	return label
		.split(' ')
		.map((word, index, words) => {
			const lower = word.toLowerCase();
			if (index > 0 && index < words.length - 1 && SMALL_WORDS.has(lower)) return lower;
			return word.charAt(0).toUpperCase() + word.slice(1);
		})
		.join(' ');
}

/** "Create" → "Creates", "Publish" → "Publishes". */
export function thirdPerson(verb: string): string {
	if (/(s|sh|ch|x|z)$/.test(verb)) return `${verb}es`;
	if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
	return `${verb}s`;
}

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}|^\d{1,2} [A-Z][a-z]{2} \d{4}|^\d{1,2}\/\d{1,2}\/\d{2,4}/;
function looksLikeDate(value: string): boolean {
	return DATE_LIKE.test(value);
}
export function isIso8601(value: string): boolean {
	return (
		/^\d{4}-\d{2}-\d{2}$/.test(value) ||
		/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)
	);
}

function matchesType(value: Json | undefined, type: string, required: boolean): boolean {
	if (value === null || value === undefined) return !required;
	switch (type) {
		case 'integer':
			return Number.isInteger(value);
		case 'number':
			return typeof value === 'number';
		case 'boolean':
			return typeof value === 'boolean';
		case 'datetime':
			return typeof value === 'string' && isIso8601(value);
		default:
			return typeof value === 'string';
	}
}

/** The sample's values for an output field key: `a__b` is a nested key, `a[]b` a key of each item of the list `a`. */
export function valuesAt(sample: Json, key: string): Json[] {
	const list = key.match(/^(.+?)\[\](.+)$/);
	if (list) {
		const items = valuesAt(sample, list[1]);
		return items.flatMap((items) =>
			Array.isArray(items) ? items.flatMap((item) => valuesAt(item, list[2])) : [],
		);
	}
	let current: Json = sample;
	for (const part of key.split('__')) {
		if (
			current === null ||
			typeof current !== 'object' ||
			Array.isArray(current) ||
			current[part] === undefined
		)
			return [];
		current = current[part];
	}
	return [current];
}

/** Leaf values of a sample, keyed the way output fields name them. */
export function leaves(value: Json, prefix = ''): Array<[string, Json]> {
	if (Array.isArray(value)) {
		const objects = value.filter(
			(item) => item !== null && typeof item === 'object' && !Array.isArray(item),
		) as Array<Record<string, Json>>;
		if (objects.length === 0) return [[prefix, value]];
		return objects.flatMap((item) =>
			Object.entries(item).flatMap(([key, inner]) => leaves(inner, `${prefix}[]${key}`)),
		);
	}
	if (value !== null && typeof value === 'object') {
		return Object.entries(value).flatMap(([key, inner]) => {
			const path = prefix === '' ? key : `${prefix}__${key}`;
			return inner !== null && typeof inner === 'object'
				? leaves(inner, path)
				: [[path, inner] as [string, Json]];
		});
	}
	return [[prefix, value]];
}

describe.each(EDITIONS)('the %s edition passes Zapier’s integration checks', (edition: Edition) => {
	const app = buildApp(edition);

	test('D001–D024 and the naming rules: no problem', () => {
		expect(integrationCheckProblems(app)).toEqual([]);
	});

	test('D017: static hooks only in the private (invite-only) edition', () => {
		const hooks = staticHooks(app);
		if (edition === 'public') expect(hooks).toEqual([]);
		else
			expect(hooks.sort()).toEqual([
				'issueBackOnline',
				'issuePublished',
				'issueReplaced',
				'issueWithdrawn',
			]);
	});
});

describe('the checks can fail', () => {
	const broken = () => {
		const app = buildApp('private') as any;
		const copy = JSON.parse(
			JSON.stringify(app, (_key, value) => (typeof value === 'function' ? undefined : value)),
		);
		return {
			...app,
			...copy,
			authentication: { ...app.authentication, fields: copy.authentication.fields },
		};
	};
	const codes = (app: any) => integrationCheckProblems(app).map((problem) => problem.split(' ')[0]);

	test('each check reports its code', () => {
		const app = broken();
		app.authentication.fields = app.authentication.fields.map((field: Field) => ({
			...field,
			helpText: 'Find it on the "API" page, https://numero.press.',
		}));
		app.searches.findIssue.operation.inputFields = [];
		app.searches.findIssue.display.label = 'Get issue';
		app.triggers.newIssue.display.description = 'Triggers instantly when an issue is published.';
		app.creates.publishIssue.display.description = 'Creates an issue.';
		app.creates.publishIssue.operation.inputFields.push({
			key: 'api_key',
			label: 'API Key',
			helpText: 'see [docs(https://x.y)',
		});
		app.triggers.newIssue.operation.sample = {
			...app.triggers.newIssue.operation.sample,
			id: undefined,
			date: '01 Mar 2026',
			pages: '48',
			extra: 1,
		};
		app.creates.createReadingLink.operation.sample = undefined;
		const found = codes(app);
		for (const code of [
			'D001',
			'D002',
			'D008',
			'D009',
			'D010',
			'D012',
			'D018',
			'D021',
			'D023',
			'D024',
			'search',
			'action',
			'sample/outputFields',
		]) {
			expect(found).toContain(code);
		}
	});

	test('helpers', () => {
		expect(
			markdownLinkProblem('See `https://google.com` or [Google](https://google.com).'),
		).toBeUndefined();
		expect(markdownLinkProblem('See https://google.com')).toMatch(/bare URL/);
		expect(markdownLinkProblem('See [Google(https://google.com)')).toMatch(/malformed/);
		expect(titleCase('new issue in a periodical')).toBe('New Issue in a Periodical');
		expect(thirdPerson('Publish')).toBe('Publishes');
		expect(thirdPerson('Create')).toBe('Creates');
		expect(isIso8601('2023-08-01T06:50:30')).toBe(false);
		expect(isIso8601('2023-08-01T06:50:30-0500')).toBe(true);
		expect(valuesAt({ a: [{ b: 1 }, { b: 2 }] }, 'a[]b')).toEqual([1, 2]);
		expect(leaves({ a: { b: 1 }, c: [{ d: 2 }] })).toEqual([
			['a__b', 1],
			['c[]d', 2],
		]);
	});
});
