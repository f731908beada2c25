/**
 * Runs one bad-input case through the core, the n8n node (n8n engine) and the Zapier app
 * (createAppTester), and reads what the sandbox received meanwhile (its API request counter and the
 * upload origin's request log): a refused input must name its field and send nothing.
 */
import { NumeroClient, NumeroValidationError } from '../../../shared';
import { undiciTransport } from '../../../standalone';
import { RENDERED_COVER_JPEG, samplePdf } from '../../../sandbox/reader/sample-files';
import { appTester, App } from '../../../zapier/test/support/app-tester';
import type { FileHost } from '../../../zapier/test/support/local-servers';
import { zapierError } from '../../../zapier/test/support/zapier-error';
import type { Harness } from '../../core/support/sandbox-harness';
import { runNode, type TestItem } from '../../n8n/harness';
import { NUMERO_NODE_TYPE } from '../../n8n/support/numero-sandbox';
import type { BadInputCase, N8nCase, ZapierCase } from './bad-input-cases';

export interface Verdict {
	/** The integration refused the input with an error. */
	refused: boolean;
	/** The error names the field (its label in the integration, or the API's field name). */
	named: boolean;
	/** Requests the sandbox received meanwhile (API and upload origins). */
	sent: number;
	message: string;
}

export const verdictHolds = (verdict: Verdict): boolean =>
	verdict.refused && verdict.named && verdict.sent === 0;

async function requestsReceived(harness: Harness): Promise<number> {
	const { total } = await harness.admin<{ total: number }>('GET', '/requests');
	const uploads = await harness.admin<{ requests: unknown[] }>('GET', '/uploads/requests');
	return total + uploads.requests.length;
}

const names = (text: string, field: string, label: string) =>
	text.includes(`"${field}"`) || text.toLowerCase().includes(label.toLowerCase());

async function measured(
	harness: Harness,
	run: () => Promise<{ refused: boolean; text: string }>,
	field: string,
	label: string,
): Promise<Verdict> {
	const before = await requestsReceived(harness);
	const { refused, text } = await run();
	const sent = (await requestsReceived(harness)) - before;
	return { refused, named: refused && names(text, field, label), sent, message: text };
}

const transport = undiciTransport();
export const closeBadInputTransport = () => transport.close();

export function throughCore(harness: Harness, badCase: BadInputCase): Promise<Verdict> {
	return measured(
		harness,
		async () => {
			try {
				const client = badCase.coreOptions
					? new NumeroClient({
							baseUrl: badCase.coreOptions.baseUrl ?? harness.sandbox.baseUrl,
							apiKey: badCase.coreOptions.apiKey ?? harness.sandbox.keys.full,
							transport,
							userAgent: 'numero-reliability/1.0',
						})
					: harness.client();
				await badCase.core(client);
				return { refused: false, text: 'accepted' };
			} catch (error) {
				const ok =
					error instanceof NumeroValidationError &&
					error.field === badCase.field &&
					error.rule === badCase.coreRule;
				return {
					refused: error instanceof NumeroValidationError,
					text: ok ? (error as Error).message : `unexpected: ${String(error)}`,
				};
			}
		},
		badCase.field,
		`"${badCase.field}"`,
	);
}

const PDF_ITEM: TestItem = {
	json: {},
	binary: {
		data: { bytes: samplePdf('Bad input', 1), fileName: 'issue.pdf', mimeType: 'application/pdf' },
	},
};

export function throughN8n(
	harness: Harness,
	badCase: BadInputCase,
	n8n: N8nCase,
): Promise<Verdict> {
	return measured(
		harness,
		async () => {
			const needsPdf =
				n8n.parameters.operation === 'publish' || n8n.parameters.operation === 'replacePdf';
			let result;
			try {
				result = await runNode({
					credentials: {
						numeroApi: {
							apiKey: harness.sandbox.keys.full,
							baseUrl: harness.sandbox.baseUrl,
							...n8n.credential,
						},
					},
					input: n8n.input ?? [needsPdf ? PDF_ITEM : { json: {} }],
					node: { type: NUMERO_NODE_TYPE, parameters: n8n.parameters },
				});
			} catch (error) {
				// n8n checks the parameters against the node's description (required, regex) before running it.
				if ((error as Error).name === 'WorkflowHasIssuesError')
					return { refused: true, text: `n8n: ${(error as Error).message}` };
				throw error;
			}
			const error = result.nodeError;
			if (!error)
				return {
					refused: false,
					text: `accepted: ${JSON.stringify(result.items.map((item) => item.json)).slice(0, 300)}`,
				};
			return { refused: true, text: `${error.message} ${error.description ?? ''}` };
		},
		badCase.field,
		n8n.name,
	);
}

export function throughZapier(
	harness: Harness,
	files: FileHost,
	badCase: BadInputCase,
	zapier: ZapierCase,
): Promise<Verdict> {
	const [kind, key] = zapier.action;
	const operation = (App[kind] as Record<string, { operation: { perform: unknown } }>)[key]!
		.operation;
	const inputData = Object.fromEntries(
		Object.entries(zapier.inputData).map(([field, value]) => {
			if (value === 'PDF')
				return [
					field,
					files.add(
						'issue.pdf',
						zapier.files?.[field] ?? samplePdf('Bad input', 1),
						'application/pdf',
					),
				];
			if (value === 'COVER')
				return [
					field,
					files.add('cover.jpg', zapier.files?.[field] ?? RENDERED_COVER_JPEG, 'image/jpeg'),
				];
			return [field, value];
		}),
	);
	return measured(
		harness,
		async () => {
			try {
				const output = await appTester(operation.perform as never, {
					authData: {
						apiKey: harness.sandbox.keys.full,
						baseUrl: harness.sandbox.baseUrl,
						...zapier.authData,
					},
					inputData,
				});
				return { refused: false, text: `accepted: ${JSON.stringify(output).slice(0, 300)}` };
			} catch (error) {
				const parts = zapierError(error);
				return { refused: true, text: `${parts.name} ${parts.code ?? ''} ${parts.message}` };
			}
		},
		badCase.field,
		zapier.name,
	);
}
