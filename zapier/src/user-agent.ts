import zapier from 'zapier-platform-core';
import packageJson from '../package.json';

/** The app's own version, from its package.json (what `zapier-platform push` publishes). */
export const APP_VERSION: string = packageJson.version;

/** Sent on every request: numero's firewall blocks the default agents of some libraries. */
export const USER_AGENT = `numero-zapier/${APP_VERSION} (numero-core; zapier-platform-core/${zapier.version})`;
