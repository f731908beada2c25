import zapier from 'zapier-platform-core';
import App from '../../src/index';

export { App };
export const appTester = zapier.createAppTester(App);
