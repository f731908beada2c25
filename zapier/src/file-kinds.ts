import { NumeroValidationError } from '../../shared';

/** A file field of an action, and the first bytes every file of its kind starts with. */
export interface FileKind {
	field: string;
	kind: string;
	magic: readonly number[];
}

export const PDF_FILE: FileKind = {
	field: 'pdf',
	kind: 'a PDF (starting with %PDF-)',
	magic: [0x25, 0x50, 0x44, 0x46, 0x2d],
};
export const COVER_FILE: FileKind = {
	field: 'cover',
	kind: 'a JPEG image',
	magic: [0xff, 0xd8, 0xff],
};

/** Refuses a file field: the message names the field by its label in the Zap editor. */
export function refuseFile(
	file: FileKind,
	rule: string,
	expectation: string,
	problem: string,
): never {
	throw new NumeroValidationError(
		file.field,
		rule,
		`Field "${file.field}" ${expectation} (rule: ${rule}); ${problem}.`,
		(name) => `${name(file.field)} ${expectation}; ${problem}.`,
	);
}
