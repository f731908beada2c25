import { signWebhook } from '../../shared';
import { appTester, App } from './support/app-tester';
import { uniquePdf } from './support/files';
import {
	startFileHost,
	startWebhookReceiver,
	type CapturedDelivery,
	type FileHost,
	type WebhookReceiver,
} from './support/local-servers';
import { startSandboxFixture, type SandboxFixture } from './support/sandbox-fixture';

let fx: SandboxFixture;
let files: FileHost;
let receiver: WebhookReceiver;
let endpoint: { id: string; secret: string };
/** The connection, with a retired secret first (rotation) and the endpoint's secret on the next line. */
let authData: Record<string, string>;

const HOOKS = ['issuePublished', 'issueReplaced', 'issueWithdrawn', 'issueBackOnline'] as const;
type HookKey = (typeof HOOKS)[number];

beforeAll(async () => {
	fx = await startSandboxFixture();
	files = await startFileHost();
	receiver = await startWebhookReceiver();
	endpoint = await fx.admin('POST', '/webhooks', {
		account: 'main',
		url: receiver.url,
		events: ['numero.publie', 'numero.remplace', 'numero.retire', 'numero.remis_en_ligne'],
	});
	authData = {
		...fx.authData,
		signingSecrets: `whsec_retiredretiredretiredretired00\n${endpoint.secret}`,
	};
});
afterAll(async () => {
	await receiver.close();
	await files.close();
	await fx.close();
});

const hook = (
	key: HookKey,
	rawRequest: CapturedDelivery | Record<string, unknown>,
	auth = authData,
) =>
	appTester((App.triggers[key].operation as any).perform, {
		authData: auth,
		rawRequest,
	}) as Promise<any[]>;

const create = (key: keyof typeof App.creates, inputData: Record<string, unknown>) =>
	appTester(App.creates[key].operation.perform as any, { authData, inputData }) as Promise<any>;

async function nextDelivery(type: string): Promise<CapturedDelivery> {
	const seen = receiver.deliveries.length;
	for (let count = seen + 1; ; count++) {
		const deliveries = await receiver.waitFor(count);
		const delivery = deliveries[count - 1];
		if (JSON.parse(delivery.content).type === type) return delivery;
	}
}

async function publish(titre: string): Promise<{ issue: any; delivery: CapturedDelivery }> {
	const pending = nextDelivery('numero.publie');
	const issue = await create('publishIssue', {
		pdf: files.add('h.pdf', uniquePdf(titre), 'application/pdf'),
		titre,
		publication: 'gazette',
	});
	return { issue, delivery: await pending };
}

describe('instant triggers', () => {
	test('Issue Published returns the verified event, with its stable id, and only that trigger fires', async () => {
		const { issue, delivery } = await publish('Publié pour le hook');
		const [event, ...rest] = await hook('issuePublished', delivery);
		expect(rest).toEqual([]);
		expect(event).toEqual(JSON.parse(delivery.content));
		expect(event.id).toMatch(/^evt_/);
		expect(event.type).toBe('numero.publie');
		expect(event.donnees).toMatchObject({
			id: issue.id,
			titre: 'Publié pour le hook',
			publication: { code: 'gazette' },
			statut: 'en_ligne',
		});
		for (const other of ['issueReplaced', 'issueWithdrawn', 'issueBackOnline'] as const) {
			expect(await hook(other, delivery)).toEqual([]);
		}
	});

	test('Issue Withdrawn, Issue Back Online and Issue Replaced fire on their own events', async () => {
		const { issue } = await publish('Cycle de vie');
		const withdrawn = nextDelivery('numero.retire');
		await create('updateIssue', { id: issue.id, availability: 'offline' });
		const [retire] = await hook('issueWithdrawn', await withdrawn);
		expect(retire).toMatchObject({
			type: 'numero.retire',
			donnees: { id: issue.id, statut: 'retire' },
		});

		const back = nextDelivery('numero.remis_en_ligne');
		await create('updateIssue', { id: issue.id, availability: 'online' });
		const [online] = await hook('issueBackOnline', await back);
		expect(online).toMatchObject({
			type: 'numero.remis_en_ligne',
			donnees: { id: issue.id, statut: 'en_ligne' },
		});

		const replaced = nextDelivery('numero.remplace');
		await create('replaceIssuePdf', {
			id: issue.id,
			pdf: files.add('r.pdf', uniquePdf('remplacé'), 'application/pdf'),
		});
		const [remplace] = await hook('issueReplaced', await replaced);
		expect(remplace).toMatchObject({ type: 'numero.remplace', donnees: { id: issue.id } });
		expect(new Set([retire.id, online.id, remplace.id]).size).toBe(3);
	});

	test('a redelivery of the same event (signed again) starts no second Zap run: Zapier does not deduplicate instant triggers', async () => {
		const { delivery } = await publish('Livré deux fois');
		const eventId = JSON.parse(delivery.content).id;
		const log = await fx.admin('GET', `/webhooks/${endpoint.id}/deliveries`);
		const first = log.deliveries.find((d: any) => d.eventId === eventId);
		const again = nextDelivery('numero.publie');
		await fx.admin('POST', `/webhooks/${endpoint.id}/deliveries/${first.id}/resend`, {});
		const redelivery = await again;
		expect(JSON.parse(redelivery.content).id).toBe(eventId);
		const [original] = await hook('issuePublished', delivery);
		expect(original.id).toBe(eventId);
		expect(await hook('issuePublished', redelivery)).toEqual([]);
		expect(await hook('issuePublished', delivery)).toEqual([]);
	});

	test('one event delivered to two endpoints (two Zaps, each with its secret in the connection) starts each Zap once', async () => {
		const { delivery } = await publish('Deux Zaps');
		const secondSecret = 'whsec_secondendpointsecondendpoint0';
		const now = Math.floor(Date.now() / 1000);
		const toSecond = {
			...delivery,
			headers: {
				...delivery.headers,
				'Http-Service-Signature': signWebhook({
					payload: delivery.content,
					secret: secondSecret,
					timestamp: now,
				}),
			},
		};
		const bothSecrets = { ...authData, signingSecrets: `${endpoint.secret}\n${secondSecret}` };
		expect(await hook('issuePublished', delivery, bothSecrets)).toHaveLength(1);
		expect(await hook('issuePublished', toSecond, bothSecrets)).toHaveLength(1);
		expect(await hook('issuePublished', toSecond, bothSecrets)).toEqual([]);
	});

	test('forged deliveries are ignored: changed body, wrong signature, missing or malformed header', async () => {
		const { delivery } = await publish('Falsifié');
		const changedBody = delivery.content.replace('Falsifié', 'Falsifie');
		expect(await hook('issuePublished', { ...delivery, content: changedBody })).toEqual([]);
		const wrongSecret = signWebhook({
			payload: delivery.content,
			secret: 'whsec_notthesecretnotthesecretnotth',
			timestamp: Math.floor(Date.now() / 1000),
		});
		expect(
			await hook('issuePublished', {
				...delivery,
				headers: { ...delivery.headers, 'Http-Service-Signature': wrongSecret },
			}),
		).toEqual([]);
		const { 'Http-Service-Signature': _removed, ...withoutHeader } = delivery.headers;
		expect(await hook('issuePublished', { ...delivery, headers: withoutHeader })).toEqual([]);
		expect(
			await hook('issuePublished', {
				...delivery,
				headers: { ...delivery.headers, 'Http-Service-Signature': 't=abc,v1=zz' },
			}),
		).toEqual([]);
		expect(await hook('issuePublished', { content: '', headers: {} })).toEqual([]);
	});

	test('a stale delivery (signed more than 5 minutes ago) is ignored, a fresh signature of it is not', async () => {
		const { delivery } = await publish('Trop ancien');
		const now = Math.floor(Date.now() / 1000);
		const stale = signWebhook({
			payload: delivery.content,
			secret: endpoint.secret,
			timestamp: now - 301,
		});
		expect(
			await hook('issuePublished', {
				...delivery,
				headers: { ...delivery.headers, 'Http-Service-Signature': stale },
			}),
		).toEqual([]);
		const fresh = signWebhook({
			payload: delivery.content,
			secret: endpoint.secret,
			timestamp: now - 10,
		});
		expect(
			await hook('issuePublished', {
				...delivery,
				headers: { ...delivery.headers, 'Http-Service-Signature': fresh },
			}),
		).toHaveLength(1);
	});

	test('without the endpoint secret in the connection, every delivery is ignored', async () => {
		const { delivery } = await publish('Sans secret');
		expect(await hook('issuePublished', delivery, fx.authData)).toEqual([]);
		expect(
			await hook('issuePublished', delivery, {
				...fx.authData,
				signingSecrets: 'whsec_somethingelsesomethingelse00',
			}),
		).toEqual([]);
	});

	test('the test button event is ignored by every trigger', async () => {
		const before = receiver.deliveries.length;
		await fx.admin('POST', `/webhooks/${endpoint.id}/test`, {});
		const [testDelivery] = (await receiver.waitFor(before + 1)).slice(before);
		expect(JSON.parse(testDelivery.content).type).toBe('numero.test');
		for (const key of HOOKS) expect(await hook(key, testDelivery)).toEqual([]);
	});

	test.each(HOOKS)(
		'%s: performList gives recent issues shaped exactly like a delivery, and the sample too',
		async (key) => {
			const { delivery } = await publish(`Échantillon ${key}`);
			const [real] = await hook('issuePublished', delivery);
			const shape = (event: any) => ({
				top: Object.keys(event).sort(),
				donnees: Object.keys(event.donnees).sort(),
				publication: Object.keys(event.donnees.publication).sort(),
			});
			const listed = (await appTester((App.triggers[key].operation as any).performList, {
				authData,
			})) as any[];
			const sample = App.triggers[key].operation.sample as any;
			expect(shape(sample)).toEqual(shape(real));
			for (const item of listed) {
				expect(shape(item)).toEqual(shape(real));
				expect(typeof item.id).toBe('string');
				expect(Number.isNaN(Date.parse(item.cree_le))).toBe(false);
			}
			if (key === 'issueWithdrawn') {
				expect(listed.every((item) => item.donnees.statut === 'retire')).toBe(true);
			} else {
				expect(listed.some((item) => item.donnees.id === real.donnees.id)).toBe(true);
				expect(listed.every((item) => item.donnees.statut === 'en_ligne')).toBe(true);
			}
		},
	);
});

describe('polling and dropdown triggers', () => {
	const poll = (
		key: keyof typeof App.triggers,
		inputData: Record<string, unknown> = {},
		meta: Record<string, unknown> = {},
	) =>
		appTester((App.triggers[key].operation as any).perform, {
			authData,
			inputData,
			meta,
		}) as Promise<any[]>;

	test('New Issue lists issues newest first, each with a unique id, filtered by periodical', async () => {
		const { issue } = await publish('Le plus récent');
		const issues = await poll('newIssue');
		expect(issues[0].id).toBe(issue.id);
		expect(new Set(issues.map((i) => i.id)).size).toBe(issues.length);
		const arts = await poll('newIssue', { publication: 'revue-arts' });
		expect(arts.length).toBeGreaterThan(0);
		expect(arts.every((i) => i.publication.code === 'revue-arts')).toBe(true);
		expect(Object.keys(issues[0]).sort()).toEqual(
			Object.keys(App.triggers.newIssue.operation.sample as object).sort(),
		);
	});

	test('the Issue dropdown labels each issue with its periodical and date, on one page', async () => {
		const choices = await poll('issueList');
		const gazette = choices.find((c) => c.id === 'numero.press:gazette-2026-10');
		expect(gazette.choice_label).toBe('2026-10-01 · La Gazette du Port, octobre 2026');
		expect(await poll('issueList', {}, { page: 1 })).toEqual([]);
	});

	test('the Periodical dropdown lists each periodical once, by code', async () => {
		const periodicals = await poll('periodicalList');
		expect(periodicals).toEqual(
			expect.arrayContaining([
				{ id: 'gazette', code: 'gazette', nom: 'La Gazette du Port' },
				{ id: 'revue-arts', code: 'revue-arts', nom: 'Revue des Arts' },
			]),
		);
		expect(new Set(periodicals.map((p) => p.id)).size).toBe(periodicals.length);
	});
});
