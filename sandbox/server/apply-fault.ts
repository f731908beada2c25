import type { Fault } from './faults';
import { type Exchange, sendJson } from './respond';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Applies an injected fault; true when the request is fully handled (answered or dropped). */
export async function applyFault(fault: Fault, exchange: Exchange): Promise<boolean> {
	switch (fault.action) {
		case 'status': {
			const code =
				fault.status === 429
					? 'rate_limited'
					: fault.status >= 500
						? 'server_error'
						: 'injected_fault';
			const headers: Record<string, string> =
				fault.retryAfter !== undefined ? { 'Retry-After': String(fault.retryAfter) } : {};
			sendJson(
				exchange,
				fault.status,
				{ error: { code, message: `Injected fault: status ${fault.status}` } },
				headers,
			);
			return true;
		}
		case 'delay':
			await sleep(fault.delayMs);
			return false;
		case 'drop':
			exchange.req.socket.destroy();
			return true;
		case 'commit_then_drop':
			exchange.dropResponse = true;
			return false;
	}
}
