/** What every part of the sandbox shares: state, clock, addresses, secrets and the event sink. */
import type { EventType } from '../shared/issue-events';
import type { SandboxClock } from './clock';
import type { AccountName, Issue, Store } from './store';
import type { FileStore } from './uploads/file-store';

export interface SandboxUrls {
	/** `http://127.0.0.1:PORT`: API, public pages, reader and covers. */
	origin: string;
	/** `http://127.0.0.1:PORT2`: where files are PUT. */
	uploadOrigin: string;
}

export interface SandboxSecrets {
	/** Signs reader link addresses. */
	links: string;
	/** Signs upload addresses. */
	uploads: string;
}

export interface EventSink {
	emit(account: AccountName, type: EventType, issue: Issue): void;
}

export interface SandboxApp {
	store: Store;
	clock: SandboxClock;
	urls: SandboxUrls;
	secrets: SandboxSecrets;
	files: FileStore;
	events: EventSink;
	log: (line: string) => void;
	/** The configured per-minute limit per key (0 = off). */
	rateLimitPerMinute(): number;
}
