import zapier, { defineApp } from 'zapier-platform-core';
import { authentication } from './authentication';
import { addApiKeyForApiOrigin, addUserAgent } from './before-request';
import { createReadingLink } from './creates/create-reading-link';
import { publishIssueCreate } from './creates/publish-issue';
import { replaceIssuePdfCreate } from './creates/replace-issue-pdf';
import { revokeSubscriberLinks } from './creates/revoke-subscriber-links';
import { updateIssue } from './creates/update-issue';
import { findIssue } from './searches/find-issue';
import { getAccount } from './searches/get-account';
import { getIssueStatistics } from './searches/get-issue-statistics';
import {
	issueBackOnline,
	issuePublished,
	issueReplaced,
	issueWithdrawn,
} from './triggers/issue-events';
import { issueList } from './triggers/issue-list';
import { newIssue } from './triggers/new-issue';
import { periodicalList } from './triggers/periodical-list';
import { APP_VERSION } from './user-agent';
import { EDITION, EDITIONS, type Edition } from './edition';

export { EDITIONS, type Edition };

/** The private (invite-only) edition: every trigger, the four instant (static hook) ones included. */
export const PRIVATE_APP = defineApp({
	version: APP_VERSION,
	platformVersion: zapier.version,
	authentication,
	beforeRequest: [addUserAgent, addApiKeyForApiOrigin],
	flags: {
		// The perform functions turn empty fields into "not given" themselves (input-values.ts).
		cleanInputData: false,
		// Every request goes through z.request, which Zapier logs. Its patch of Node's http module only adds
		// logging of other libraries, and drops the options of http.request(url, options) calls.
		skipHttpPatch: true,
	},
	triggers: {
		[newIssue.key]: newIssue,
		[issuePublished.key]: issuePublished,
		[issueReplaced.key]: issueReplaced,
		[issueWithdrawn.key]: issueWithdrawn,
		[issueBackOnline.key]: issueBackOnline,
		[issueList.key]: issueList,
		[periodicalList.key]: periodicalList,
	},
	creates: {
		[createReadingLink.key]: createReadingLink,
		[revokeSubscriberLinks.key]: revokeSubscriberLinks,
		[publishIssueCreate.key]: publishIssueCreate,
		[replaceIssuePdfCreate.key]: replaceIssuePdfCreate,
		[updateIssue.key]: updateIssue,
	},
	searches: {
		[findIssue.key]: findIssue,
		[getIssueStatistics.key]: getIssueStatistics,
		[getAccount.key]: getAccount,
	},
});

/** The public edition: the same without the instant triggers, which Zapier refuses in a public integration (D017). */
export const PUBLIC_APP = defineApp({
	...PRIVATE_APP,
	triggers: {
		[newIssue.key]: newIssue,
		[issueList.key]: issueList,
		[periodicalList.key]: periodicalList,
	},
});

/** The app's definition in one edition (edition.ts). */
export function buildApp(edition: 'private'): typeof PRIVATE_APP;
export function buildApp(edition: 'public'): typeof PUBLIC_APP;
export function buildApp(edition: Edition): typeof PRIVATE_APP | typeof PUBLIC_APP;
export function buildApp(edition: Edition) {
	return edition === 'private' ? PRIVATE_APP : PUBLIC_APP;
}

/** The edition this build was made as (NUMERO_ZAPIER_EDITION at build time; private by default). */
export default buildApp(EDITION);
