import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The last events `numero trigger` sent, so that `--resend <evt_id>` (or `--resend last`) can send
 * the very same body again with a new signature, as the service's retries and manual resends do.
 * Holds event bodies only, never a secret or a signature.
 */
export interface SentEvent {
	id: string;
	type: string;
	/** The exact JSON body that was signed and sent. */
	body: string;
	sentAt: string;
}

const KEPT = 20;

/** `$NUMERO_CACHE` (as scripts/use-node24.sh), else `$XDG_CACHE_HOME/numero-connectors`, else `~/.cache/numero-connectors`. */
export function defaultStateFile(env: Record<string, string | undefined>): string {
	const folder =
		env['NUMERO_CACHE'] ||
		join(env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'numero-connectors');
	return join(folder, 'trigger-events.json');
}

export async function readSentEvents(file: string): Promise<SentEvent[]> {
	let text: string;
	try {
		text = await readFile(file, 'utf8');
	} catch (error) {
		if ((error as { code?: string }).code === 'ENOENT') return [];
		throw error;
	}
	try {
		const parsed: unknown = JSON.parse(text);
		return Array.isArray(parsed) ? parsed.filter(isSentEvent) : [];
	} catch {
		return []; // a damaged cache only loses the history
	}
}

/** `last` or an event id. */
export function findSentEvent(events: SentEvent[], wanted: string): SentEvent | undefined {
	if (wanted === 'last') return events[events.length - 1];
	return events.find((event) => event.id === wanted);
}

export async function rememberSentEvent(file: string, sent: SentEvent): Promise<void> {
	const events = (await readSentEvents(file)).filter((event) => event.id !== sent.id);
	events.push(sent);
	await mkdir(dirname(file), { recursive: true });
	const temporary = `${file}.${process.pid}.tmp`;
	await writeFile(temporary, `${JSON.stringify(events.slice(-KEPT), null, 2)}\n`, { mode: 0o600 });
	await rename(temporary, file);
}

function isSentEvent(value: unknown): value is SentEvent {
	const event = value as Partial<SentEvent> | null;
	return (
		typeof event === 'object' &&
		event !== null &&
		typeof event.id === 'string' &&
		typeof event.type === 'string' &&
		typeof event.body === 'string' &&
		typeof event.sentAt === 'string'
	);
}
