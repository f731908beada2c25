/**
 * Checks the sandbox's own answers against its OpenAPI description. When enforced, an answer that
 * does not match becomes a 500 contract_violation naming the operation and the schema error, and
 * is listed at admin GET /contract/violations.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { openApiDocument } from '../openapi';

export interface ContractViolation {
	at: string;
	operation: string;
	status: number;
	message: string;
}

// The document is walked by JSON pointer; its nodes are untyped.
type Json = Record<string, any>;

const DOC_ID = 'https://numero.sandbox/openapi.json';

function pointer(...parts: string[]): string {
	return parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** The document and its compiled schemas are the same for every sandbox: built once per process. */
class CompiledContract {
	readonly doc: Json = openApiDocument('http://sandbox.invalid/v1');
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

	/** The response object of an operation and status, and where it is in the document. */
	response(method: string, path: string, status: number): { response: Json; at: string } | null {
		const at = pointer('#', 'paths', path, method.toLowerCase(), 'responses', String(status));
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

let compiled: CompiledContract | undefined;

export class ContractChecker {
	readonly violations: ContractViolation[] = [];
	private readonly contract = (compiled ??= new CompiledContract());

	/** `operation` is `METHOD /path` as in the document's paths. Returns a violation message or null. */
	check(
		operation: string,
		status: number,
		body: unknown,
		headers: Record<string, string>,
	): string | null {
		const message = this.problem(operation, status, body, headers);
		if (message === null) return null;
		this.violations.push({ at: new Date().toISOString(), operation, status, message });
		return message;
	}

	private problem(
		operation: string,
		status: number,
		body: unknown,
		headers: Record<string, string>,
	): string | null {
		const [method, path] = operation.split(' ');
		const found = this.contract.response(method, path, status);
		if (!found) return `${operation}: status ${status} is not described in openapi.json`;
		const given = new Map(
			Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
		);
		for (const [name, header] of Object.entries((found.response.headers ?? {}) as Json)) {
			const resolved =
				typeof header.$ref === 'string' ? this.contract.resolve(header.$ref) : header;
			const value = given.get(name.toLowerCase());
			if (value === undefined) {
				if (resolved?.required) return `${operation} ${status}: header ${name} is missing`;
				continue;
			}
			const problem = headerValueProblem(value, resolved?.schema ?? {});
			if (problem) return `${operation} ${status}: header ${name} ${problem}`;
		}
		const validate = this.contract.validator(found.at, found.response);
		if (validate === null) return `${operation} ${status}: no JSON body is described`;
		if (validate(body)) return null;
		const error = validate.errors?.[0];
		return `${operation} ${status}: body${error?.instancePath ?? ''} ${error?.message ?? 'is invalid'}${error?.params ? ` ${JSON.stringify(error.params)}` : ''}`;
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
	return null;
}
