/** The name of the Numero API credential type (credentials/NumeroApi.credentials.ts). */
export const CREDENTIAL_TYPE = 'numeroApi';
