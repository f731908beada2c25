/** The size of the full fault soak, shared by its three files (one per integration). */
import type { FaultSoakSize } from './fault-soak-suite';
import { runSeed } from './seeded-random';

export const FULL_SOAK: FaultSoakSize = {
	seed: runSeed(20260615),
	links: 1000,
	publications: 50,
	slowFaults: 3,
	record: true,
};
