import { signWebhook } from '../../../shared/index';
import { ALL_EVENTS } from '../../../nodes/NumeroTrigger/event-choices';
import {
	receiveDelivery,
	recordReceivedEvents,
	type DeliveryInput,
} from '../../../nodes/NumeroTrigger/receive-delivery';
import { parseSigningSecrets } from '../../../shared';

const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuv';
const OLD_SECRET = 'whsec_oldoldoldoldoldoldoldoldoldoldo';
const NOW = 1_780_000_000;

function envelope(id: string, type = 'numero.publie'): string {
	return JSON.stringify({
		id,
		type,
		cree_le: '2026-05-28T20:26:40.123Z',
		donnees: { id: 'numero.press:la-gazette-mai', titre: 'La Gazette, mai', statut: 'en_ligne' },
	});
}

function delivery(
	body: string,
	overrides: Partial<DeliveryInput> = {},
	signedAt = NOW,
	secret = SECRET,
): DeliveryInput {
	return {
		rawBody: Buffer.from(body),
		signatureHeader: signWebhook({ payload: body, secret, timestamp: signedAt }),
		secrets: [SECRET],
		toleranceSeconds: 300,
		selectedEvents: ['numero.publie'],
		receiveTestEvents: false,
		receivedEvents: undefined,
		rememberedEvents: 1000,
		now: NOW,
		...overrides,
	};
}

describe('receiveDelivery', () => {
	test('an authentic delivery of a chosen event starts the workflow with the envelope and the signing time', () => {
		const outcome = receiveDelivery(delivery(envelope('evt_1')));
		expect(outcome.kind).toBe('accepted');
		if (outcome.kind !== 'accepted') return;
		expect(outcome.item).toEqual({
			id: 'evt_1',
			type: 'numero.publie',
			cree_le: '2026-05-28T20:26:40.123Z',
			donnees: { id: 'numero.press:la-gazette-mai', titre: 'La Gazette, mai', statut: 'en_ligne' },
			signe_le: new Date(NOW * 1000).toISOString(),
		});
		expect(JSON.stringify(outcome)).not.toContain(SECRET);
	});

	test.each([
		[
			'forged with another secret',
			(body: string) => delivery(body, {}, NOW, 'whsec_not_the_right_one_at_all_xxxxx'),
			'no_matching_signature',
		],
		[
			'altered after signing',
			(body: string) => ({ ...delivery(body), rawBody: Buffer.from(body.replace('mai', 'juin')) }),
			'no_matching_signature',
		],
		[
			'stale (signed 301 s ago)',
			(body: string) => delivery(body, {}, NOW - 301),
			'timestamp_too_old',
		],
		[
			'future-dated (301 s ahead)',
			(body: string) => delivery(body, {}, NOW + 301),
			'timestamp_in_future',
		],
		[
			'unsigned',
			(body: string) => ({ ...delivery(body), signatureHeader: undefined }),
			'missing_header',
		],
		[
			'with a garbled header',
			(body: string) => ({ ...delivery(body), signatureHeader: 't=abc,v1=zz' }),
			'malformed_header',
		],
	])('a delivery %s is refused, records nothing', (_label, build, reason) => {
		const input = build(envelope('evt_2'));
		expect(receiveDelivery(input)).toEqual({ kind: 'refused', reason });
	});

	test('the tolerance is the option given', () => {
		expect(
			receiveDelivery(delivery(envelope('evt_3'), { toleranceSeconds: 600 }, NOW - 500)).kind,
		).toBe('accepted');
		expect(
			receiveDelivery(delivery(envelope('evt_3'), { toleranceSeconds: 60 }, NOW - 61)),
		).toEqual({
			kind: 'refused',
			reason: 'timestamp_too_old',
		});
	});

	test('during a rotation a delivery signed with either secret is accepted', () => {
		const secrets = parseSigningSecrets(`${SECRET}\n${OLD_SECRET}`);
		expect(receiveDelivery(delivery(envelope('evt_4'), { secrets }, NOW, OLD_SECRET)).kind).toBe(
			'accepted',
		);
		expect(receiveDelivery(delivery(envelope('evt_5'), { secrets }, NOW, SECRET)).kind).toBe(
			'accepted',
		);
	});

	test('a retry or resend of a received event (same id, new signature) starts nothing', () => {
		expect(receiveDelivery(delivery(envelope('evt_6'))).kind).toBe('accepted');
		// What the execution records (NumeroTrigger.execute), as stored in static data.
		const state = JSON.parse(
			JSON.stringify(recordReceivedEvents(undefined, ['evt_6'], NOW, 1000)),
		) as unknown;
		const retry = receiveDelivery(
			delivery(envelope('evt_6'), { receivedEvents: state, now: NOW + 60 }, NOW + 60),
		);
		expect(retry).toEqual({ kind: 'ignored', because: 'duplicate', eventId: 'evt_6' });
		expect(receiveDelivery(delivery(envelope('evt_7'), { receivedEvents: state })).kind).toBe(
			'accepted',
		);
	});

	test('deciding changes nothing: the state given is left as it was', () => {
		const state = recordReceivedEvents(undefined, ['evt_x'], NOW, 1000);
		const before = JSON.stringify(state);
		receiveDelivery(delivery(envelope('evt_y'), { receivedEvents: state }));
		expect(JSON.stringify(state)).toBe(before);
	});

	test('the memory of received ids is bounded, oldest first out', () => {
		let state: unknown;
		for (const [offset, id] of ['evt_a', 'evt_b', 'evt_c'].entries())
			state = recordReceivedEvents(state, [id], NOW + offset, 2);
		expect((state as { entries: Array<[string, number]> }).entries.map(([id]) => id)).toEqual([
			'evt_b',
			'evt_c',
		]);
		expect(
			receiveDelivery(delivery(envelope('evt_c'), { receivedEvents: state, rememberedEvents: 2 }))
				.kind,
		).toBe('ignored');
		expect(
			receiveDelivery(delivery(envelope('evt_a'), { receivedEvents: state, rememberedEvents: 2 }))
				.kind,
		).toBe('accepted');
	});

	test('items without a string id are not recorded', () => {
		expect(recordReceivedEvents(undefined, [undefined, 42, 'evt_ok'], NOW, 10).entries).toEqual([
			['evt_ok', NOW],
		]);
	});

	test('events of types not chosen are acknowledged without starting the workflow', () => {
		expect(receiveDelivery(delivery(envelope('evt_8', 'numero.retire')))).toEqual({
			kind: 'ignored',
			because: 'event_not_selected',
			eventId: 'evt_8',
		});
		expect(
			receiveDelivery(
				delivery(envelope('evt_9', 'numero.retire'), { selectedEvents: [ALL_EVENTS] }),
			).kind,
		).toBe('accepted');
	});

	test('the test event starts nothing, unless asked for; "all events" does not include it', () => {
		const body = envelope('evt_10', 'numero.test');
		expect(receiveDelivery(delivery(body, { selectedEvents: [ALL_EVENTS] }))).toEqual({
			kind: 'ignored',
			because: 'test_event',
			eventId: 'evt_10',
		});
		expect(receiveDelivery(delivery(body, { receiveTestEvents: true })).kind).toBe('accepted');
	});

	test('a signed body that is not an event envelope is refused', () => {
		expect(receiveDelivery(delivery('{"hello":"world"}'))).toEqual({
			kind: 'refused',
			reason: 'invalid_payload',
		});
	});
});

describe('parseSigningSecrets', () => {
	test('splits on new lines, spaces and commas, drops blanks and repeats', () => {
		expect(parseSigningSecrets(` ${SECRET}\r\n${OLD_SECRET}, ${SECRET} `)).toEqual([
			SECRET,
			OLD_SECRET,
		]);
		expect(parseSigningSecrets('   ')).toEqual([]);
		expect(parseSigningSecrets(undefined)).toEqual([]);
	});
});
