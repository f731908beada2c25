import { NumeroValidationError } from './errors';

export interface EventDeduplicatorOptions {
	/** Ids remembered at most; the oldest goes first. Default 1000. */
	maxEntries?: number;
	/** How long an id is remembered, in seconds. Default 86400 (a day: the service retries for under 3 hours). */
	ttlSeconds?: number;
}

/** Plain JSON state, e.g. for n8n's workflow static data. */
export interface EventDeduplicatorState {
	version: 1;
	/** [event id, Unix seconds first seen], oldest first. */
	entries: Array<[string, number]>;
}

/**
 * Remembers event ids so a receiver can ignore deliveries it already handled (retries and manual
 * resends carry the same id). Memory is bounded by maxEntries.
 */
export class EventDeduplicator {
	private readonly maxEntries: number;
	private readonly ttlSeconds: number;
	/** id → first seen (Unix seconds); a Map keeps insertion order, so the first entry is the oldest. */
	private readonly entries = new Map<string, number>();

	constructor(options: EventDeduplicatorOptions = {}) {
		const maxEntries = options.maxEntries ?? 1000;
		const ttlSeconds = options.ttlSeconds ?? 86_400;
		if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) {
			throw new NumeroValidationError(
				'maxEntries',
				'range',
				'Field "maxEntries" must be an integer of at least 1 (rule: range).',
			);
		}
		if (typeof ttlSeconds !== 'number' || !(ttlSeconds > 0)) {
			throw new NumeroValidationError(
				'ttlSeconds',
				'range',
				'Field "ttlSeconds" must be a positive number of seconds (rule: range).',
			);
		}
		this.maxEntries = maxEntries;
		this.ttlSeconds = ttlSeconds;
	}

	/** Rebuilds a deduplicator from toJSON()'s output; entries that are not well-formed are dropped. */
	static fromJSON(state: unknown, options: EventDeduplicatorOptions = {}): EventDeduplicator {
		const deduplicator = new EventDeduplicator(options);
		const entries = (state as Partial<EventDeduplicatorState> | null)?.entries;
		if (Array.isArray(entries)) {
			for (const entry of entries) {
				if (Array.isArray(entry) && typeof entry[0] === 'string' && Number.isFinite(entry[1])) {
					deduplicator.entries.delete(entry[0]);
					deduplicator.entries.set(entry[0], entry[1] as number);
				}
			}
			deduplicator.evictOverflow();
		}
		return deduplicator;
	}

	get size(): number {
		return this.entries.size;
	}

	/** True if `id` was seen within the time-to-live; otherwise records it and returns false. */
	seen(id: string, nowSeconds: number): boolean {
		if (typeof id !== 'string' || id.length === 0) {
			throw new NumeroValidationError(
				'id',
				'required',
				'Field "id" is required (rule: required): the event id to remember.',
			);
		}
		if (typeof nowSeconds !== 'number' || !Number.isFinite(nowSeconds)) {
			throw new NumeroValidationError(
				'nowSeconds',
				'type',
				'Field "nowSeconds" must be a number of Unix seconds (rule: type).',
			);
		}
		this.expire(nowSeconds);
		const firstSeen = this.entries.get(id);
		if (firstSeen !== undefined && nowSeconds - firstSeen < this.ttlSeconds) return true;
		this.entries.delete(id);
		this.entries.set(id, nowSeconds);
		this.evictOverflow();
		return false;
	}

	/** Forgets an id, e.g. when handling its event failed and a redelivery should be processed. */
	forget(id: string): void {
		this.entries.delete(id);
	}

	toJSON(): EventDeduplicatorState {
		return { version: 1, entries: [...this.entries] };
	}

	private expire(nowSeconds: number): void {
		for (const [id, firstSeen] of this.entries) {
			if (nowSeconds - firstSeen < this.ttlSeconds) break;
			this.entries.delete(id);
		}
	}

	private evictOverflow(): void {
		for (const id of this.entries.keys()) {
			if (this.entries.size <= this.maxEntries) break;
			this.entries.delete(id);
		}
	}
}
