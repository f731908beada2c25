/**
 * Polls until `probe` returns a value other than undefined. Things happen asynchronously in n8n
 * (a file watcher, an execution finishing), so tests wait for the state they expect; the deadline
 * only keeps a broken run from hanging, it is not what the test asserts.
 */
export async function waitFor<T>(
	what: string,
	probe: () => Promise<T | undefined> | T | undefined,
	deadlineMs = 90_000,
): Promise<T> {
	const deadline = Date.now() + deadlineMs;
	let lastError: unknown;
	for (;;) {
		try {
			const value = await probe();
			if (value !== undefined) return value;
		} catch (error) {
			lastError = error;
		}
		if (Date.now() > deadline) {
			throw new Error(
				`Gave up waiting for ${what}${lastError ? ` (last error: ${(lastError as Error).message})` : ''}`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}
