/**
 * Imported before the n8n harness: n8n's logger at debug level (the harness keeps it silent by
 * default), so that the secrets part sees every line n8n and the nodes log.
 */
process.env.N8N_LOG_LEVEL = 'debug';
process.env.N8N_LOG_OUTPUT = 'console';

export const N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL;
