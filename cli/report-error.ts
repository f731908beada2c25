import { UsageError } from './args';
import { EXIT, type ExitCode } from './exit-codes';
import type { Output } from './output';
import {
	NumeroApiError,
	NumeroError,
	NumeroNetworkError,
	NumeroValidationError,
	TransportError,
	WebhookVerificationError,
} from '../shared';

export interface ErrorReport {
	exitCode: ExitCode;
	/** The sentence for the terminal. */
	message: string;
	/** The `error` object of the --json document. */
	json: Record<string, unknown>;
}

/**
 * Turns whatever a command threw into a message and an exit code. Messages are the core's own
 * sentences; a stack trace is never shown (Output removes any secret from what is printed).
 */
export function describeError(
	error: unknown,
	commandFlags: Record<string, string> = {},
): ErrorReport {
	const fieldFlags: Record<string, string> = { ...CONNECTION_FLAGS, ...commandFlags };
	if (error instanceof UsageError) {
		return {
			exitCode: EXIT.usage,
			message: error.message,
			json: { kind: 'usage', message: error.message },
		};
	}
	const name = (field: string) => fieldFlags[field] ?? `"${field}"`;
	if (error instanceof NumeroValidationError) {
		const flag = fieldFlags[error.field];
		const message = error.sentence(name);
		return {
			exitCode: EXIT.usage,
			message,
			json: {
				kind: 'validation',
				field: error.field,
				rule: error.rule,
				...(flag ? { flag } : {}),
				message: error.message,
			},
		};
	}
	if (error instanceof NumeroApiError) {
		// The request id once, at the end, for support.
		const message = `${error.sentence(name)}${error.requestId ? ` (request id ${error.requestId})` : ''}`;
		return {
			exitCode: EXIT.apiError,
			message,
			json: {
				kind: 'api',
				status: error.status,
				code: error.code,
				message: error.message,
				...(error.requestId ? { requestId: error.requestId } : {}),
				...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}),
			},
		};
	}
	if (error instanceof NumeroNetworkError || error instanceof TransportError) {
		return {
			exitCode: EXIT.network,
			message: error.message,
			json: { kind: 'network', reason: error.kind, message: error.message },
		};
	}
	if (error instanceof WebhookVerificationError) {
		return {
			exitCode: EXIT.verificationFailed,
			message: error.message,
			json: { kind: 'verification', reason: error.reason, message: error.message },
		};
	}
	const fileProblem = describeFileError(error);
	if (fileProblem)
		return {
			exitCode: EXIT.usage,
			message: fileProblem,
			json: { kind: 'file', message: fileProblem },
		};
	const message =
		error instanceof NumeroError || error instanceof Error ? error.message : String(error);
	return {
		exitCode: EXIT.apiError,
		message: `Unexpected error: ${message}`,
		json: { kind: 'unexpected', message },
	};
}

export function reportError(
	error: unknown,
	output: Output,
	commandName?: string,
	fieldFlags?: Record<string, string>,
): number {
	const report = describeError(error, fieldFlags);
	const prefix = commandName ? `numero ${commandName}` : 'numero';
	output.note(`${prefix}: ${report.message}`);
	if (error instanceof UsageError)
		output.note(`Run 'numero ${commandName ? `${commandName} ` : ''}--help' for the options.`);
	if (output.json) output.document({ error: report.json });
	return report.exitCode;
}

/** The client's own settings, named as the command line sets them. */
const CONNECTION_FLAGS: Record<string, string> = {
	baseUrl: '--base-url or NUMERO_BASE_URL',
	apiKey: '--api-key or NUMERO_API_KEY',
};

const FILE_ERRORS: Record<string, string> = {
	ENOENT: 'no such file',
	EACCES: 'permission denied',
	EISDIR: 'it is a folder',
	ENOTDIR: 'a part of the path is not a folder',
};

function describeFileError(error: unknown): string | undefined {
	const { code, path } = (error ?? {}) as { code?: string; path?: string };
	if (typeof code !== 'string' || typeof path !== 'string' || !(code in FILE_ERRORS))
		return undefined;
	return `Cannot read ${path}: ${FILE_ERRORS[code]}.`;
}
