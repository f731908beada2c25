import type { EventDeduplicatorState } from '../../shared/index';

/** Trigger nodes whose received events this process keeps at most (a workflow has a few). */
const MAX_TRIGGERS = 1000;

/**
 * The event ids each trigger node received, kept in this n8n process as well as in the workflow's
 * static data. n8n loads a workflow's static data when a delivery arrives and saves it whole once
 * the delivery was handled, so two deliveries handled at the same time each save what they loaded
 * plus their own id: the last save wins, the other id is lost, and a later retry or resend of that
 * event started the workflow again (seen in a real n8n by the reliability suite's webhook fuzz).
 * Checking against this memory merged with the static data, and recording in both with no wait in
 * between, closes that window within one n8n process.
 */
const processMemory = new Map<string, EventDeduplicatorState>();

function entriesOf(state: unknown): Array<[string, number]> {
	const entries = (state as Partial<EventDeduplicatorState> | null | undefined)?.entries;
	return Array.isArray(entries) ? (entries as Array<[string, number]>) : [];
}

/** Which trigger node of which workflow the ids belong to. */
export function triggerKeyOf(workflowId: string | undefined, nodeId: string): string {
	return `${workflowId ?? ''}:${nodeId}`;
}

/** What the static data holds together with what this process received, oldest first. */
export function receivedEventsWithProcessMemory(
	triggerKey: string,
	stored: unknown,
): EventDeduplicatorState {
	const entries = [...entriesOf(processMemory.get(triggerKey)), ...entriesOf(stored)];
	entries.sort((a, b) => (Number(a[1]) || 0) - (Number(b[1]) || 0));
	return { version: 1, entries };
}

export function rememberInProcess(triggerKey: string, state: EventDeduplicatorState): void {
	processMemory.delete(triggerKey);
	processMemory.set(triggerKey, state);
	for (const key of processMemory.keys()) {
		if (processMemory.size <= MAX_TRIGGERS) break;
		processMemory.delete(key);
	}
}
