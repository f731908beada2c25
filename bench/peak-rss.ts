import { readFileSync } from 'node:fs';

/**
 * The peak resident set size of this process, in bytes: VmHWM of /proc/self/status on Linux.
 * Not `process.resourceUsage().maxRSS`: Linux carries that figure across exec, so a child spawned by a
 * big process (a jest worker, say) reports at least its parent's size at the fork.
 */
export function peakRssBytes(): number {
	try {
		const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
		if (match) return Number(match[1]) * 1024;
	} catch {
		// No /proc (macOS): maxRSS is then the process's own peak.
	}
	return process.resourceUsage().maxRSS * 1024;
}
