import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ByteSource } from '../../../shared/index';
import { binarySource } from './binary-source';
import { urlSource } from './url-source';

/**
 * The PDF (and the optional cover) of Publish and Replace PDF: from binary fields of the input item,
 * or downloaded by URL into n8n's binary data (PDF Source). Numero Tool receives JSON only, never a
 * file, so as a tool only URLs work.
 */
export async function pdfAndCover(
	context: IExecuteFunctions,
	itemIndex: number,
	coverBinaryPropertyName: string | undefined,
): Promise<{ pdf: ByteSource; cover?: ByteSource }> {
	const source = context.getNodeParameter('pdfSource', itemIndex, 'binary') as 'binary' | 'url';
	if (source === 'url') {
		const pdfUrl = context.getNodeParameter('pdfUrl', itemIndex, '') as string;
		if (!pdfUrl.trim())
			throw new NodeOperationError(
				context.getNode(),
				'The PDF address is missing: give the https address of the PDF to publish.',
			);
		const coverUrl = (context.getNodeParameter('coverUrl', itemIndex, '') as string).trim();
		const pdf = await urlSource(context, 'PDF', pdfUrl, 'application/pdf');
		const cover = coverUrl ? await urlSource(context, 'cover', coverUrl, 'image/jpeg') : undefined;
		return { pdf, ...(cover ? { cover } : {}) };
	}
	if (context.isToolExecution()) {
		throw new NodeOperationError(
			context.getNode(),
			"This tool receives no files: its PDF Source must be URL (set it in the tool's settings), and the PDF is then given by its https address.",
		);
	}
	const binaryPropertyName = context.getNodeParameter('binaryPropertyName', itemIndex) as string;
	const pdf = await binarySource(context, itemIndex, binaryPropertyName);
	const cover = coverBinaryPropertyName
		? await binarySource(context, itemIndex, coverBinaryPropertyName)
		: undefined;
	return { pdf, ...(cover ? { cover } : {}) };
}
