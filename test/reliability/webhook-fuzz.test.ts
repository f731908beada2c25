/** The full webhook fuzz (see RELIABILITY.md): 10,000 deliveries, 1,000 of them to the Numero Trigger in a real n8n. */
import { runSeed } from './support/seeded-random';
import { defineWebhookFuzz } from './support/webhook-fuzz-suite';

defineWebhookFuzz({
	seed: runSeed(20260615),
	core: 8000,
	zapier: 1000,
	n8n: 1000,
	oversizedBodies: 2,
	record: true,
});
