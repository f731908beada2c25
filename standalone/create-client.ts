import { NumeroClient, type NumeroClientOptions } from '../shared/numero-client';
import { undiciTransport, type UndiciTransport } from './undici-transport';

export type CreateClientOptions = Omit<
	NumeroClientOptions,
	'transport' | 'uploadTransport' | 'sleep' | 'now'
> &
	Partial<Pick<NumeroClientOptions, 'transport' | 'uploadTransport' | 'sleep' | 'now'>>;

export const realSleep = (ms: number): Promise<void> =>
	new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A NumeroClient for plain Node: an undici keep-alive transport (the upload PUT shares it; the client
 * adds no API key to the PUT), real sleep and clock. Any of them can be replaced.
 */
export function createClient(options: CreateClientOptions): NumeroClient {
	let transport: UndiciTransport | undefined;
	const shared = () => (transport ??= undiciTransport());
	return new NumeroClient({
		...options,
		transport: options.transport ?? shared(),
		uploadTransport: options.uploadTransport ?? options.transport ?? shared(),
		sleep: options.sleep ?? realSleep,
		now: options.now ?? Date.now,
	});
}
