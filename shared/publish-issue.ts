import type { CreatedIssue, CreateIssueInput, UploadType } from './api-types';
import type { ByteSource, HttpBody } from './ports';
import type { NumeroClient, ResponseInfo } from './numero-client';
import { NumeroValidationError } from './errors';
import { checkInteger, checkObject, checkSha256, type FieldsOf } from './field-rules';
import { validateIdempotencyKey, validateIssueFields, type ISSUE_FIELDS } from './validate-inputs';
import { idempotencyKeyForIssue } from './idempotency-keys';
import { sha256OfSource } from './hash-source';

/** The issue's fields that the caller chooses; publishIssue computes the file hashes and sizes. */
export type IssueFields = FieldsOf<typeof ISSUE_FIELDS>;

export interface PublishProgress {
	phase: 'hash' | 'upload';
	file: 'pdf' | 'cover';
	/** Bytes hashed (phase hash) or handed to the upload transport (phase upload) so far. */
	bytes: number;
	total: number;
}

export interface PublishIssueInput {
	pdf: ByteSource;
	/** A JPEG; without it the service renders page 1 as the cover. */
	cover?: ByteSource;
	fields: IssueFields;
	/** Default: idempotencyKeyForIssue of the fields and hashes. */
	idempotencyKey?: string;
	onProgress?: (progress: PublishProgress) => void;
}

export interface UploadedFile {
	sha256: string;
	taille: number;
	/** The service already had this file; it was not sent again. */
	deja_present: boolean;
}

export interface PublishedIssue extends CreatedIssue {
	pdf: UploadedFile;
	cover?: UploadedFile;
	idempotencyKey: string;
	/** The service returned the issue created by an earlier run with the same key. */
	replayed: boolean;
	requestId?: string;
}

export function checkSource(field: 'pdf' | 'cover', source: unknown): ByteSource {
	const value = checkObject(field, source);
	if (typeof value.open !== 'function') {
		throw new NumeroValidationError(
			field,
			'type',
			`Field "${field}" must be a file source with open() (rule: type); got an object without it.`,
		);
	}
	checkInteger(`${field}.size`, value.size, 1);
	if (value.sha256 !== undefined) checkSha256(`${field}.sha256`, value.sha256);
	return source as ByteSource;
}

/** C0 controls and DEL (U+0000–U+001F, U+007F), tested by code point: a regex with them trips no-control-regex. */
function isControlCharacter(character: string): boolean {
	const code = character.codePointAt(0) ?? 0;
	return code <= 0x1f || code === 0x7f;
}

function defaultFileName(pdf: ByteSource): string | undefined {
	const name = pdf.name;
	if (typeof name !== 'string' || name.length === 0 || [...name].length > 255) return undefined;
	return [...name].some(isControlCharacter) ? undefined : name;
}

async function* countingStream(
	source: ByteSource,
	onBytes: (bytes: number) => void,
): AsyncIterable<Uint8Array> {
	let bytes = 0;
	for await (const chunk of source.open()) {
		bytes += chunk.byteLength;
		yield chunk;
		onBytes(bytes);
	}
}

async function uploadFile(
	client: NumeroClient,
	source: ByteSource,
	file: 'pdf' | 'cover',
	domaine: IssueFields['domaine'],
	onProgress: PublishIssueInput['onProgress'],
): Promise<UploadedFile> {
	const report = (phase: PublishProgress['phase']) => (bytes: number) =>
		onProgress?.({ phase, file, bytes, total: source.size });
	const sha256 =
		source.sha256 ?? (await sha256OfSource(source, onProgress ? report('hash') : undefined, file));
	const type: UploadType = file === 'pdf' ? 'pdf' : 'couverture';
	const televersement = await client.requestUpload({
		type,
		sha256,
		taille: source.size,
		...(domaine ? { domaine } : {}),
	});
	if (!televersement.deja_present) {
		// Without progress the PUT body is the source's own stream, unwrapped (n8n's HTTP helper needs a real Node stream).
		const body = (): HttpBody =>
			onProgress ? countingStream(source, report('upload')) : source.open();
		await client.putUpload(televersement, body, source.size);
	}
	return { sha256, taille: source.size, deja_present: televersement.deja_present };
}

/**
 * Hash (unless the source carries its sha256) → upload request → PUT (skipped when already present) →
 * same for the cover → POST /numeros.
 * With `fields.remplace` it replaces that issue's PDF. A re-run with the same files and fields within
 * 24 hours returns the first issue (`replayed: true`) instead of publishing twice.
 */
export async function publishIssue(
	client: NumeroClient,
	input: PublishIssueInput,
): Promise<PublishedIssue> {
	checkObject('input', input);
	const { onProgress } = input;
	const pdf = checkSource('pdf', input.pdf);
	const cover = input.cover === undefined ? undefined : checkSource('cover', input.cover);
	validateIssueFields(input.fields, client.now());
	if (input.idempotencyKey !== undefined) validateIdempotencyKey(input.idempotencyKey);

	const pdfFile = await uploadFile(client, pdf, 'pdf', input.fields.domaine, onProgress);
	const coverFile = cover
		? await uploadFile(client, cover, 'cover', input.fields.domaine, onProgress)
		: undefined;

	const nomFichier = input.fields.nom_fichier ?? defaultFileName(pdf);
	const issue: CreateIssueInput = {
		...input.fields,
		...(nomFichier === undefined ? {} : { nom_fichier: nomFichier }),
		sha256: pdfFile.sha256,
		taille: pdfFile.taille,
		...(coverFile
			? { couverture_sha256: coverFile.sha256, couverture_taille: coverFile.taille }
			: {}),
	};
	const idempotencyKey = input.idempotencyKey ?? idempotencyKeyForIssue(issue);
	let response: ResponseInfo | undefined;
	const created = await client.createIssue(issue, {
		idempotencyKey,
		onResponse: (info) => (response = info),
	});
	return {
		...created,
		pdf: pdfFile,
		...(coverFile ? { cover: coverFile } : {}),
		idempotencyKey,
		replayed: response?.replayed ?? false,
		...(response?.requestId ? { requestId: response.requestId } : {}),
	};
}
