import zapier from 'zapier-platform-core';
import packageJson from '../package.json';

/** The app's own version, from its package.json (what `zapier-platform push` publishes). */
export const APP_VERSION: string = packageJson.version;

/**
 * Sent on every request: numero's firewall blocks the default agents of some libraries. It keeps the
 * word "Zapier", by which zapier-platform-core tells its own requests from others (logged once, not twice).
 */
export const USER_AGENT = `numero-zapier/${APP_VERSION} (Zapier; zapier-platform-core/${zapier.version}; numero-core)`;
