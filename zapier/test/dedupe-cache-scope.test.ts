/**
 * The instant triggers remember the ids of the events they let through in Zapier's cache, scoped to
 * the connection (`auth`). zapier-platform-core's z.cache.get(key, scope) and z.cache.set(key, value,
 * ttl, scope, nx) pass the scope to Zapier's cache, which keeps one key space per scope; the app
 * tester's in-memory cache ignores scopes, so this test gives the trigger a cache that keeps them apart,
 * as Zapier's does, with two connections.
 */
import { signWebhook } from '../../shared';
import { App } from './support/app-tester';

type Scope = Array<'user' | 'auth'> | null;

/** Zapier's cache as the RPC keeps it: a key space per scope (the connection's id for `auth`). */
function scopedCache(store: Map<string, unknown>, connection: string) {
	const space = (scope: Scope) => (scope?.includes('auth') ? `auth:${connection}` : 'app');
	const calls: string[] = [];
	return {
		calls,
		cache: {
			get: async (key: string, scope: Scope = null) => {
				calls.push(`get ${space(scope)}`);
				return store.get(`${space(scope)}|${key}`) ?? null;
			},
			set: async (
				key: string,
				value: unknown,
				_ttl: number | null = null,
				scope: Scope = null,
				nx: boolean | null = null,
			) => {
				calls.push(`set ${space(scope)}`);
				const full = `${space(scope)}|${key}`;
				if (nx && store.has(full)) return false;
				store.set(full, value);
				return true;
			},
			delete: async () => true,
		},
	};
}

const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
const perform = (App.triggers.issuePublished.operation as any).perform as (
	z: unknown,
	bundle: unknown,
) => Promise<unknown[]>;

function delivery(eventId: string) {
	const content = JSON.stringify({
		id: eventId,
		type: 'numero.publie',
		cree_le: '2026-03-02T08:15:04.512Z',
		donnees: { id: 'numero.press:a', titre: 'A' },
	});
	const header = signWebhook({
		payload: content,
		secret: SECRET,
		timestamp: Math.floor(Date.now() / 1000),
	});
	return { content, headers: { 'Http-Service-Signature': header } };
}

function run(store: Map<string, unknown>, connection: string, eventId: string) {
	const { cache, calls } = scopedCache(store, connection);
	const z = { cache, console: { log: () => undefined } };
	return {
		calls,
		result: perform(z, {
			authData: { apiKey: 'k', baseUrl: 'https://api.example', signingSecrets: SECRET },
			rawRequest: delivery(eventId),
		}),
	};
}

test('a redelivery on the same connection is recognised by the lookup, in the scope the id was stored in', async () => {
	const store = new Map<string, unknown>();
	expect(await run(store, 'connection-a', 'evt_1').result).toHaveLength(1);
	const second = run(store, 'connection-a', 'evt_1');
	expect(await second.result).toEqual([]);
	// Found by get, so nothing is written again: get and set read and write the same (auth) key space.
	expect(second.calls).toEqual(['get auth:connection-a']);
});

test('two connections keep their own ids: an event let through on one still starts the Zap of the other, once', async () => {
	const store = new Map<string, unknown>();
	expect(await run(store, 'connection-a', 'evt_2').result).toHaveLength(1);
	expect(await run(store, 'connection-b', 'evt_2').result).toHaveLength(1);
	expect(await run(store, 'connection-b', 'evt_2').result).toEqual([]);
	expect(await run(store, 'connection-a', 'evt_2').result).toEqual([]);
});
