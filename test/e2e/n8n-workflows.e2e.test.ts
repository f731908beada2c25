/** The three user flows in a real n8n run as one process on SQLite, as most publishers start (support/user-flows.ts). */
import { defineUserFlows } from './support/user-flows';

defineUserFlows('regular');
