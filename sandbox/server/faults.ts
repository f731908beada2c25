import { randomBytes } from 'node:crypto';

export type FaultOrigin = 'api' | 'upload';

export interface FaultMatch {
	method?: string;
	/** Path relative to the API base (`/liens`), or a full path (`/v1/liens`); a trailing `*` matches a prefix. */
	path?: string;
	origin?: FaultOrigin;
}

export type FaultAction =
	| { action: 'status'; status: number; retryAfter?: number }
	| { action: 'delay'; delayMs: number }
	| { action: 'drop' }
	| { action: 'commit_then_drop' };

export type Fault = { id: string; match: FaultMatch; remaining: number } & FaultAction;

function pathMatches(pattern: string, paths: string[]): boolean {
	if (pattern.endsWith('*')) {
		const prefix = pattern.slice(0, -1);
		return paths.some((path) => path.startsWith(prefix));
	}
	return paths.includes(pattern);
}

/** Faults injected by tests through the admin API, each for its next `count` matching requests. */
export class FaultInjector {
	private faults: Fault[] = [];

	add(match: FaultMatch, count: number, action: FaultAction): Fault {
		const fault = {
			id: `flt_${randomBytes(6).toString('hex')}`,
			match,
			remaining: count,
			...action,
		} as Fault;
		this.faults.push(fault);
		return fault;
	}

	clear(): void {
		this.faults = [];
	}

	list(): Fault[] {
		return this.faults.map((fault) => ({ ...fault }));
	}

	/** The first fault matching this request, consuming one of its uses. */
	take(origin: FaultOrigin, method: string, paths: string[]): Fault | undefined {
		const fault = this.faults.find(
			(candidate) =>
				candidate.remaining > 0 &&
				(candidate.match.origin ?? 'api') === origin &&
				(!candidate.match.method || candidate.match.method.toUpperCase() === method) &&
				(!candidate.match.path || pathMatches(candidate.match.path, paths)),
		);
		if (!fault) return undefined;
		fault.remaining -= 1;
		if (fault.remaining === 0) this.faults = this.faults.filter((candidate) => candidate !== fault);
		return fault;
	}
}
