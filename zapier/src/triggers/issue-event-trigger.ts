import { createHash } from 'node:crypto';
import {
	defineTrigger,
	type Bundle,
	type PlainOutputField,
	type ZObject,
} from 'zapier-platform-core';
import {
	ISSUE_EVENTS,
	SIGNATURE_HEADER,
	verifyWebhookDelivery,
	WebhookVerificationError,
	type EventType,
	type IssueEventData,
	type Numero,
	type StatutNumero,
	type WebhookEvent,
} from '../../../shared';
import { signingSecrets } from '../auth-data';
import { ISSUE_SAMPLE } from '../issue-output';
import { numeroClient } from '../numero-client';
import { withZapierErrors } from '../zapier-errors';

/** What an instant trigger outputs: numero's event envelope, unchanged. */
export type IssueEventOutput = WebhookEvent<IssueEventData>;

const EVENT_OUTPUT_FIELDS: PlainOutputField[] = [
	{ key: 'id', label: 'Event ID', type: 'string' },
	{ key: 'type', label: 'Event Type', type: 'string' },
	{ key: 'cree_le', label: 'Event Time', type: 'datetime' },
	{ key: 'donnees__id', label: 'Issue ID', type: 'string' },
	{ key: 'donnees__titre', label: 'Title', type: 'string' },
	{ key: 'donnees__publication__code', label: 'Periodical Code', type: 'string' },
	{ key: 'donnees__publication__nom', label: 'Periodical Name', type: 'string' },
	{ key: 'donnees__date', label: 'Release Date', type: 'string' },
	{ key: 'donnees__pages', label: 'Page Count', type: 'integer' },
	{ key: 'donnees__page_publique', label: 'Public Page URL', type: 'string' },
	{ key: 'donnees__statut', label: 'Status (en_ligne, programme or retire)', type: 'string' },
];

/** Zapier hands a hook's headers over prefixed with `Http-`: `Service-Signature` arrives as `Http-Service-Signature`. */
function signatureHeader(headers: Record<string, string> | undefined): string | undefined {
	const wanted = [`http-${SIGNATURE_HEADER.toLowerCase()}`, SIGNATURE_HEADER.toLowerCase()];
	for (const name of wanted) {
		const found = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name);
		if (found) return found[1];
	}
	return undefined;
}

/** Event ids are remembered per connection (Zapier's cache scope `auth`). */
const CACHE_SCOPE: CacheScope = ['auth'];

type CacheScope = Array<'user' | 'auth'>;
/**
 * z.cache as zapier-platform-core 19.1.0 implements it (src/tools/create-cache.js): get and delete take
 * the scope too, and pass it to Zapier's cache. Its type declarations give get a key only.
 */
interface ScopedCache {
	get(key: string, scope?: CacheScope | null): Promise<unknown>;
	set(
		key: string,
		value: unknown,
		ttl?: number | null,
		scope?: CacheScope | null,
		nx?: boolean | null,
	): Promise<unknown>;
}

/** How long an event id is remembered: numero retries for under 3 hours, a resend by hand comes within a day. */
const REMEMBER_EVENT_SECONDS = 24 * 3600;

/**
 * Zapier deduplicates polling triggers only, not instant ones, and numero delivers an event again
 * (retries, resends from the delivery log) with the same id. So each id is remembered in Zapier's
 * cache per endpoint, that is per secret that verified the delivery (one endpoint per Zap; during a
 * rotation a delivery verifies with the old and the new secret, and both remember it), and a
 * delivery of an id already seen starts no Zap run. If the cache fails, the event goes through: a
 * possible duplicate is better than a lost event.
 */
async function firstDelivery(
	z: ZObject,
	eventId: string,
	endpointSecrets: string[],
): Promise<boolean> {
	const keys = endpointSecrets.map(
		(secret) =>
			`numero-event:${createHash('sha256').update(secret).digest('hex').slice(0, 32)}:${eventId}`,
	);
	const cache = z.cache as unknown as ScopedCache;
	try {
		// The same scope as the set below: zapier-platform-core's z.cache.get(key, scope) sends the scope to
		// Zapier's cache, and without it the lookup reads another key space than the one the ids are kept in.
		for (const key of keys) if (await cache.get(key, CACHE_SCOPE)) return false;
		let first = true;
		for (const key of keys) {
			// nx: set only if absent (false or null when it was there), so that of two deliveries arriving at once only one goes through.
			const stored = await cache.set(key, true, REMEMBER_EVENT_SECONDS, CACHE_SCOPE, true);
			if (stored === false || stored === null) first = false;
		}
		return first;
	} catch (error) {
		z.console.log(
			`Could not check whether event ${eventId} was already received (${(error as Error).message}); passing it on.`,
		);
		return true;
	}
}

/**
 * Checks the delivery's signature against the connection's signing secrets. Anything that fails
 * (no secret, forged, stale, unreadable), any other event type and an event already received
 * yield no Zap run.
 */
async function verifiedEvent(
	z: ZObject,
	bundle: Bundle,
	eventType: EventType,
): Promise<IssueEventOutput[]> {
	const secrets = signingSecrets(bundle.authData);
	if (secrets.length === 0) {
		z.console.log(
			'Ignored a webhook delivery: the connection has no webhook signing secret to check it with.',
		);
		return [];
	}
	let event: WebhookEvent;
	let endpointSecrets: string[];
	try {
		({ event, matchingSecrets: endpointSecrets } = verifyWebhookDelivery({
			payload: bundle.rawRequest?.content ?? '',
			header: signatureHeader(bundle.rawRequest?.headers),
			secrets,
			now: Math.floor(Date.now() / 1000),
		}));
	} catch (error) {
		if (error instanceof WebhookVerificationError) {
			z.console.log(`Ignored a webhook delivery (${error.reason}): ${error.message}`);
			return [];
		}
		throw error;
	}
	if (event.type !== eventType) return [];
	if (!(await firstDelivery(z, event.id, endpointSecrets))) {
		z.console.log(
			`Ignored a webhook delivery: event ${event.id} was already received (a retry or a resend).`,
		);
		return [];
	}
	return [event as IssueEventOutput];
}

/** A sample event for the Zap editor, built from a recent issue: same shape as a real delivery. */
function sampleEvent(issue: Numero, eventType: EventType, statut: StatutNumero): IssueEventOutput {
	return {
		id: `${issue.id}#${eventType}`,
		type: eventType,
		cree_le:
			issue.publier_le ?? (issue.date ? `${issue.date}T00:00:00.000Z` : new Date(0).toISOString()),
		donnees: {
			id: issue.id,
			titre: issue.titre,
			publication: issue.publication,
			date: issue.date,
			pages: issue.pages,
			page_publique: issue.page_publique,
			statut: issue.statut ?? statut,
		},
	};
}

const SAMPLE_SOURCE_LIMIT = 50;

export interface IssueEventTriggerSpec<K extends string> {
	key: K;
	/** Its label, description and the issue's status after it (recent issues in it make the Zap editor's samples) are the core's ISSUE_EVENTS. */
	eventType: EventType;
}

export function issueEventTrigger<const K extends string>(spec: IssueEventTriggerSpec<K>) {
	const { label, description, statutAfter } = ISSUE_EVENTS[spec.eventType];
	const sample = {
		id: 'evt_7GQ2xk3mVbN8rTz4',
		type: spec.eventType,
		cree_le: '2026-03-02T08:15:04.512Z',
		donnees: {
			id: ISSUE_SAMPLE.id,
			titre: ISSUE_SAMPLE.titre,
			publication: ISSUE_SAMPLE.publication,
			date: ISSUE_SAMPLE.date,
			pages: ISSUE_SAMPLE.pages,
			page_publique: ISSUE_SAMPLE.page_publique,
			statut: statutAfter,
		},
	} satisfies IssueEventOutput;
	return defineTrigger({
		key: spec.key,
		noun: 'Issue',
		display: {
			label,
			// Zapier marks hook triggers "Instant" itself; D021 wants "Triggers when …".
			description: `Triggers when ${description}.`,
			directions:
				`Copy the webhook URL shown below. In numero, open the integrations area of your publisher space, add a ` +
				`webhook endpoint with that URL and tick the event \`${spec.eventType}\`. Then copy the endpoint's signing ` +
				'secret (it starts with `whsec_`) into the **Webhook Signing Secrets** of your numero connection in Zapier, ' +
				'on a line of its own. Deliveries whose signature does not match, or that are older than 5 minutes, are ignored.',
		},
		operation: {
			type: 'hook',
			perform: async (z, bundle) => verifiedEvent(z, bundle, spec.eventType),
			performList: withZapierErrors({}, async (z, bundle) => {
				const { publications } = await numeroClient(z, bundle).listIssues({
					limite: SAMPLE_SOURCE_LIMIT,
				});
				return publications
					.filter((issue) => issue.statut === undefined || issue.statut === statutAfter)
					.map((issue) => sampleEvent(issue, spec.eventType, statutAfter));
			}),
			sample,
			outputFields: EVENT_OUTPUT_FIELDS,
		},
	});
}
