import { NumeroApiError, type NumeroClient } from '../../shared';
import { refuseFile, type FileKind } from './file-kinds';

/** A ceiling on a file's size, with what sets it and what to do about it, as the message says them. */
export interface FileSizeLimit {
	bytes: number;
	/** Completes "the most …". */
	setBy: string;
	advice: string;
}

/**
 * Zapier documents what a step can download as about 120 MB ("Size limits: Downloaded files ~120 MB",
 * https://docs.zapier.com/platform/build/operating-constraints); a file handed between Zap steps is
 * also capped at 150 MB, with trouble possible from about 100 MB
 * (https://docs.zapier.com/platform/build/hydration-limits). The smaller figure, MB as 10^6 bytes.
 */
export const ZAPIER_DOWNLOAD_LIMIT: FileSizeLimit = {
	bytes: 120_000_000,
	setBy: 'a Zapier step can download',
	advice: 'use a smaller file',
};

/**
 * The plan's maximum file size (GET /compte, `limites.taille_fichier_octets`). A key without the
 * `lecture` permission cannot read it (403): then numero's own refusal (413, after the download) is
 * what remains.
 */
export async function planFileSizeLimit(client: NumeroClient): Promise<FileSizeLimit | undefined> {
	try {
		const { compte } = await client.getAccount();
		return {
			bytes: compte.limites.taille_fichier_octets,
			setBy: 'your numero plan allows for a file',
			advice: 'use a smaller file or a plan that allows larger ones',
		};
	} catch (error) {
		if (error instanceof NumeroApiError && error.status === 403) return undefined;
		throw error;
	}
}

/** The lower of the limits that are known. */
export function lowestLimit(
	...limits: Array<FileSizeLimit | undefined>
): FileSizeLimit | undefined {
	return limits.reduce<FileSizeLimit | undefined>(
		(lowest, limit) => (limit && (!lowest || limit.bytes < lowest.bytes) ? limit : lowest),
		undefined,
	);
}

export function megabytes(bytes: number): string {
	return `${(bytes / 1e6).toFixed(bytes % 1e6 === 0 ? 0 : 1)} MB`;
}

/**
 * Refuses a file over the limit: a size its address announced (Content-Length, before anything is
 * downloaded), or the bytes counted so far (then the download is stopped there).
 */
export function checkFileSize(
	file: FileKind,
	bytes: number,
	limit: FileSizeLimit | undefined,
	announced: boolean,
): void {
	if (limit === undefined || bytes <= limit.bytes) return;
	refuseFile(
		file,
		'max_size',
		`must be at most ${megabytes(limit.bytes)}, the most ${limit.setBy}`,
		announced
			? `its address announces ${megabytes(bytes)}, so it was not downloaded: ${limit.advice}`
			: `more arrived, so its download was stopped: ${limit.advice}`,
	);
}
