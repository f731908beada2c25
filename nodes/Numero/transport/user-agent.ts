import { PACKAGE_NAME, PACKAGE_VERSION } from '../../../shared/version';

/** The User-Agent of every API call from n8n (the service's firewall blocks generic agents). */
export const NUMERO_USER_AGENT = `${PACKAGE_NAME}/${PACKAGE_VERSION} (n8n)`;
