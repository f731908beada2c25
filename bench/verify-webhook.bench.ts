/**
 * verifyWebhook against a bare createHmac + timingSafeEqual loop and stripe-node's verifier, on the
 * same signed bodies of 1 KiB and 16 KiB, in this process, interleaved rounds, median ops/s.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';
import { signWebhook, verifyWebhook } from '../shared';
import { atLeast, type BenchRow } from './bench-row';
import { compareOpsPerSecond } from './measure';
import { webhookBody } from './webhook-payload';

const SECRET = 'whsec_bench_5b1f0c9e7a2d4e6f8a0b1c2d3e4f5a6b';

export async function verifyWebhookBench(): Promise<BenchRow[]> {
	const rows: BenchRow[] = [];
	for (const size of [1024, 16 * 1024]) {
		const body = webhookBody(size);
		const now = Math.floor(Date.now() / 1000);
		const header = signWebhook({ payload: body, secret: SECRET, timestamp: now });

		// The least a correct verifier does: take t and v1 from the header, HMAC `t.` + body, compare in constant time.
		const bareVerify = (): boolean => {
			const comma = header.indexOf(',');
			const t = header.slice(2, comma);
			const received = Buffer.from(header.slice(comma + 4), 'utf8');
			const expected = Buffer.from(
				createHmac('sha256', SECRET).update(`${t}.`).update(body).digest('hex'),
				'utf8',
			);
			if (!timingSafeEqual(expected, received)) throw new Error('bare: signature mismatch');
			return true;
		};
		const fns = {
			ours: () => verifyWebhook({ payload: body, header, secrets: SECRET, now }),
			bare: bareVerify,
			bareParse: () => bareVerify() && JSON.parse(body.toString('utf8')),
			stripe: () => Stripe.webhooks.signature!.verifyHeader(body, header, SECRET, 300),
			stripeParse: () => Stripe.webhooks.constructEvent(body, header, SECRET, 300),
		};
		// Each must accept this delivery before it is timed.
		for (const [name, fn] of Object.entries(fns))
			if (!fn()) throw new Error(`${name} did not verify the delivery`);

		const ops = compareOpsPerSecond(fns, { rounds: 7, roundMs: 120 });
		const name = `verifyWebhook ${size / 1024} KiB`;
		const unit = 'ops/s';
		const ours = ops.ours!;
		// verifyWebhook returns the parsed, checked event, so the baselines that carry the targets end with
		// the same JSON.parse; the verification-only figures are shown beside them for information.
		rows.push(
			atLeast(0.85, {
				name,
				ours,
				baseline: ops.bareParse!,
				baselineName: 'bare createHmac + timingSafeEqual, then JSON.parse',
				unit,
			}),
		);
		rows.push(
			atLeast(1.3, {
				name,
				ours,
				baseline: ops.stripeParse!,
				baselineName: 'stripe-node verifyHeader + JSON.parse (constructEvent)',
				unit,
			}),
		);
		const parseShare = 1 - ops.bareParse! / ops.bare!;
		for (const [baseline, baselineName] of [
			[ops.bare!, 'bare createHmac + timingSafeEqual, no parse'],
			[ops.stripe!, 'stripe-node verifyHeader, no parse'],
		] as const) {
			rows.push({
				...atLeast(1, { name, ours, baseline, baselineName, unit }),
				target: '— (info)',
				met: null,
				note: `this baseline does not parse the body; JSON.parse alone takes ${(parseShare * 100).toFixed(0)}% of "bare HMAC, then JSON.parse" here`,
			});
		}
	}
	return rows;
}
