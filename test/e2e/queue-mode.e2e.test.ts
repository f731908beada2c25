/**
 * The three user flows in n8n's queue mode, the engine publishers scale on (support/user-flows.ts): a
 * main instance, two webhook processes behind a round-robin load balancer and two workers, on their
 * own PostgreSQL and Redis, with binary data in the database.
 */
import { defineUserFlows } from './support/user-flows';

defineUserFlows('queue');
