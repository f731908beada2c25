/**
 * numero allows 300 API calls a minute per key (GET /compte's `appels_par_minute`). Zapier throttles a
 * step's invocations, not its calls, so the creates share one throttle per connection (scope `auth`,
 * no `action`: Zapier forms the throttle's key from window, limit, scope and key, so the same object
 * on every create is one shared budget) sized by the step that calls the API most: Publish Issue and
 * Replace Issue PDF make at most three calls (upload address for the PDF, for the cover, the issue).
 * 3 × 80 = 240 calls a minute leaves 60 for polling, dropdowns, searches and retries. A throttled step
 * is run again by Zapier later (`retry`).
 */
export const MOST_API_CALLS_PER_CREATE = 3;
export const NUMERO_CALLS_PER_MINUTE = 300;

export const CREATES_THROTTLE = {
	window: 60,
	limit: 80,
	scope: ['auth'] as Array<'auth'>,
	retry: true,
};
