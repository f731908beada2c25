import zapier from 'zapier-platform-core';
import { PRIVATE_APP as App } from '../../src/index';

/** The private edition: every step (the public edition is the same without the instant triggers). */
export { App };
export const appTester = zapier.createAppTester(App);
