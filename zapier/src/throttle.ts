import { RATE_LIMIT_PER_MINUTE } from '../../shared';

/**
 * numero allows 300 API calls a minute per key (GET /compte's `appels_par_minute`). Zapier throttles a
 * step's invocations, not its calls, so the creates share one throttle per connection (scope `auth`,
 * no `action`: Zapier forms the throttle's key from window, limit, scope and key, so the same object
 * on every create is one shared budget) sized by the step that calls the API most: Replace Issue PDF
 * makes at most five calls (the current title when no new one is given, the plan's file size limit,
 * an upload address for the PDF and one for the cover, the issue), Publish Issue four.
 * 5 × 48 = 240 calls a minute leaves 60 for polling, dropdowns, searches and retries. A throttled step
 * is run again by Zapier later (`retry`).
 */
export const MOST_API_CALLS_PER_CREATE = 5;
export const NUMERO_CALLS_PER_MINUTE = RATE_LIMIT_PER_MINUTE;

export const CREATES_THROTTLE = {
	window: 60,
	limit: 48,
	scope: ['auth'] as Array<'auth'>,
	retry: true,
};
