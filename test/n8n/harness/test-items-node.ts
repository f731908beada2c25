/**
 * A node that only tests use: it outputs the items it is given, and stores their files through
 * n8n's binary data service (so in filesystem mode they are on disk, and the next node sees only
 * a binary id, exactly as after a "Read Binary File" or "HTTP Request" node).
 */
import * as fs from 'node:fs';

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

export const TEST_ITEMS_TYPE = 'numero-test.testItems';

/** A file for an item: from disk (streamed into n8n) or from bytes. */
export type TestFile = { fileName: string; mimeType: string } & (
	| { filePath: string }
	| { bytes: Uint8Array }
);

export interface TestItem {
	json: IDataObject;
	binary?: Record<string, TestFile>;
}

/** Items travel as a JSON parameter; bytes are carried as base64. */
export function encodeTestItems(items: TestItem[]): string {
	return JSON.stringify(
		items.map((item) => ({
			json: item.json,
			binary: Object.fromEntries(
				Object.entries(item.binary ?? {}).map(([key, file]) => [
					key,
					'bytes' in file
						? {
								fileName: file.fileName,
								mimeType: file.mimeType,
								base64: Buffer.from(file.bytes).toString('base64'),
							}
						: file,
				]),
			),
		})),
	);
}

interface EncodedFile {
	fileName: string;
	mimeType: string;
	filePath?: string;
	base64?: string;
}

export class TestItems implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Test Items',
		name: 'testItems',
		group: ['input'],
		version: 1,
		description: 'Outputs the items a test gives it',
		defaults: { name: 'Test Items' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const encoded = JSON.parse(this.getNodeParameter('items', 0) as string) as Array<{
			json: IDataObject;
			binary: Record<string, EncodedFile>;
		}>;
		const output: INodeExecutionData[] = [];
		for (const item of encoded) {
			const binary: INodeExecutionData['binary'] = {};
			for (const [key, file] of Object.entries(item.binary)) {
				const content = file.filePath
					? fs.createReadStream(file.filePath)
					: Buffer.from(file.base64 ?? '', 'base64');
				binary[key] = await this.helpers.prepareBinaryData(content, file.fileName, file.mimeType);
			}
			output.push({
				json: item.json,
				...(Object.keys(binary).length ? { binary } : {}),
				pairedItem: { item: 0 },
			});
		}
		return [output];
	}
}
