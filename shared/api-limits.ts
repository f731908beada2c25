/**
 * The numbers of the API's rules and limits (numero-api.md "Limits", docs/api-choices.md "Limits"),
 * declared once: the core's field tables, the sandbox's checks and the sandbox's openapi.json read
 * them from here, and test/sandbox/limits.test.ts checks that openapi.json and api-choices.md say
 * the same.
 */

/** POST /liens `jours`: the days a link works. */
export const LINK_DAYS = { min: 1, max: 365 } as const;
/** `reference`: 1 to this many letters, digits and `_ . : @ + -`. */
export const REFERENCE_MAX_CHARS = 80;
/** GET /publications `limite`. */
export const LIST_LIMIT = { min: 1, max: 200, default: 50 } as const;
/** `titre` of an issue, in code points. */
export const TITLE_MAX_CHARS = 200;
/** A periodical's code (`publication`) or a new periodical's name (`nouvelle_publication`). */
export const PERIODICAL_MAX_CHARS = 200;
/** `nom_fichier`. */
export const FILE_NAME_MAX_CHARS = 255;
/** `adresse`, and the slug of the ids the service makes. */
export const SLUG_MAX_CHARS = 100;
/** The slug of an issue id given in a request (lenient: ids the service may make one day). */
export const ISSUE_ID_SLUG_MAX_CHARS = 200;
/** `pages` of an issue (a choice of ours: the reference gives no maximum). */
export const ISSUE_PAGES_MAX = 100_000;
/** `Idempotency-Key`: 1 to this many characters, remembered this many hours. */
export const IDEMPOTENCY_KEY_MAX_CHARS = 120;
export const IDEMPOTENCY_RETENTION_HOURS = 24;
/** `publier_le`: in the future, at most this many calendar years ahead. */
export const SCHEDULE_MAX_YEARS_AHEAD = 1;
/** The upload `url` of POST /televersements works this long (`expire_dans`). */
export const UPLOAD_VALIDITY_SECONDS = 3600;
/** Calls per key in a fixed window; beyond it 429 with Retry-After. */
export const RATE_LIMIT_PER_MINUTE = 300;
export const RATE_LIMIT_WINDOW_SECONDS = 60;
/** GET /statistiques without `depuis`: this many days back. */
export const STATISTICS_DEFAULT_DAYS = 30;
/** A JSON request body larger than this is refused (400 bad_json): a choice of ours. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
/** Webhook endpoints per account. */
export const WEBHOOK_ENDPOINTS_MAX = 5;
/** A receiver answers a delivery within this time, else it is retried. */
export const WEBHOOK_TIMEOUT_SECONDS = 4;
/** Delays of the retries after a delivery with no answer or a 5xx. */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200] as const;
/** Deliveries kept in each endpoint's log. */
export const WEBHOOK_LOGGED_DELIVERIES = 50;
