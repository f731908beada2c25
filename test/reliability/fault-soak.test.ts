/** The full fault soak (see RELIABILITY.md): 1,000 links and 50 publications per integration. */
import { defineFaultSoak } from './support/fault-soak-suite';
import { runSeed } from './support/seeded-random';

defineFaultSoak({ seed: runSeed(20260615), links: 1000, publications: 50, slowFaults: 3, record: true });
