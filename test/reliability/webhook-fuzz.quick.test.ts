/** The everyday, seed-fixed webhook fuzz: the core verifier and the Zapier hook (no real n8n), at a small size. */
import { defineWebhookFuzz } from './support/webhook-fuzz-suite';

defineWebhookFuzz({ seed: 7, core: 800, zapier: 200, n8n: 0, oversizedBodies: 1, record: false });
