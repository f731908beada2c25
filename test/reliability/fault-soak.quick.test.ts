/** The everyday, seed-fixed fault soak: the full one (fault-soak.test.ts) at a small size. */
import { defineFaultSoak } from './support/fault-soak-suite';

defineFaultSoak({ seed: 7, links: 24, publications: 2, slowFaults: 0, record: false });
