import { EventDeduplicator, NumeroValidationError } from '../../shared';

describe('EventDeduplicator', () => {
	it('reports an id as seen on its second delivery, not its first', () => {
		const dedup = new EventDeduplicator();
		expect(dedup.seen('evt_1', 1000)).toBe(false);
		expect(dedup.seen('evt_1', 1001)).toBe(true);
		expect(dedup.seen('evt_2', 1002)).toBe(false);
	});

	it('forgets an id after its time-to-live', () => {
		const dedup = new EventDeduplicator({ ttlSeconds: 60 });
		expect(dedup.seen('evt_1', 1000)).toBe(false);
		expect(dedup.seen('evt_1', 1059)).toBe(true);
		expect(dedup.seen('evt_1', 1060)).toBe(false);
		expect(dedup.seen('evt_1', 1061)).toBe(true);
	});

	it('keeps at most maxEntries ids, dropping the oldest first', () => {
		const dedup = new EventDeduplicator({ maxEntries: 3 });
		for (const id of ['a', 'b', 'c', 'd']) expect(dedup.seen(id, 1000)).toBe(false);
		expect(dedup.size).toBe(3);
		expect(dedup.seen('d', 1001)).toBe(true);
		expect(dedup.seen('b', 1001)).toBe(true);
		expect(dedup.seen('a', 1001)).toBe(false); // a was the oldest, so it went first
	});

	it('keeps memory bounded over many ids', () => {
		const dedup = new EventDeduplicator({ maxEntries: 100 });
		for (let i = 0; i < 10_000; i++) dedup.seen(`evt_${i}`, 1000 + i);
		expect(dedup.size).toBe(100);
		expect(dedup.seen('evt_9999', 20_000)).toBe(true);
		expect(dedup.seen('evt_0', 20_000)).toBe(false);
	});

	it('drops expired ids as time passes', () => {
		const dedup = new EventDeduplicator({ ttlSeconds: 10 });
		dedup.seen('a', 0);
		dedup.seen('b', 5);
		dedup.seen('c', 12);
		expect(dedup.size).toBe(2);
	});

	it('round-trips its state through plain JSON', () => {
		const dedup = new EventDeduplicator({ maxEntries: 5, ttlSeconds: 100 });
		dedup.seen('evt_a', 1000);
		dedup.seen('evt_b', 1010);
		const state = JSON.parse(JSON.stringify(dedup.toJSON()));
		expect(state).toEqual({
			version: 1,
			entries: [
				['evt_a', 1000],
				['evt_b', 1010],
			],
		});
		const restored = EventDeduplicator.fromJSON(state, { maxEntries: 5, ttlSeconds: 100 });
		expect(restored.seen('evt_a', 1050)).toBe(true);
		expect(restored.seen('evt_b', 1105)).toBe(true);
		expect(restored.seen('evt_a', 1100)).toBe(false);
	});

	it('restores from missing or damaged state without throwing, keeping what is well-formed', () => {
		expect(EventDeduplicator.fromJSON(undefined).size).toBe(0);
		expect(EventDeduplicator.fromJSON({ entries: 'x' }).size).toBe(0);
		const restored = EventDeduplicator.fromJSON({
			version: 1,
			entries: [['ok', 5], [1, 2], ['bad', 'x'], null, ['ok2', 6]],
		});
		expect(restored.size).toBe(2);
		expect(restored.seen('ok2', 10)).toBe(true);
	});

	it('applies maxEntries to restored state', () => {
		const entries = Array.from({ length: 10 }, (_, i) => [`e${i}`, i]);
		const restored = EventDeduplicator.fromJSON({ version: 1, entries }, { maxEntries: 4 });
		expect(restored.toJSON().entries.map(([id]) => id)).toEqual(['e6', 'e7', 'e8', 'e9']);
	});

	it('forgets an id on request', () => {
		const dedup = new EventDeduplicator();
		dedup.seen('evt_1', 1);
		dedup.forget('evt_1');
		expect(dedup.seen('evt_1', 2)).toBe(false);
	});

	it('refuses options that make no sense', () => {
		expect(() => new EventDeduplicator({ maxEntries: 0 })).toThrow(NumeroValidationError);
		expect(() => new EventDeduplicator({ ttlSeconds: -1 })).toThrow(NumeroValidationError);
		expect(() => new EventDeduplicator().seen('evt', Number.NaN)).toThrow(NumeroValidationError);
		expect(() => new EventDeduplicator().seen('', 1)).toThrow(NumeroValidationError);
	});
});
