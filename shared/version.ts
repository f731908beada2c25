/** The package this core ships in, for the default User-Agent. A test keeps it equal to package.json. */
export const PACKAGE_NAME = 'n8n-nodes-numero';
export const PACKAGE_VERSION = '0.1.0';
export const DEFAULT_USER_AGENT = `${PACKAGE_NAME}/${PACKAGE_VERSION} (numero-core)`;
