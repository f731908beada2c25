/**
 * Which edition of the app this build is. Zapier refuses static hooks (webhooks the user sets up by
 * hand) in a public integration (check D017), and numero has no API to subscribe one, so the app builds
 * two ways from one definition (see buildApp in index.ts):
 * - `private`: everything, including the four instant triggers; pushed to the invite-only integration.
 * - `public`: without the instant triggers (New Issue, polling, stays); pushed to the public integration.
 *
 * This file is compiled to lib/zapier/src/edition.js; `npm run _zapier-build` (what `zapier-platform
 * build`, `push` and `validate` run first) rewrites that compiled file with the edition named by
 * NUMERO_ZAPIER_EDITION (scripts/set-edition.js), so the zip carries its edition and needs no
 * environment variable at run time.
 */
export const EDITIONS = ['private', 'public'] as const;
export type Edition = (typeof EDITIONS)[number];

export const EDITION: Edition = 'private';
