/** The core wired for plain Node (scripts, the CLI, benchmarks, tests). Not shipped to n8n. */
export { createClient, realSleep } from './create-client';
export type { CreateClientOptions } from './create-client';
export { fileSource } from './file-source';
export { undiciTransport, failureKind } from './undici-transport';
export type { UndiciTransport, UndiciTransportOptions } from './undici-transport';
