/**
 * The creates share a throttle that keeps a connection under numero's 300 API calls a minute, and it
 * is what Zapier's schema accepts: its ThrottleObjectSchema here, and the whole definition of each
 * edition in `npm run validate` (zapier-platform validate, part of `npm run test:zapier`).
 */
import { buildApp, EDITIONS } from '../src/index';
import {
	CREATES_THROTTLE,
	MOST_API_CALLS_PER_CREATE,
	NUMERO_CALLS_PER_MINUTE,
} from '../src/throttle';
import { ACCOUNT_SAMPLE } from '../src/searches/get-account';

test('every create carries the same throttle, per connection, shared across the creates', () => {
	for (const edition of EDITIONS) {
		for (const create of Object.values(buildApp(edition).creates ?? {})) {
			expect(create.operation.throttle).toEqual(CREATES_THROTTLE);
		}
	}
	expect(CREATES_THROTTLE.scope).toEqual(['auth']);
	expect(CREATES_THROTTLE.scope).not.toContain('action');
});

test("at the throttle's pace, the creates stay under numero's calls a minute with room for the rest", () => {
	expect(ACCOUNT_SAMPLE.limites.appels_par_minute).toBe(NUMERO_CALLS_PER_MINUTE);
	const perMinute =
		(CREATES_THROTTLE.limit * MOST_API_CALLS_PER_CREATE * 60) / CREATES_THROTTLE.window;
	expect(perMinute).toBeLessThanOrEqual(NUMERO_CALLS_PER_MINUTE * 0.8);
});

test("Zapier's throttle schema accepts it (and refuses a scope it does not know)", () => {
	// zapier-platform-schema ships no type declarations.
	const schema: {
		validate(value: unknown): { errors: unknown[] };
	} = require('zapier-platform-schema/lib/schemas/ThrottleObjectSchema');
	expect(schema.validate(CREATES_THROTTLE).errors).toEqual([]);
	expect(schema.validate({ ...CREATES_THROTTLE, scope: ['connection'] }).errors).not.toEqual([]);
});
