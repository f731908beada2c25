import type { ByteSource } from './ports';

const CHUNK = 1024 * 1024;

/** A ByteSource over bytes already in memory (n8n binary data, a Zapier file), sent in 1 MiB slices. */
export function bytesSource(bytes: Uint8Array, name?: string): ByteSource {
	return {
		size: bytes.byteLength,
		...(name === undefined ? {} : { name }),
		async *open() {
			for (let offset = 0; offset < bytes.byteLength; offset += CHUNK) {
				yield bytes.subarray(offset, Math.min(offset + CHUNK, bytes.byteLength));
			}
		},
	};
}
