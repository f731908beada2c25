/** The numero core: everything the n8n package, the Zapier app, the CLI and scripts use. */
export * from './api-types';
export { ISSUE_EVENTS, EVENT_TYPES, TEST_EVENT_TYPE } from './issue-events';
export type { EventType, IssueEventInfo } from './issue-events';
export {
	issueChoiceLabel,
	newestFirst,
	periodicalsOf,
	PERIODICAL_RULE_CHOICES,
	periodicalRuleValue,
	AVAILABILITY_CHOICES,
	availabilityValue,
} from './issue-choices';
export type { PeriodicalRuleChoice, AvailabilityChoice } from './issue-choices';
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
export type { FieldNamer } from './errors';
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
	ACCES,
	UPLOAD_TYPES,
	LINK_FIELDS,
	REVOKE_FIELDS,
	LIST_ISSUES_FIELDS,
	GET_ISSUE_FIELDS,
	UPLOAD_FIELDS,
	ISSUE_FIELDS,
	CREATE_ISSUE_FIELDS,
	UPDATE_ISSUE_FIELDS,
	STATISTICS_FIELDS,
} from './validate-inputs';
export { validateFields } from './field-rules';
export type { FieldRule, FieldRules, FieldsOf, CrossFieldRule } from './field-rules';
export { validateBaseUrl } from './base-url';
export { scrubSecrets } from './scrub-secrets';
export { REFERENCE_PATTERN, ISSUE_ID_PATTERN } from './field-rules';
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
export { replaceIssuePdf, validateReplacement, REPLACEMENT_FIELDS } from './replace-issue-pdf';
export type { ReplaceIssuePdfInput, ReplacementFields } from './replace-issue-pdf';
export {
	signWebhook,
	verifyWebhook,
	verifyWebhookDelivery,
	parseSigningSecrets,
	DEFAULT_TOLERANCE_SECONDS,
	MAX_SIGNATURE_HEADER_BYTES,
} from './webhook-signature';
export type { SignWebhookInput, VerifyWebhookInput, VerifiedDelivery } from './webhook-signature';
export { EventDeduplicator } from './event-deduplicator';
export type { EventDeduplicatorOptions, EventDeduplicatorState } from './event-deduplicator';
export { PACKAGE_NAME, PACKAGE_VERSION, DEFAULT_USER_AGENT } from './version';
export { LINK_DAYS, REFERENCE_MAX_CHARS, RATE_LIMIT_PER_MINUTE } from './api-limits';
