import { SERVICE_DOMAINS, type ServiceDomain } from './api-types';
import type { ByteSource } from './ports';
import type { NumeroClient } from './numero-client';
import { checkIssueId, checkObject, text, validateFields, type FieldsOf } from './field-rules';
import { ISSUE_CROSS_FIELD_RULES, ISSUE_FIELDS, validateIdempotencyKey } from './validate-inputs';
import {
	checkSource,
	publishIssue,
	type IssueFields,
	type PublishedIssue,
	type PublishIssueInput,
} from './publish-issue';

/** What a replacement keeps: the issue's id, domain and address; a schedule is changed with an update. */
const KEPT_BY_REPLACEMENT = ['remplace', 'publier_le', 'domaine', 'adresse'] as const;
type Kept = (typeof KEPT_BY_REPLACEMENT)[number];
const changeable = Object.fromEntries(
	Object.entries(ISSUE_FIELDS).filter(
		([name]) => !(KEPT_BY_REPLACEMENT as readonly string[]).includes(name),
	),
) as Omit<typeof ISSUE_FIELDS, Kept>;

/** What may change with the PDF, all optional (without titre the current title is kept). */
export const REPLACEMENT_FIELDS = { ...changeable, titre: text(200) };

/** What may change with the PDF; what is not given stays as it is (links and status too). */
export type ReplacementFields = FieldsOf<typeof REPLACEMENT_FIELDS>;

export interface ReplaceIssuePdfInput {
	/** The issue whose PDF is replaced. */
	id: string;
	pdf: ByteSource;
	/** A new JPEG cover; without it the service renders page 1 of the new PDF. */
	cover?: ByteSource;
	fields?: ReplacementFields;
	/** Default: idempotencyKeyForIssue of the issue, the files and the fields. */
	idempotencyKey?: string;
	onProgress?: PublishIssueInput['onProgress'];
}

/** The service domain of `<domain>:<slug>`: the new file is uploaded there. */
function domainOf(id: string): ServiceDomain | undefined {
	const domain = id.slice(0, id.indexOf(':'));
	return (SERVICE_DOMAINS as readonly string[]).includes(domain)
		? (domain as ServiceDomain)
		: undefined;
}

/**
 * Checks a replacement's id, fields and idempotency key, but not its files: callers that must fetch
 * the files first (Zapier downloads them) refuse bad input before fetching anything.
 */
export function validateReplacement(
	id: unknown,
	fields: ReplacementFields,
	idempotencyKey: unknown,
	nowMs: number,
): void {
	checkIssueId('id', id);
	validateFields(fields, REPLACEMENT_FIELDS, {
		what: 'a PDF replacement (the issue keeps its domain and address; change a schedule with an update)',
		name: 'fields',
		nowMs,
		crossField: ISSUE_CROSS_FIELD_RULES,
	});
	if (idempotencyKey !== undefined) validateIdempotencyKey(idempotencyKey);
}

/**
 * Replaces an issue's PDF (and cover): everything is checked before any request, then the current
 * title is looked up if no new one is given, then the publishing pipeline runs with `remplace`.
 */
export async function replaceIssuePdf(
	client: NumeroClient,
	input: ReplaceIssuePdfInput,
): Promise<PublishedIssue> {
	checkObject('input', input);
	const { id, fields = {}, idempotencyKey, onProgress } = input;
	validateReplacement(id, fields, idempotencyKey, client.now());
	const pdf = checkSource('pdf', input.pdf);
	const cover = input.cover === undefined ? undefined : checkSource('cover', input.cover);
	const titre = fields.titre ?? (await client.getIssue({ id })).numero.titre;
	const domaine = domainOf(id);
	const issue: IssueFields = { ...fields, titre, remplace: id, ...(domaine ? { domaine } : {}) };
	return publishIssue(client, {
		pdf,
		...(cover ? { cover } : {}),
		fields: issue,
		...(idempotencyKey === undefined ? {} : { idempotencyKey }),
		...(onProgress ? { onProgress } : {}),
	});
}
