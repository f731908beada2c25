import type { PlainOutputField, ZObject } from 'zapier-platform-core';
import type { ByteSource, NumeroClient, PublishedIssue } from '../../shared';
import { COVER_FILE, PDF_FILE } from './file-kinds';
import { openFileField, saveFileField, withTempFolder, type OpenedFile } from './file-input';
import { megabytes, planFileSizeLimit, ZAPIER_DOWNLOAD_LIMIT } from './file-size-limits';
import { optionalValue } from './input-values';
import { ISSUE_OUTPUT_FIELDS, ISSUE_SAMPLE } from './issue-output';
import { seconds, STEP_TIME, type StepBudget } from './step-budget';

/**
 * Downloads the PDF (and the cover, if any) to temporary files, hashing them as they arrive, and hands
 * them to `publish`, which runs one of the core's pipelines (publish or replace) on them: upload
 * request, PUT (skipped when numero already has the file), POST /numeros with an idempotency key
 * derived from the files and fields, so a replayed Zap never publishes twice. All of it runs within
 * the step's time (`step`, which `client` was made with). Bad fields must be refused before this is called.
 */
export async function withDownloadedFiles(
	z: ZObject,
	client: NumeroClient,
	step: StepBudget,
	files: { pdf: unknown; cover: unknown },
	publish: (pdf: ByteSource, cover: ByteSource | undefined) => Promise<PublishedIssue>,
): Promise<PublishedIssue> {
	return step.within(() =>
		withTempFolder(async (folder) => {
			const opened: OpenedFile[] = [];
			try {
				// Both files' answers are checked (an empty file, Zapier's limit) before numero is asked for
				// the plan's limit: such a file sends no request. Its kind shows on its first bytes, later.
				const pdf = await openFileField(z, files.pdf, PDF_FILE, step);
				opened.push(pdf);
				const cover =
					optionalValue(files.cover) === undefined
						? undefined
						: await openFileField(z, files.cover, COVER_FILE, step);
				if (cover) opened.push(cover);
				const plan = await planFileSizeLimit(client);
				const savedPdf = await saveFileField(folder, pdf, step, plan);
				const savedCover = cover && (await saveFileField(folder, cover, step, plan));
				return await publish(savedPdf, savedCover);
			} finally {
				for (const file of opened) file.abort();
			}
		}),
	);
}

/** What the help of a PDF field says of the limits, from the figures the step enforces. */
export const FILE_LIMITS_HELP = `At most ${megabytes(ZAPIER_DOWNLOAD_LIMIT.bytes)} (what a Zapier step can download) and what your plan allows. Zapier gives a step about 30 seconds: the download must end within ${seconds(STEP_TIME.downloadMs)} and the whole step within ${seconds(STEP_TIME.totalMs)}, or the step stops saying what took too long.`;

/** The issue, plus what the publication did with the files. */
export function publishedOutput(result: PublishedIssue) {
	return {
		...result.numero,
		cover_status: result.couverture,
		pdf_sha256: result.pdf.sha256,
		pdf_size: result.pdf.taille,
		pdf_already_stored: result.pdf.deja_present,
		cover_sha256: result.cover?.sha256 ?? null,
		cover_size: result.cover?.taille ?? null,
		idempotency_key: result.idempotencyKey,
		replayed: result.replayed,
	};
}

export const PUBLISHED_SAMPLE = publishedOutput({
	numero: ISSUE_SAMPLE,
	couverture: 'prete',
	pdf: {
		sha256: '9f2c1e0b7a3d4c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6',
		taille: 18_734_112,
		deja_present: false,
	},
	cover: {
		sha256: '4b1d0c9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c',
		taille: 412_877,
		deja_present: false,
	},
	idempotencyKey: 'pub_3c5e1f0a9b8d7c6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e',
	replayed: false,
});

export const PUBLISHED_OUTPUT_FIELDS: PlainOutputField[] = [
	...ISSUE_OUTPUT_FIELDS,
	{ key: 'cover_status', label: 'Cover Status (prete or en_preparation)', type: 'string' },
	{ key: 'pdf_sha256', label: 'PDF SHA-256', type: 'string' },
	{ key: 'pdf_size', label: 'PDF Size (Bytes)', type: 'integer' },
	{ key: 'pdf_already_stored', label: 'PDF Was Already Stored', type: 'boolean' },
	{ key: 'cover_sha256', label: 'Cover SHA-256', type: 'string' },
	{ key: 'cover_size', label: 'Cover Size (Bytes)', type: 'integer' },
	{ key: 'idempotency_key', label: 'Idempotency Key', type: 'string' },
	{ key: 'replayed', label: 'Returned by an Earlier Run (Same Idempotency Key)', type: 'boolean' },
];

/** The input field behind each name the core gives the publishing actions' files and key. */
export const FILE_FIELDS = {
	'pdf.size': 'pdf',
	'cover.size': 'cover',
	'Idempotency-Key': 'idempotency_key',
};
