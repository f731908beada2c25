/** Counts of API requests received, refused ones included, so tests can count what a client sent. */
export class RequestCounter {
	private total = 0;
	private byRoute: Record<string, number> = {};

	record(method: string, path: string): void {
		this.total += 1;
		const route = `${method} ${path}`;
		this.byRoute[route] = (this.byRoute[route] ?? 0) + 1;
	}

	snapshot(): { total: number; byRoute: Record<string, number> } {
		return { total: this.total, byRoute: { ...this.byRoute } };
	}

	reset(): void {
		this.total = 0;
		this.byRoute = {};
	}
}

export interface RecordedUploadRequest {
	method: string;
	path: string;
	headers: Record<string, string>;
	at: string;
}

/** Headers of every request the upload origin receives (to prove no API key ever reaches it). */
export class UploadRequestLog {
	private entries: RecordedUploadRequest[] = [];

	record(entry: RecordedUploadRequest): void {
		this.entries.push(entry);
		if (this.entries.length > 1000) this.entries.shift();
	}

	list(): RecordedUploadRequest[] {
		return [...this.entries];
	}

	reset(): void {
		this.entries = [];
	}
}
