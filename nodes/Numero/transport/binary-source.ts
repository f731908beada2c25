import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';

import { bytesSource, type ByteSource } from '../../../shared/index';
import { BinaryStreamBody } from './binary-stream-body';

/**
 * A binary property of an input item as the core's ByteSource. When n8n keeps binaries on disk (the
 * item's binary has an id) the file is streamed from disk each time it is read, so even a 500 MB PDF
 * never sits in memory; in n8n's in-memory mode the bytes are already in memory and are used as is.
 */
export async function binarySource(
	context: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
): Promise<ByteSource> {
	const binaryData = context.helpers.assertBinaryData(itemIndex, propertyName);
	return await storedBinarySource(
		context,
		binaryData,
		async () => await context.helpers.getBinaryDataBuffer(itemIndex, propertyName),
	);
}

/** A file n8n keeps as binary data (an input item's, or one the node downloaded) as the core's ByteSource. */
export async function storedBinarySource(
	context: IExecuteFunctions,
	binaryData: IBinaryData,
	inMemory: () => Promise<Buffer> = async () => Buffer.from(binaryData.data, 'base64'),
): Promise<ByteSource> {
	const name = binaryData.fileName;
	const { id } = binaryData;
	if (id) {
		const { fileSize } = await context.helpers.getBinaryMetadata(id);
		return {
			size: fileSize,
			...(name ? { name } : {}),
			open: () => new BinaryStreamBody(async () => await context.helpers.getBinaryStream(id)),
		};
	}
	return bytesSource(await inMemory(), name);
}
