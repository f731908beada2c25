import { createHmac } from 'crypto';
import fc from 'fast-check';
import {
	MAX_SIGNATURE_HEADER_BYTES,
	NumeroValidationError,
	signWebhook,
	verifyWebhook,
	WebhookVerificationError,
	type WebhookFailureReason,
} from '../../shared';

const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuv';
const OTHER_SECRET = 'whsec_zyxwvutsrqponmlkjihgfedcba987654';
const NOW = 1_780_000_000;
const EVENT = {
	id: 'evt_1a2b3c',
	type: 'numero.publie',
	cree_le: '2026-05-28T10:00:00.000Z',
	donnees: {
		id: 'numero.press:printemps-2026',
		titre: 'Printemps — numéro 12',
		publication: { code: 'revue', nom: 'La Revue' },
		date: '2026-05-01',
		pages: 84,
		page_publique: 'https://numero.press/revue/printemps-2026',
		statut: 'en_ligne',
	},
};
const BODY = JSON.stringify(EVENT);

/** The reference's rule, written independently of the code under test. */
function independentSignature(
	secret: string,
	timestamp: number,
	body: string | Uint8Array,
): string {
	return createHmac('sha256', secret)
		.update(Buffer.concat([Buffer.from(`${timestamp}.`), Buffer.from(body)]))
		.digest('hex');
}

function reasonOf(fn: () => unknown): WebhookFailureReason | 'none' {
	try {
		fn();
		return 'none';
	} catch (error) {
		if (error instanceof WebhookVerificationError) return error.reason;
		throw error;
	}
}

describe('signWebhook', () => {
	it('produces t=<seconds>,v1=<HMAC-SHA256 of "<t>.<body>"> as an independent HMAC computes it', () => {
		expect(signWebhook({ payload: BODY, secret: SECRET, timestamp: NOW })).toBe(
			`t=${NOW},v1=${independentSignature(SECRET, NOW, BODY)}`,
		);
	});

	it('signs the same bytes whether given a string or a Buffer', () => {
		expect(signWebhook({ payload: Buffer.from(BODY), secret: SECRET, timestamp: NOW })).toBe(
			signWebhook({ payload: BODY, secret: SECRET, timestamp: NOW }),
		);
	});

	it('refuses an empty secret and a timestamp that is not whole seconds', () => {
		expect(() => signWebhook({ payload: BODY, secret: '', timestamp: NOW })).toThrow(
			NumeroValidationError,
		);
		expect(() => signWebhook({ payload: BODY, secret: SECRET, timestamp: 1.5 })).toThrow(
			NumeroValidationError,
		);
		expect(() => signWebhook({ payload: BODY, secret: SECRET, timestamp: -1 })).toThrow(
			NumeroValidationError,
		);
	});
});

describe('verifyWebhook accepts', () => {
	it('a header signed by an independent HMAC, returning the parsed event', () => {
		const header = `t=${NOW},v1=${independentSignature(SECRET, NOW, BODY)}`;
		expect(verifyWebhook({ payload: BODY, header, secrets: SECRET, now: NOW })).toEqual(EVENT);
	});

	it('the raw bytes as received, without decoding them (a body that is not UTF-8 would not survive a round trip)', () => {
		const bytes = Buffer.from(BODY, 'utf8');
		const header = signWebhook({ payload: bytes, secret: SECRET, timestamp: NOW });
		expect(verifyWebhook({ payload: bytes, header, secrets: SECRET, now: NOW })).toEqual(EVENT);
		expect(
			verifyWebhook({ payload: new Uint8Array(bytes), header, secrets: SECRET, now: NOW }),
		).toEqual(EVENT);
		expect(verifyWebhook({ payload: BODY, header, secrets: SECRET, now: NOW })).toEqual(EVENT);
		// A byte that is not UTF-8 is hashed as is: a decode/re-encode would turn it into U+FFFD and fail.
		const latin1 = Buffer.concat([
			Buffer.from(BODY.slice(0, -1)),
			Buffer.from([0x20, 0xe9]),
			Buffer.from('}'),
		]);
		const signed = signWebhook({ payload: latin1, secret: SECRET, timestamp: NOW });
		expect(
			reasonOf(() => verifyWebhook({ payload: latin1, header: signed, secrets: SECRET, now: NOW })),
		).toBe('invalid_payload');
		const reencoded = Buffer.from(latin1.toString('utf8'), 'utf8');
		expect(
			reasonOf(() =>
				verifyWebhook({ payload: reencoded, header: signed, secrets: SECRET, now: NOW }),
			),
		).toBe('no_matching_signature');
	});

	it('any of several secrets (rotation)', () => {
		const header = signWebhook({ payload: BODY, secret: OTHER_SECRET, timestamp: NOW });
		expect(
			verifyWebhook({ payload: BODY, header, secrets: [SECRET, OTHER_SECRET], now: NOW }),
		).toEqual(EVENT);
		expect(
			reasonOf(() => verifyWebhook({ payload: BODY, header, secrets: [SECRET], now: NOW })),
		).toBe('no_matching_signature');
	});

	it('any of several v1 values, in any position, and ignores other schemes', () => {
		const good = independentSignature(SECRET, NOW, BODY);
		const wrong = independentSignature(OTHER_SECRET, NOW, BODY);
		for (const header of [
			`t=${NOW},v1=${wrong},v1=${good}`,
			`v1=${good},t=${NOW},v1=${wrong}`,
			`t=${NOW},v0=${wrong},v1=${good}`,
			`t=${NOW}, v1=${good}`,
			`t=${NOW},v2=anything-goes,v1=${good}`,
		]) {
			expect(verifyWebhook({ payload: BODY, header, secrets: SECRET, now: NOW })).toEqual(EVENT);
		}
	});

	it('a timestamp exactly at the tolerance in both directions', () => {
		for (const t of [NOW - 300, NOW + 300]) {
			const header = signWebhook({ payload: BODY, secret: SECRET, timestamp: t });
			expect(verifyWebhook({ payload: BODY, header, secrets: SECRET, now: NOW })).toEqual(EVENT);
		}
		const header = signWebhook({ payload: BODY, secret: SECRET, timestamp: NOW - 1000 });
		expect(
			verifyWebhook({ payload: BODY, header, secrets: SECRET, now: NOW, toleranceSeconds: 1000 }),
		).toEqual(EVENT);
	});

	it('the current time when now is not given', () => {
		const header = signWebhook({
			payload: BODY,
			secret: SECRET,
			timestamp: Math.floor(Date.now() / 1000),
		});
		expect(verifyWebhook({ payload: BODY, header, secrets: SECRET })).toEqual(EVENT);
	});
});

describe('verifyWebhook refuses', () => {
	const good = independentSignature(SECRET, NOW, BODY);
	const cases: Array<[string, string | undefined, WebhookFailureReason]> = [
		['no header', undefined, 'missing_header'],
		['an empty header', '', 'missing_header'],
		['a blank header', '   ', 'missing_header'],
		['no t', `v1=${good}`, 'malformed_header'],
		['no v1', `t=${NOW}`, 'malformed_header'],
		['only v0', `t=${NOW},v0=${good}`, 'malformed_header'],
		['a t with a sign', `t=+${NOW},v1=${good}`, 'malformed_header'],
		['a t with a fraction', `t=${NOW}.0,v1=${good}`, 'malformed_header'],
		['a t in hex', `t=0x${NOW.toString(16)},v1=${good}`, 'malformed_header'],
		['a t with spaces inside', `t= ${NOW},v1=${good}`, 'malformed_header'],
		['an empty t', `t=,v1=${good}`, 'malformed_header'],
		['two t', `t=${NOW},t=${NOW},v1=${good}`, 'malformed_header'],
		['upper-case hex', `t=${NOW},v1=${good.toUpperCase()}`, 'malformed_header'],
		['a short v1', `t=${NOW},v1=${good.slice(0, 63)}`, 'malformed_header'],
		['a long v1', `t=${NOW},v1=${good}0`, 'malformed_header'],
		['a v1 that is not hex', `t=${NOW},v1=${'g'.repeat(64)}`, 'malformed_header'],
		['a part without =', `t=${NOW},v1=${good},junk`, 'malformed_header'],
		['a trailing comma', `t=${NOW},v1=${good},`, 'malformed_header'],
		[
			'a header over 8 KiB',
			`t=${NOW},v1=${good},x=${'a'.repeat(MAX_SIGNATURE_HEADER_BYTES)}`,
			'malformed_header',
		],
		[
			'a wrong signature',
			`t=${NOW},v1=${independentSignature(OTHER_SECRET, NOW, BODY)}`,
			'no_matching_signature',
		],
		[
			'a signature for another time',
			`t=${NOW},v1=${independentSignature(SECRET, NOW - 1, BODY)}`,
			'no_matching_signature',
		],
		[
			'an old timestamp',
			`t=${NOW - 301},v1=${independentSignature(SECRET, NOW - 301, BODY)}`,
			'timestamp_too_old',
		],
		[
			'a future timestamp',
			`t=${NOW + 301},v1=${independentSignature(SECRET, NOW + 301, BODY)}`,
			'timestamp_in_future',
		],
	];
	it.each(cases)('%s', (_name, header, reason) => {
		expect(
			reasonOf(() => verifyWebhook({ payload: BODY, header, secrets: SECRET, now: NOW })),
		).toBe(reason);
	});

	it('a header that is not a single string', () => {
		const header = [
			signWebhook({ payload: BODY, secret: SECRET, timestamp: NOW }),
		] as unknown as string;
		expect(
			reasonOf(() => verifyWebhook({ payload: BODY, header, secrets: SECRET, now: NOW })),
		).toBe('malformed_header');
	});

	const invalidBodies: Array<[string, string]> = [
		['a body that is not JSON', 'not json'],
		['a JSON array', '[]'],
		['JSON null', 'null'],
		['an envelope without id', JSON.stringify({ ...EVENT, id: undefined })],
		['an envelope with an empty type', JSON.stringify({ ...EVENT, type: '' })],
		['an envelope without cree_le', JSON.stringify({ ...EVENT, cree_le: undefined })],
		['donnees that are not an object', JSON.stringify({ ...EVENT, donnees: 'x' })],
		['donnees that are a list', JSON.stringify({ ...EVENT, donnees: [] })],
	];
	it.each(invalidBodies)('%s, even when correctly signed', (_name, body) => {
		const header = signWebhook({ payload: body, secret: SECRET, timestamp: NOW });
		expect(
			reasonOf(() => verifyWebhook({ payload: body, header, secrets: SECRET, now: NOW })),
		).toBe('invalid_payload');
	});

	it('a parsed object in place of the raw body', () => {
		const header = signWebhook({ payload: BODY, secret: SECRET, timestamp: NOW });
		const payload = EVENT as unknown as string;
		expect(reasonOf(() => verifyWebhook({ payload, header, secrets: SECRET, now: NOW }))).toBe(
			'invalid_payload',
		);
	});

	it('to run without a secret or with a tolerance that is not positive', () => {
		const header = signWebhook({ payload: BODY, secret: SECRET, timestamp: NOW });
		expect(() => verifyWebhook({ payload: BODY, header, secrets: [], now: NOW })).toThrow(
			NumeroValidationError,
		);
		expect(() => verifyWebhook({ payload: BODY, header, secrets: '', now: NOW })).toThrow(
			NumeroValidationError,
		);
		expect(() =>
			verifyWebhook({ payload: BODY, header, secrets: SECRET, now: NOW, toleranceSeconds: 0 }),
		).toThrow(NumeroValidationError);
		expect(() =>
			verifyWebhook({ payload: BODY, header, secrets: SECRET, now: Number.NaN }),
		).toThrow(NumeroValidationError);
	});

	it('without ever saying what the right signature was, nor the secret', () => {
		const right = independentSignature(SECRET, NOW, BODY);
		const messages: string[] = [];
		for (const header of [
			undefined,
			'junk',
			`t=${NOW},v1=${'0'.repeat(64)}`,
			`t=1,v1=${independentSignature(SECRET, 1, BODY)}`,
		]) {
			try {
				verifyWebhook({ payload: BODY, header, secrets: SECRET, now: NOW });
			} catch (error) {
				messages.push((error as Error).message);
			}
		}
		expect(messages).toHaveLength(4);
		for (const message of messages) {
			expect(message).not.toContain(right);
			expect(message).not.toContain(SECRET);
		}
	});
});

describe('verifyWebhook under mutation (property)', () => {
	const header = signWebhook({ payload: BODY, secret: SECRET, timestamp: NOW });
	const bodyBytes = Buffer.from(BODY);

	it('no change of a body byte verifies', () => {
		fc.assert(
			fc.property(
				fc.nat(bodyBytes.length - 1),
				fc.integer({ min: 1, max: 255 }),
				(index, delta) => {
					const mutated = Buffer.from(bodyBytes);
					mutated[index] = (mutated[index]! + delta) % 256;
					return (
						reasonOf(() =>
							verifyWebhook({ payload: mutated, header, secrets: SECRET, now: NOW }),
						) !== 'none'
					);
				},
			),
			{ numRuns: 500 },
		);
	});

	it('no insertion or removal in the body verifies', () => {
		fc.assert(
			fc.property(
				fc.nat(BODY.length),
				fc.string({ minLength: 1, maxLength: 4 }),
				fc.boolean(),
				(index, text, insert) => {
					const mutated = insert
						? BODY.slice(0, index) + text + BODY.slice(index)
						: BODY.slice(0, index) + BODY.slice(index + text.length);
					fc.pre(mutated !== BODY);
					return (
						reasonOf(() =>
							verifyWebhook({ payload: mutated, header, secrets: SECRET, now: NOW }),
						) !== 'none'
					);
				},
			),
			{ numRuns: 500 },
		);
	});

	it('no change of a header character verifies', () => {
		fc.assert(
			fc.property(fc.nat(header.length - 1), fc.integer({ min: 32, max: 126 }), (index, code) => {
				const replacement = String.fromCharCode(code);
				fc.pre(header[index] !== replacement);
				const mutated = header.slice(0, index) + replacement + header.slice(index + 1);
				return (
					reasonOf(() =>
						verifyWebhook({ payload: BODY, header: mutated, secrets: SECRET, now: NOW }),
					) !== 'none'
				);
			}),
			{ numRuns: 1000 },
		);
	});

	it('no other timestamp verifies with the signature of this one', () => {
		const signature = header.split('v1=')[1];
		fc.assert(
			fc.property(fc.integer({ min: NOW - 300, max: NOW + 300 }), (t) => {
				fc.pre(t !== NOW);
				return (
					reasonOf(() =>
						verifyWebhook({
							payload: BODY,
							header: `t=${t},v1=${signature}`,
							secrets: SECRET,
							now: NOW,
						}),
					) === 'no_matching_signature'
				);
			}),
		);
	});

	it('signWebhook output always verifies for any body, secret and time within the tolerance', () => {
		fc.assert(
			fc.property(
				fc.string({ minLength: 1 }),
				fc.integer({ min: -300, max: 300 }),
				fc.dictionary(fc.string(), fc.jsonValue()),
				(secret, skew, donnees) => {
					const body = JSON.stringify({
						id: 'evt_x',
						type: 'numero.retire',
						cree_le: '2026-01-01T00:00:00.000Z',
						donnees,
					});
					const signed = signWebhook({ payload: body, secret, timestamp: NOW + skew });
					return (
						verifyWebhook({ payload: Buffer.from(body), header: signed, secrets: secret, now: NOW })
							.id === 'evt_x'
					);
				},
			),
		);
	});
});
