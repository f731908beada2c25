import type { IExecuteFunctions } from 'n8n-workflow';

/** The Node stream n8n's binary data service hands out for a file kept on disk. */
export type BinaryStream = Awaited<ReturnType<IExecuteFunctions['helpers']['getBinaryStream']>>;

/**
 * The bytes of a binary file n8n keeps on disk, opened only when read. The core reads it as an async
 * iterable (to hash it); the upload transport asks it for the real Node stream, which n8n's HTTP
 * helper can send (it cannot send a plain async iterable), so the file never sits in memory.
 */
export class BinaryStreamBody implements AsyncIterable<Uint8Array> {
	constructor(readonly openStream: () => Promise<BinaryStream>) {}

	async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
		const stream = await this.openStream();
		for await (const chunk of stream as AsyncIterable<Uint8Array>) yield chunk;
	}
}
