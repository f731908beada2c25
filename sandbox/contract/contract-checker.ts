/**
 * Checks the sandbox's own answers against its OpenAPI description: the status, the required
 * headers and their values, and the JSON body. When enforced, an answer that does not match becomes
 * a 500 contract_violation naming the operation and the schema error, and is listed at admin
 * GET /contract/violations. A request that matches no operation is checked against the document's
 * `x-other-requests`.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { openApiDocument } from '../openapi';
import { RATE_LIMIT_HEADERS } from '../server/rate-limit';

export interface ContractViolation {
	at: string;
	/** `METHOD /path`, or `other request`. */
	operation: string;
	status: number;
	message: string;
}

// The document is walked by JSON pointer; its nodes are untyped.
type Json = Record<string, any>;

const DOC_ID = 'https://numero.sandbox/openapi.json';
const OTHER_REQUEST = 'other request';
const RATE_HEADER_NAMES = new Set(
	Object.values(RATE_LIMIT_HEADERS).map((name) => name.toLowerCase()),
);

export interface ContractCheckerOptions {
	/** False while the sandbox's rate limit is off: the rate headers are then not sent, nor required. */
	rateLimited?: () => boolean;
}

function pointer(...parts: string[]): string {
	return parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** The document and its compiled schemas are the same for every sandbox: built once per process. */
class CompiledContract {
	readonly doc: Json = openApiDocument('http://sandbox.invalid');
	private readonly ajv = new Ajv2020({ strict: false, allErrors: false });
	private readonly validators = new Map<string, ValidateFunction | null>();

	constructor() {
		addFormats(this.ajv);
		this.ajv.addSchema({ ...this.doc, $id: DOC_ID });
	}

	resolve(at: string): Json | undefined {
		return at
			.slice(2)
			.split('/')
			.reduce<Json | undefined>(
				(node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')],
				this.doc,
			);
	}

	/** The response object of an operation (null: any other request) and status, and where it is. */
	response(operation: string | null, status: number): { response: Json; at: string } | null {
		const at =
			operation === null
				? pointer('#', 'x-other-requests', 'responses', String(status))
				: pointer('#', 'paths', ...operationPath(operation), 'responses', String(status));
		const response = this.resolve(at);
		if (!response) return null;
		if (typeof response.$ref === 'string') {
			const target = this.resolve(response.$ref);
			return target ? { response: target, at: response.$ref } : null;
		}
		return { response, at };
	}

	validator(responseAt: string, response: Json): ValidateFunction | null {
		let validate = this.validators.get(responseAt);
		if (validate === undefined) {
			const schemaAt = `${responseAt}/content/${pointer('application/json')}/schema`;
			validate = response.content?.['application/json']?.schema
				? this.ajv.compile({ $ref: `${DOC_ID}${schemaAt}` })
				: null;
			this.validators.set(responseAt, validate);
		}
		return validate;
	}
}

/** `POST /liens` → ['/liens', 'post']. */
function operationPath(operation: string): [string, string] {
	const [method, path] = operation.split(' ');
	return [path, method.toLowerCase()];
}

let compiled: CompiledContract | undefined;

export class ContractChecker {
	readonly violations: ContractViolation[] = [];
	private readonly contract = (compiled ??= new CompiledContract());
	private readonly rateLimited: () => boolean;

	constructor(options: ContractCheckerOptions = {}) {
		this.rateLimited = options.rateLimited ?? (() => true);
	}

	/**
	 * `operation` is `METHOD /path` as in the document's paths, or null for a request that matches
	 * none. Returns a violation message or null.
	 */
	check(
		operation: string | null,
		status: number,
		body: unknown,
		headers: Record<string, string>,
	): string | null {
		const label = operation ?? OTHER_REQUEST;
		const message = this.problem(operation, label, status, body, headers);
		if (message === null) return null;
		this.violations.push({ at: new Date().toISOString(), operation: label, status, message });
		return message;
	}

	private problem(
		operation: string | null,
		label: string,
		status: number,
		body: unknown,
		headers: Record<string, string>,
	): string | null {
		const found = this.contract.response(operation, status);
		if (!found) return `${label}: status ${status} is not described in openapi.json`;
		const given = new Map(
			Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
		);
		for (const [name, header] of Object.entries((found.response.headers ?? {}) as Json)) {
			const resolved =
				typeof header.$ref === 'string' ? this.contract.resolve(header.$ref) : header;
			const value = given.get(name.toLowerCase());
			if (value === undefined) {
				if (resolved?.required && this.sends(name))
					return `${label} ${status}: header ${name} is missing`;
				continue;
			}
			const problem = headerValueProblem(value, resolved?.schema ?? {});
			if (problem) return `${label} ${status}: header ${name} ${problem}`;
		}
		const validate = this.contract.validator(found.at, found.response);
		if (validate === null) return `${label} ${status}: no JSON body is described`;
		if (validate(body)) return null;
		const error = validate.errors?.[0];
		return `${label} ${status}: body${error?.instancePath ?? ''} ${error?.message ?? 'is invalid'}${error?.params ? ` ${JSON.stringify(error.params)}` : ''}`;
	}

	/** Whether the sandbox sends this header now: the rate headers only while the limit is on. */
	private sends(name: string): boolean {
		return !RATE_HEADER_NAMES.has(name.toLowerCase()) || this.rateLimited();
	}
}

/** Header values are text: integers and constants are checked as such. */
function headerValueProblem(value: string, schema: Json): string | null {
	if (schema.const !== undefined && value !== schema.const)
		return `must be ${JSON.stringify(schema.const)}, got ${JSON.stringify(value)}`;
	if (schema.type === 'integer') {
		if (!/^-?\d+$/.test(value)) return `must be an integer, got ${JSON.stringify(value)}`;
		if (schema.minimum !== undefined && Number(value) < schema.minimum)
			return `must be >= ${schema.minimum}, got ${value}`;
	}
	if (schema.minLength !== undefined && value.length < schema.minLength) return 'must not be empty';
	if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value))
		return `must match ${schema.pattern}, got ${JSON.stringify(value)}`;
	return null;
}
