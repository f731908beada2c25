/** An error answered with the API's error shape `{ error: { code, message } }`. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
		readonly headers: Record<string, string> = {},
	) {
		super(message);
		this.name = 'ApiError';
	}

	body(): { error: { code: string; message: string } } {
		return { error: { code: this.code, message: this.message } };
	}
}

export const invalidField = (field: string, rule: string): ApiError =>
	new ApiError(400, 'invalid_field', `${field}: ${rule}`);

export const missingField = (field: string): ApiError =>
	new ApiError(400, 'missing_field', `${field}: this field is required`);

export const notFound = (id: string): ApiError =>
	new ApiError(404, 'not_found', `No issue ${JSON.stringify(id)} for this key`);
