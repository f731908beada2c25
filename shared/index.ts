/** The numero core: everything the n8n package, the Zapier app, the CLI and scripts use. */
export * from './api-types';
export { TransportError } from './ports';
export type {
	ByteSource,
	Clock,
	HttpBody,
	HttpMethod,
	HttpRequest,
	HttpResponse,
	Sleep,
	Transport,
	TransportFailure,
} from './ports';
export {
	NumeroError,
	NumeroValidationError,
	NumeroApiError,
	NumeroNetworkError,
	WebhookVerificationError,
} from './errors';
export type { WebhookFailureReason } from './errors';
export { NumeroClient } from './numero-client';
export type {
	NumeroClientOptions,
	ResponseInfo,
	IdempotentCallOptions,
	UploadReceipt,
} from './numero-client';
export type { RetryOptions } from './retry-policy';
export type { Permission } from './api-error-messages';
export {
	validateCreateLink,
	validateRevoke,
	validateListIssues,
	validateGetIssue,
	validateRequestUpload,
	validateCreateIssue,
	validateIssueFields,
	validateUpdateIssue,
	validateStatistics,
	validateIdempotencyKey,
	validateHeaderSecret,
	validateUserAgent,
	ISSUE_FIELD_NAMES,
} from './validate-inputs';
export { validateBaseUrl } from './base-url';
export { scrubSecrets } from './scrub-secrets';
export { REFERENCE_PATTERN } from './field-rules';
export { idempotencyKeyForIssue } from './idempotency-keys';
export { sha256OfSource } from './hash-source';
export { bytesSource } from './byte-sources';
export { publishIssue } from './publish-issue';
export type {
	PublishIssueInput,
	PublishProgress,
	PublishedIssue,
	UploadedFile,
	IssueFields,
} from './publish-issue';
export { replaceIssuePdf, validateReplacement } from './replace-issue-pdf';
export type { ReplaceIssuePdfInput, ReplacementFields } from './replace-issue-pdf';
export {
	signWebhook,
	verifyWebhook,
	DEFAULT_TOLERANCE_SECONDS,
	MAX_SIGNATURE_HEADER_BYTES,
} from './webhook-signature';
export type { SignWebhookInput, VerifyWebhookInput } from './webhook-signature';
export { EventDeduplicator } from './event-deduplicator';
export type { EventDeduplicatorOptions, EventDeduplicatorState } from './event-deduplicator';
export { PACKAGE_NAME, PACKAGE_VERSION, DEFAULT_USER_AGENT } from './version';
