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

export default defineApp({
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
