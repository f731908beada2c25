/** z.errors.Error and ThrottledError travel as JSON in `message` ({ message, code, status } or { message, delay }). */
export interface ZapierErrorParts {
	name: string;
	message: string;
	code?: string;
	status?: number;
	delay?: number;
}

export function zapierError(error: unknown): ZapierErrorParts {
	if (!(error instanceof Error)) throw new Error(`expected an error, got ${JSON.stringify(error)}`);
	const parts: ZapierErrorParts = { name: error.name, message: error.message };
	if (error.name === 'AppError' || error.name === 'ThrottledError')
		Object.assign(parts, JSON.parse(error.message));
	return parts;
}

/** Runs a call that must fail and returns its error, read as Zapier shows it. */
export async function failure(call: Promise<unknown>): Promise<ZapierErrorParts> {
	try {
		await call;
	} catch (error) {
		return zapierError(error);
	}
	throw new Error('expected the call to fail, but it succeeded');
}
