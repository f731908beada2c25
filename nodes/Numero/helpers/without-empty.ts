/** The fields that were given: drops `undefined` and empty strings (an unset n8n field), keeps `null`. */
export function withoutEmpty<T extends Record<string, unknown>>(fields: T): Partial<T> {
	return Object.fromEntries(
		Object.entries(fields).filter(([, value]) => value !== undefined && value !== ''),
	) as Partial<T>;
}
