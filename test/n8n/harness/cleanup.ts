/** Temporary folders of the harness, removed when the test file ends (under jest) or else when the process exits. */
import * as fs from 'node:fs';

const folders: string[] = [];
const removeAll = () => {
	for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
};
// Registered when the harness is loaded, i.e. while jest collects the test file.
if (typeof afterAll === 'function') afterAll(removeAll);
else process.once('exit', removeAll);

export function removeWhenDone(folder: string): void {
	folders.push(folder);
}
