import type { ICredentialsDecrypted, ICredentialTestFunctions } from 'n8n-workflow';

import { numeroWebhookSecrets } from '../../../nodes/NumeroTrigger/credential-test';

const check = (signingSecrets: unknown) =>
	numeroWebhookSecrets.call(
		{} as ICredentialTestFunctions,
		{
			id: 'cred',
			name: 'Numero Webhook API',
			type: 'numeroWebhookApi',
			data: { signingSecrets },
		} as ICredentialsDecrypted,
	);

describe('Numero Webhook API credential test', () => {
	test('accepts one signing secret, or several during a rotation', async () => {
		expect(await check('whsec_AbCdEfGhIjKlMnOpQrStUvWxYz012345')).toEqual(
			expect.objectContaining({ status: 'OK' }),
		);
		const rotation = await check(
			'whsec_new000000000000000000000000000 whsec_old111111111111111111111111111',
		);
		expect(rotation).toEqual({
			status: 'OK',
			message: expect.stringContaining('2 signing secrets'),
		});
	});

	test('refuses an empty field, an API key or an address, without repeating what was pasted', async () => {
		expect(await check('  ')).toEqual(expect.objectContaining({ status: 'Error' }));
		const apiKey = await check('nmr_sandbox_full_0123456789abcdef');
		expect(apiKey).toEqual({
			status: 'Error',
			message: expect.stringContaining('start with whsec_'),
		});
		expect(apiKey.message).not.toContain('nmr_sandbox_full_0123456789abcdef');
		const address = await check(
			'whsec_AbCdEfGhIjKlMnOpQrStUvWxYz012345 https://n8n.example.com/webhook/x',
		);
		expect(address).toEqual({
			status: 'Error',
			message: expect.stringContaining('One value is not a signing secret'),
		});
	});
});
