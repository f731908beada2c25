import { createHash } from 'crypto';
import type { ByteSource } from './ports';
import { NumeroValidationError } from './errors';

/**
 * SHA-256 of a source, read once as a stream: memory stays constant whatever the size. Checks that the
 * source yields exactly `size` bytes. `onBytes` gets the running count after each chunk.
 */
export async function sha256OfSource(
	source: ByteSource,
	onBytes?: (bytes: number) => void,
	field = 'pdf',
): Promise<string> {
	const hash = createHash('sha256');
	let bytes = 0;
	for await (const chunk of source.open()) {
		if (!(chunk instanceof Uint8Array)) {
			throw new NumeroValidationError(
				field,
				'type',
				`The file "${field}" must yield bytes (Uint8Array chunks) (rule: type); got a chunk of type ${typeof chunk}.`,
			);
		}
		hash.update(chunk);
		bytes += chunk.byteLength;
		onBytes?.(bytes);
	}
	if (bytes !== source.size) {
		throw new NumeroValidationError(
			field,
			'size',
			`The file "${field}" declared ${source.size} bytes but holds ${bytes} (rule: size); it may have changed while being read.`,
			(name) =>
				`The file of ${name(field)} declared ${source.size} bytes but holds ${bytes}; it may have changed while being read.`,
		);
	}
	return hash.digest('hex');
}
