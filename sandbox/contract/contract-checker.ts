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

export class ContractChecker {
  readonly violations: ContractViolation[] = [];
  private readonly doc: Json;
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction | null>();

  constructor() {
    this.doc = openApiDocument('http://sandbox.invalid/v1');
    this.ajv = new Ajv2020({ strict: false, allErrors: false });
    addFormats(this.ajv);
    this.ajv.addSchema({ ...this.doc, $id: DOC_ID });
  }

  /** `operation` is `METHOD /path` as in the document's paths. Returns a violation message or null. */
  check(operation: string, status: number, body: unknown, headers: Record<string, string>): string | null {
    const message = this.problem(operation, status, body, headers);
    if (message === null) return null;
    this.violations.push({ at: new Date().toISOString(), operation, status, message });
    return message;
  }

  private responseObject(method: string, path: string, status: number): { response: Json; pointer: string } | null {
    const responsesAt = this.doc.paths?.[path]?.[method.toLowerCase()]?.responses;
    if (!responsesAt) return null;
    let response = responsesAt[String(status)];
    let at = pointer('#', 'paths', path, method.toLowerCase(), 'responses', String(status));
    if (!response) return null;
    if (typeof response.$ref === 'string') {
      at = response.$ref;
      response = at
        .slice(2)
        .split('/')
        .reduce((node: Json, part: string) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], this.doc);
    }
    return { response, pointer: at };
  }

  private problem(operation: string, status: number, body: unknown, headers: Record<string, string>): string | null {
    const [method, path] = operation.split(' ');
    const found = this.responseObject(method, path, status);
    if (!found) return `${operation}: status ${status} is not described in openapi.json`;
    const lowerHeaders = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    for (const [name, header] of Object.entries((found.response.headers ?? {}) as Json)) {
      const resolved = header.$ref ? this.doc.components.headers[header.$ref.split('/').pop()] : header;
      if (resolved?.required && lowerHeaders[name.toLowerCase()] === undefined) return `${operation} ${status}: header ${name} is missing`;
    }
    const schemaAt = `${found.pointer}/content/${pointer('application/json')}/schema`;
    const key = `${schemaAt}`;
    let validate = this.validators.get(key);
    if (validate === undefined) {
      validate = found.response.content?.['application/json']?.schema ? this.ajv.compile({ $ref: `${DOC_ID}${schemaAt}` }) : null;
      this.validators.set(key, validate);
    }
    if (validate === null) return `${operation} ${status}: no JSON body is described`;
    if (validate(body)) return null;
    const error = validate.errors?.[0];
    return `${operation} ${status}: body${error?.instancePath ?? ''} ${error?.message ?? 'is invalid'}${error?.params ? ` ${JSON.stringify(error.params)}` : ''}`;
  }
}
