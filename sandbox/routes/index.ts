import { createIssueRoute } from './create-issue';
import { createLinkRoute } from './create-link';
import { getAccountRoute } from './get-account';
import { getIssueRoute } from './get-issue';
import { getStatisticsRoute } from './get-statistics';
import { listIssuesRoute } from './list-issues';
import { requestUploadRoute } from './request-upload';
import { revokeReferenceRoute } from './revoke-reference';
import type { Route } from './route';
import { updateIssueRoute } from './update-issue';

export const ROUTES: readonly Route[] = [
	createLinkRoute,
	revokeReferenceRoute,
	listIssuesRoute,
	getIssueRoute,
	requestUploadRoute,
	createIssueRoute,
	updateIssueRoute,
	getStatisticsRoute,
	getAccountRoute,
];
