/**
 * The webhook fuzz's deliveries: a seeded stream of numero.publie events as the service sends them
 * (`Service-Signature: t=…,v1=…` over the raw body), mixed with resends of earlier events and with
 * forged, altered, replayed and malformed deliveries. Each delivery is a recipe: its header is
 * computed when it is sent (from the clock at that moment), so a long run signs every valid
 * delivery within the receiver's tolerance.
 */
import { randomBytes } from 'node:crypto';

import { signWebhook } from '../../../shared';
import { pick, type Random } from './seeded-random';

export type Category =
	/** The first delivery of an authentic event: must be emitted, once. */
	| 'authentic'
	/** A resend or retry of an event already delivered (same id, signed again): must not be emitted again. */
	| 'duplicate'
	/** Anything a receiver must refuse: must never be emitted. */
	| 'refused';

export type DeliveryKind =
	| 'valid'
	| 'valid, several v1'
	| 'valid, spaces and other schemes'
	| 'valid, previous secret (rotation)'
	| 'resent'
	| 'forged signature'
	| 'wrong secret'
	| 'one byte of body changed'
	| 'JSON re-serialised'
	| 'stale timestamp'
	| 'future timestamp'
	| 'malformed header'
	| 'missing header'
	| 'oversized header'
	| 'oversized body';

export const CATEGORY: Record<DeliveryKind, Category> = {
	valid: 'authentic',
	'valid, several v1': 'authentic',
	'valid, spaces and other schemes': 'authentic',
	'valid, previous secret (rotation)': 'authentic',
	resent: 'duplicate',
	'forged signature': 'refused',
	'wrong secret': 'refused',
	'one byte of body changed': 'refused',
	'JSON re-serialised': 'refused',
	'stale timestamp': 'refused',
	'future timestamp': 'refused',
	'malformed header': 'refused',
	'missing header': 'refused',
	'oversized header': 'refused',
	'oversized body': 'refused',
};

export interface Delivery {
	index: number;
	kind: DeliveryKind;
	/** The event id the body carries (for the forged ones: the id of the event they imitate). */
	eventId: string;
	body: Buffer;
	/** The Service-Signature header at send time, or undefined for none. */
	header(nowSeconds: number): string | undefined;
}

export interface Secrets {
	/** The endpoint's current signing secret. */
	current: string;
	/** A previous secret the receiver still accepts (rotation), or undefined when it has only one. */
	previous?: string;
}

export interface StreamOptions {
	count: number;
	random: Random;
	secrets: Secrets;
	/** Bytes of an oversized body (over n8n's default 16 MiB request limit). */
	oversizedBodyBytes: number;
	/** How many oversized bodies (each costs its size in memory and on the wire). */
	oversizedBodies: number;
	/** Header values that cannot travel in HTTP (line breaks, non-ASCII) are left out when false. */
	anyHeaderValue: boolean;
	/** A resend comes at most this many deliveries after its original (receivers remember 1,000 ids). */
	resendWithin: number;
}

/** Seconds within the receivers' 300 s tolerance, and clearly beyond it (a delivery takes time to arrive). */
const VALID_SKEW = 240;
const BEYOND = 330;

const hex64 = (random: Random) =>
	Array.from({ length: 64 }, () => '0123456789abcdef'[Math.floor(random() * 16)]).join('');
const between = (random: Random, min: number, max: number) =>
	min + Math.floor(random() * (max - min + 1));

function envelope(random: Random, serial: number): { id: string; text: string } {
	const id = `evt_fuzz${serial.toString(36)}${hex64(random).slice(0, 16)}`;
	const slug = `fuzz-${serial}`;
	const body = {
		id,
		type: 'numero.publie',
		cree_le: new Date(Date.UTC(2026, 5, 1) + serial * 1000).toISOString(),
		donnees: {
			id: `numero.press:${slug}`,
			titre: `Numéro fuzz ${serial} — « été »`,
			publication: { code: 'gazette', nom: 'La Gazette du Port' },
			date: '2026-06-01',
			pages: 1 + (serial % 64),
			page_publique: `https://numero.press/${slug}`,
			statut: 'en_ligne',
		},
	};
	return { id, text: JSON.stringify(body) };
}

function sign(body: Buffer, secret: string, timestamp: number): string {
	return signWebhook({ payload: body, secret, timestamp });
}

const MALFORMED_HTTP_SAFE: Array<(now: number, valid: string) => string> = [
	() => 'garbage',
	(now) => `t=${now}`,
	(_now, valid) => valid.replace(/^t=\d+,/, ''),
	(now, valid) => `t=${now}abc,${valid.split(',')[1]}`,
	(now, valid) => `t=${now},t=${now},${valid.split(',')[1]}`,
	(now, valid) => `t=${now},${valid.split(',')[1]!.toUpperCase().replace('V1=', 'v1=')}`,
	(now, valid) => `t=${now},${valid.split(',')[1]!.slice(0, -1)}`,
	(now, valid) => `t=${now};${valid.split(',')[1]}`,
	(now, valid) => `t=-${now},${valid.split(',')[1]}`,
	(now, valid) => `t=${now}.5,${valid.split(',')[1]}`,
	(_now, valid) => `${valid},=x`,
	() => 't=,v1=',
	() => ',,,',
];

const MALFORMED_ANY: Array<(now: number, valid: string) => string> = [
	(now, valid) => `t=${now},${valid.split(',')[1]}\u0000`,
	(now, valid) => `t=${'١٢٣'},${valid.split(',')[1]}`,
	(_now, valid) => valid.replace('v1=', 'v１='),
];

/** The stream: first deliveries of authentic events, their resends, and refused deliveries. */
export function deliveryStream(options: StreamOptions): Delivery[] {
	const { random, secrets, count } = options;
	const deliveries: Delivery[] = [];
	const events: Array<{
		id: string;
		body: Buffer;
		at: number;
		resent: boolean;
		rotation: boolean;
	}> = [];
	let serial = 0;
	let oversized = 0;
	const wrongSecret = `whsec_${randomBytesFrom(random, 32)}`;

	const authenticKinds: DeliveryKind[] = [
		'valid',
		'valid',
		'valid',
		'valid, several v1',
		'valid, spaces and other schemes',
	];
	if (secrets.previous) authenticKinds.push('valid, previous secret (rotation)');
	const refusedKinds: DeliveryKind[] = [
		'forged signature',
		'wrong secret',
		'one byte of body changed',
		'JSON re-serialised',
		'stale timestamp',
		'future timestamp',
		'malformed header',
		'missing header',
		'oversized header',
	];
	const malformed = options.anyHeaderValue
		? [...MALFORMED_HTTP_SAFE, ...MALFORMED_ANY]
		: MALFORMED_HTTP_SAFE;

	const add = (kind: DeliveryKind, eventId: string, body: Buffer, header: Delivery['header']) => {
		deliveries.push({ index: deliveries.length, kind, eventId, body, header });
	};
	const newEvent = () => {
		const { id, text } = envelope(random, serial++);
		return { id, body: Buffer.from(text, 'utf8') };
	};
	/** An event already delivered (for resends and for forgeries imitating a real delivery). */
	const recentEvent = (forResend: boolean) => {
		const candidates = events.filter(
			(event) =>
				deliveries.length - event.at <= options.resendWithin && (!forResend || !event.resent),
		);
		return candidates.length > 0 ? pick(random, candidates) : undefined;
	};

	// Oversized bodies come at places spread over the stream.
	const oversizedAt = new Set(
		Array.from({ length: options.oversizedBodies }, (_, i) =>
			Math.floor(((i + 0.5) * count) / Math.max(1, options.oversizedBodies)),
		),
	);

	while (deliveries.length < count) {
		const roll = random();
		if (oversizedAt.has(deliveries.length) && oversized < options.oversizedBodies) {
			oversized++;
			const { id, body } = newEvent();
			const padding = Buffer.alloc(options.oversizedBodyBytes, 0x20);
			const huge = Buffer.concat([
				body.subarray(0, body.length - 1),
				Buffer.from(',"bourrage":"'),
				padding,
				Buffer.from('"}'),
			]);
			// Forged: an attacker cannot sign; the receiver must refuse it without falling over.
			add('oversized body', id, huge, (now) => `t=${now},v1=${hex64(random)}`);
			continue;
		}
		if (roll < 0.45 || events.length === 0) {
			const kind = pick(random, authenticKinds);
			const event = newEvent();
			events.push({
				...event,
				at: deliveries.length,
				resent: false,
				rotation: kind === 'valid, previous secret (rotation)',
			});
			const skew = between(random, -VALID_SKEW, VALID_SKEW);
			const header: Delivery['header'] =
				kind === 'valid'
					? (now) => sign(event.body, secrets.current, now + skew)
					: kind === 'valid, several v1'
						? (now) => {
								const real = sign(event.body, secrets.current, now + skew).split(',')[1];
								const decoy = `v1=${hex64(random)}`;
								return `t=${now + skew},${random() < 0.5 ? `${decoy},${real}` : `${real},${decoy}`}`;
							}
						: kind === 'valid, spaces and other schemes'
							? (now) => {
									const [t, v1] = sign(event.body, secrets.current, now + skew).split(',');
									return ` ${t} , v0=${hex64(random).slice(0, 40)} ,${v1}, scheme=x `;
								}
							: (now) => sign(event.body, secrets.previous as string, now + skew);
			add(kind, event.id, event.body, header);
			continue;
		}
		if (roll < 0.6) {
			const event = recentEvent(true);
			if (!event) continue;
			event.resent = random() < 0.7; // some events are resent more than once
			// An event first delivered under the previous secret is resent during the rotation: the service
			// then signs with both secrets (several v1, docs/api-choices.md).
			const age = between(random, 0, VALID_SKEW);
			add('resent', event.id, event.body, (now) => {
				const current = sign(event.body, secrets.current, now - age);
				return event.rotation
					? `${current},${sign(event.body, secrets.previous as string, now - age).split(',')[1]}`
					: current;
			});
			continue;
		}
		const kind = pick(random, refusedKinds);
		// Forgeries imitate a delivered event half of the time, else an event never delivered validly.
		const imitated = random() < 0.5 ? recentEvent(false) : undefined;
		const event = imitated ?? newEvent();
		switch (kind) {
			case 'forged signature':
				add(kind, event.id, event.body, (now) => `t=${now},v1=${hex64(random)}`);
				break;
			case 'wrong secret':
				add(kind, event.id, event.body, (now) => sign(event.body, wrongSecret, now));
				break;
			case 'one byte of body changed': {
				const body = Buffer.from(event.body);
				const at = Math.floor(random() * body.length);
				body[at] = body[at]! ^ between(random, 1, 255);
				add(kind, event.id, body, (now) => sign(event.body, secrets.current, now));
				break;
			}
			case 'JSON re-serialised': {
				const parsed = JSON.parse(event.body.toString('utf8')) as Record<string, unknown>;
				const text =
					random() < 0.5
						? JSON.stringify(parsed, null, 2)
						: JSON.stringify(Object.fromEntries(Object.entries(parsed).reverse()));
				add(kind, event.id, Buffer.from(text, 'utf8'), (now) =>
					sign(event.body, secrets.current, now),
				);
				break;
			}
			case 'stale timestamp': {
				// An authentic signature, too old: a replay. Its event is never delivered validly.
				const fresh = newEvent();
				const age =
					random() < 0.5 ? between(random, BEYOND, BEYOND + 60) : between(random, 3600, 30 * 86400);
				add(kind, fresh.id, fresh.body, (now) => sign(fresh.body, secrets.current, now - age));
				break;
			}
			case 'future timestamp': {
				const fresh = newEvent();
				const ahead =
					random() < 0.5
						? between(random, BEYOND, BEYOND + 60)
						: between(random, 3600, 365 * 86400);
				add(kind, fresh.id, fresh.body, (now) => sign(fresh.body, secrets.current, now + ahead));
				break;
			}
			case 'malformed header': {
				const variant = pick(random, malformed);
				add(kind, event.id, event.body, (now) =>
					variant(now, sign(event.body, secrets.current, now)),
				);
				break;
			}
			case 'missing header':
				add(kind, event.id, event.body, () => (random() < 0.5 ? undefined : ''));
				break;
			case 'oversized header': {
				// A valid signature inside a header over the 8 KiB limit: refused before any parsing.
				const filler = between(random, 8200, 12000);
				add(
					kind,
					event.id,
					event.body,
					(now) => `${sign(event.body, secrets.current, now)},v0=${'a'.repeat(filler)}`,
				);
				break;
			}
			default:
				throw new Error(`no recipe for ${kind}`);
		}
	}
	return deliveries;
}

function randomBytesFrom(random: Random, length: number): string {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	return Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
}

/** A signing secret of the form numero gives (whsec_ and 32 characters). */
export function newSigningSecret(label: string): string {
	return `whsec_${label}${randomBytes(32).toString('base64url')}`.slice(0, 38);
}
