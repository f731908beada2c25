import { version } from './package.json';

/** The API refuses requests without a descriptive User-Agent; receivers see who sent a test event. */
export const CLI_USER_AGENT = `numero-cli/${version} (numero command; node/${process.versions.node})`;
export const TRIGGER_USER_AGENT = `numero-cli/${version} (numero trigger; test webhook delivery)`;
export const CLI_VERSION = version;
