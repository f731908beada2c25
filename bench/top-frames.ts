/**
 * `node dist/bench/top-frames.js <file.cpuprofile> [count]`: the functions with the most self time in
 * a profile written by `node --cpu-prof`, as a percentage of all samples.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
}
export interface Profile {
	nodes: ProfileNode[];
	/** Microseconds on the machine's monotonic clock (process.hrtime's), like the samples' times. */
	startTime: number;
	samples: number[];
	timeDeltas: number[];
}

/** Self time per function; with `window` ([from, to] in monotonic microseconds) only the samples taken in it. */
export function topFrames(
	profile: Profile,
	count: number,
	window?: [number, number],
): Array<{ frame: string; percent: number }> {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const selfTime = new Map<string, number>();
	let total = 0;
	let time = profile.startTime;
	profile.samples.forEach((id, index) => {
		const delta = profile.timeDeltas[index] ?? 0;
		time += delta;
		if (window && (time < window[0] || time > window[1])) return;
		total += delta;
		const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
		const where = url ? ` ${url.replace(/^.*\/(dist|node_modules)\//, '')}:${lineNumber + 1}` : '';
		const frame = `${functionName || '(anonymous)'}${where}`;
		selfTime.set(frame, (selfTime.get(frame) ?? 0) + delta);
	});
	return [...selfTime]
		.sort((a, b) => b[1] - a[1])
		.slice(0, count)
		.map(([frame, time]) => ({ frame, percent: (100 * time) / total }));
}

if (require.main === module) {
	const [file, count = '20'] = process.argv.slice(2);
	if (!file) {
		process.stderr.write('usage: node dist/bench/top-frames.js <file.cpuprofile> [count]\n');
		process.exit(2);
	}
	for (const { frame, percent } of topFrames(
		JSON.parse(readFileSync(file, 'utf8')) as Profile,
		Number(count),
	)) {
		process.stdout.write(`${percent.toFixed(1).padStart(5)}%  ${frame}\n`);
	}
}
