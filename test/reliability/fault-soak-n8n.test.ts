/**
 * The full fault soak (see RELIABILITY.md) through the n8n node (n8n engine): 1,000 links and 50 publications. One file
 * per integration, so that each runs in a fresh jest worker.
 */
import { defineFaultSoak } from './support/fault-soak-suite';
import { FULL_SOAK } from './support/fault-soak-size';

defineFaultSoak({ ...FULL_SOAK, integrations: ['n8n'] });
