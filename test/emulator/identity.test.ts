import { DEMO, startEmulator, type Emulator } from '.';
import { call, tokenFor } from '../support/http';

describe('emulator: token issuer and company scoping', () => {
	let emu: Emulator;
	beforeAll(async () => {
		emu = await startEmulator();
	});
	afterAll(async () => emu.close());

	const token = (form: Record<string, string>) =>
		call('POST', `${emu.urls.identity}/connect/token`, { form });

	it('issues a bearer token with expires_in and token_type for the client credentials grant', async () => {
		const res = await token({
			grant_type: 'client_credentials',
			client_id: 'demo-admin',
			client_secret: DEMO.clients.admin.clientSecret,
			scope: 'svcapiv3 reportingapiv1',
		});
		expect(res.status).toBe(200);
		expect(res.body).toMatchObject({
			token_type: 'Bearer',
			expires_in: 1800,
			scope: 'svcapiv3 reportingapiv1',
		});
		expect(res.headers['cache-control']).toBe('no-store');
	});

	it('answers invalid_client for a wrong secret or an unknown client', async () => {
		for (const form of [
			{
				grant_type: 'client_credentials',
				client_id: 'demo-admin',
				client_secret: 'nope',
				scope: 'svcapiv3',
			},
			{
				grant_type: 'client_credentials',
				client_id: 'ghost',
				client_secret: 'x',
				scope: 'svcapiv3',
			},
		]) {
			const res = await token(form);
			expect(res.status).toBe(400);
			expect(res.body).toMatchObject({ error: 'invalid_client' });
		}
	});

	it('answers invalid_scope for a scope the client was not granted', async () => {
		const res = await token({
			grant_type: 'client_credentials',
			client_id: DEMO.clients.integrationOnly.clientId,
			client_secret: DEMO.clients.integrationOnly.clientSecret,
			scope: 'svcapiv3 reportingapiv1',
		});
		expect(res.status).toBe(400);
		expect(res.body).toMatchObject({ error: 'invalid_scope' });
	});

	it('answers unsupported_grant_type and invalid_request', async () => {
		expect(
			(await token({ grant_type: 'password', client_id: 'demo-admin', client_secret: 'x' })).body,
		).toMatchObject({ error: 'unsupported_grant_type' });
		const json = await call('POST', `${emu.urls.identity}/connect/token`, {
			body: { grant_type: 'client_credentials' },
		});
		expect(json.body).toMatchObject({ error: 'invalid_request' });
	});

	it('answers 401 without a token, with an unknown token, and for a token whose scope does not cover the API', async () => {
		expect((await call('GET', `${emu.urls.integration}/api/v4/integration/projects`)).status).toBe(
			401,
		);
		expect(
			(
				await call('GET', `${emu.urls.integration}/api/v4/integration/projects`, {
					token: 'forged',
				})
			).status,
		).toBe(401);
		const reportingOnly = await tokenFor(emu, DEMO.clients.admin, 'reportingapiv1');
		const res = await call('GET', `${emu.urls.integration}/api/v4/integration/projects`, {
			token: reportingOnly,
		});
		expect(res.status).toBe(401);
		expect(String(res.headers['www-authenticate'])).toContain('svcapiv3');
	});

	it('expires tokens after the client lifetime and on the expire-all fault', async () => {
		const client = emu.ctx.clients.register({
			clientId: 'short-lived',
			companyId: DEMO.companies.parent,
			tokenLifetimeSeconds: 60,
		});
		const t = await tokenFor(emu, client, 'svcapiv3');
		expect(
			(await call('GET', `${emu.urls.integration}/api/v4/integration/projects`, { token: t }))
				.status,
		).toBe(200);
		emu.ctx.clock.advance(61_000);
		expect(
			(await call('GET', `${emu.urls.integration}/api/v4/integration/projects`, { token: t }))
				.status,
		).toBe(401);
		const t2 = await tokenFor(emu);
		await call('POST', `${emu.urls.control}/expire-tokens`);
		expect(
			(await call('GET', `${emu.urls.integration}/api/v4/integration/projects`, { token: t2 }))
				.status,
		).toBe(401);
	});

	it('answers 401 for a disabled client even with an unexpired token', async () => {
		const client = emu.ctx.clients.register({
			clientId: 'to-disable',
			companyId: DEMO.companies.parent,
		});
		const t = await tokenFor(emu, client, 'svcapiv3');
		client.disabled = true;
		expect(
			(await call('GET', `${emu.urls.integration}/api/v4/integration/projects`, { token: t }))
				.status,
		).toBe(401);
	});

	it('scopes data by company: a subsidiary sees its own projects, the parent sees the structure', async () => {
		const sub = await tokenFor(emu, DEMO.clients.subsidiary, 'svcapiv3');
		const created = await call('POST', `${emu.urls.integration}/api/v4/integration/projects`, {
			token: sub,
			body: { companyId: DEMO.companies.subsidiary, projectNumber: 'S-1' },
		});
		expect(created.status).toBe(201);
		const id = (created.body as { id: string }).id;
		const parent = await tokenFor(emu);
		expect(
			(
				await call('GET', `${emu.urls.integration}/api/v4/integration/projects/${id}`, {
					token: parent,
				})
			).status,
		).toBe(200);
		const other = await tokenFor(emu, DEMO.clients.other, 'svcapiv3');
		expect(
			(
				await call('GET', `${emu.urls.integration}/api/v4/integration/projects/${id}`, {
					token: other,
				})
			).status,
		).toBe(404);
		const forbidden = await call('POST', `${emu.urls.integration}/api/v4/integration/projects`, {
			token: sub,
			body: { companyId: DEMO.companies.parent, projectNumber: 'S-2' },
		});
		expect(forbidden.status).toBe(403);
		expect(forbidden.body).toMatchObject({
			errors: [{ field: 'companyId', category: 'AccessDeniedError' }],
		});
	});
});
