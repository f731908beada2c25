import { chain, NUMERO_API_CREDENTIAL, NUMERO_NODE, type WorkflowJson } from './workflow-json';

export const DROP_FOLDER_WORKFLOW_ID = 'numeroDropFolder';

/**
 * A PDF dropped into a folder is published as an issue of a periodical: Local File Trigger →
 * keep PDFs only → Read/Write Files from Disk → Numero (Issue → Publish). The file name, without
 * ".pdf", is the title.
 */
export function dropFolderToIssue(options: {
	dropFolder: string;
	periodical: string;
}): WorkflowJson {
	return chain(DROP_FOLDER_WORKFLOW_ID, 'Numero: publish PDFs dropped in a folder', [
		{
			id: '6f1d0c2e-3b4a-4c58-9d61-1a0e5b7c9d01',
			name: 'PDF Dropped In Folder',
			type: 'n8n-nodes-base.localFileTrigger',
			typeVersion: 1,
			parameters: {
				triggerOn: 'folder',
				path: options.dropFolder,
				events: ['add'],
				// Wait until a file being copied in is complete before reading it.
				options: { awaitWriteFinish: true, depth: 0 },
			},
		},
		{
			id: '6f1d0c2e-3b4a-4c58-9d61-1a0e5b7c9d02',
			name: 'Only PDF Files',
			type: 'n8n-nodes-base.filter',
			typeVersion: 2.2,
			parameters: {
				conditions: {
					options: { caseSensitive: false, leftValue: '', typeValidation: 'strict', version: 2 },
					conditions: [
						{
							id: '6f1d0c2e-3b4a-4c58-9d61-1a0e5b7c9d0a',
							leftValue: '={{ $json.path }}',
							rightValue: '.pdf',
							operator: { type: 'string', operation: 'endsWith' },
						},
					],
					combinator: 'and',
				},
				options: { ignoreCase: true },
			},
		},
		{
			id: '6f1d0c2e-3b4a-4c58-9d61-1a0e5b7c9d03',
			name: 'Read PDF',
			type: 'n8n-nodes-base.readWriteFile',
			typeVersion: 1.1,
			parameters: { operation: 'read', fileSelector: '={{ $json.path }}', options: {} },
		},
		{
			id: '6f1d0c2e-3b4a-4c58-9d61-1a0e5b7c9d04',
			name: 'Publish Issue',
			type: NUMERO_NODE,
			typeVersion: 1,
			parameters: {
				resource: 'issue',
				operation: 'publish',
				binaryPropertyName: 'data',
				title: '={{ $json.fileName.replace(/\\.pdf$/i, "") }}',
				periodicalMode: 'existing',
				periodical: options.periodical,
				additionalFields: {},
				options: {},
			},
			credentials: { numeroApi: NUMERO_API_CREDENTIAL },
		},
	]);
}
