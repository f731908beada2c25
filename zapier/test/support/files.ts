/** Files for the publishing actions: real PDFs (the sandbox's own generator) and a JPEG cover. */
import { randomBytes } from 'node:crypto';
import { RENDERED_COVER_JPEG, samplePdf } from '../../../sandbox/reader/sample-files';

/** A PDF unique to this call (a random comment), so that no two tests share a file or an idempotency key. */
export function uniquePdf(title: string, extraBytes = 0): Buffer {
	const pdf = samplePdf(title, 2);
	const comment = Buffer.from(`%${randomBytes(8).toString('hex')}\n`, 'latin1');
	return Buffer.concat([pdf, comment, randomBytes(extraBytes)]);
}

export const COVER_JPEG: Buffer = RENDERED_COVER_JPEG;
