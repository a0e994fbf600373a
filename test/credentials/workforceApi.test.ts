import { testCredential } from '../harness/credentialTest';
import { capturedLogs, CREDENTIAL_ID, executeNode, jsonOf } from '../harness/execute';
import { DEMO, useEmulator } from '../support/emulatorFixture';

const listProjects = { resource: 'project', operation: 'getAll', returnAll: true };

/** A 401, a new token, the request again. */
const RENEWED = ['integration:401', 'identity:200', 'integration:200'];

describe('Workforce API credential', () => {
	const fx = useEmulator();
	const listAll = () => executeNode({ credentials: fx.credentials, parameters: listProjects });
	const statuses = () => fx.requests().map((r) => `${r.api}:${r.status}`);

	describe('test', () => {
		it('succeeds with a good client: one token request, then the API call with its bearer', async () => {
			const result = await testCredential(fx.credentials);
			expect(result.error).toBeUndefined();
			const [token, call] = fx.requests();
			expect(token).toMatchObject({ api: 'identity', path: '/connect/token', status: 200 });
			expect(token.body).toEqual({
				grant_type: 'client_credentials',
				client_id: DEMO.clients.admin.clientId,
				scope: 'svcapiv3 reportingapiv1',
			});
			expect(call).toMatchObject({ api: 'integration', method: 'GET', path: '/api/MachineType' });
			expect(call.headers.authorization).toMatch(/^Bearer \S+$/);
		});

		it('names invalid_client for a wrong secret', async () => {
			fx.useClient({ clientId: DEMO.clients.admin.clientId, clientSecret: 'wrong' });
			const result = await testCredential(fx.credentials);
			expect(result.error?.message).toContain('invalid_client');
			expect(result.error?.message).toContain('Client Secret');
			expect(JSON.stringify(result.run)).not.toContain('wrong"');
			expect(fx.apiRequests()).toHaveLength(0);
		});

		it('names invalid_scope and the scope for a scope the client does not hold', async () => {
			fx.useClient(DEMO.clients.admin, { scopes: 'svcapiv4 reportingapiv1' });
			const result = await testCredential(fx.credentials);
			expect(result.error?.message).toContain('svcapiv4 was refused with invalid_scope');
			expect(fx.apiRequests()).toHaveLength(0);
		});

		it('names invalid_scope when no requested scope is held', async () => {
			fx.useClient(DEMO.clients.integrationOnly, { scopes: 'reportingapiv1' });
			const result = await testCredential(fx.credentials);
			expect(result.error?.message).toContain('(invalid_scope)');
			expect(result.error?.message).toContain('"reportingapiv1"');
		});

		it('says the token issuer is unreachable for a dead host', async () => {
			fx.useClient(DEMO.clients.admin, { identityBaseUrl: 'http://127.0.0.1:9' });
			const result = await testCredential(fx.credentials);
			expect(result.error?.message).toContain(
				'Could not reach the token issuer at http://127.0.0.1:9 (connection refused)',
			);
		});

		it('tests an extraction-only client against the extraction API', async () => {
			fx.useClient(DEMO.clients.extractionOnly, { scopes: 'reportingapiv1' });
			await testCredential(fx.credentials);
			const calls = fx.apiRequests();
			expect(calls[0]).toMatchObject({ api: 'extraction', path: '/v1/images' });
		});
	});

	describe('tokens', () => {
		it('fetches one token for many items and reuses it in the next execution', async () => {
			const items = Array.from({ length: 5 }, () => ({ json: {} }));
			const first = await executeNode({
				credentials: fx.credentials,
				parameters: listProjects,
				items,
			});
			expect(first.error).toBeUndefined();
			expect(first.items.length).toBeGreaterThan(5);
			expect(fx.tokenRequests()).toHaveLength(1);
			expect(fx.apiRequests()).toHaveLength(5);
			const tokens = new Set(fx.apiRequests().map((r) => r.headers.authorization));
			expect(tokens.size).toBe(1);

			fx.mark();
			await listAll();
			expect(fx.tokenRequests()).toHaveLength(0);
		});

		it('refreshes once on 401 and retries the request', async () => {
			await listAll();
			fx.emulator.ctx.clients.expireAll();
			fx.mark();
			const result = await listAll();
			expect(result.error).toBeUndefined();
			expect(statuses()).toEqual(RENEWED);
		});

		it('queue mode: executions that met the same expired token share the token this process just fetched', async () => {
			await listAll();
			const expired = fx.credentials.get(CREDENTIAL_ID)!.accessToken;
			fx.emulator.ctx.clients.expireAll();
			fx.mark();
			await listAll();
			const renewed = fx.credentials.get(CREDENTIAL_ID)!.accessToken;
			expect(renewed).not.toBe(expired);
			// A second execution of this worker loaded the credential before the first saved the new
			// token: it still holds the expired one, meets a 401 and gets the new token without a fetch.
			fx.credentials.set(CREDENTIAL_ID, {
				...fx.credentials.get(CREDENTIAL_ID)!,
				accessToken: expired,
			});
			const late = await listAll();
			expect(late.error).toBeUndefined();
			expect(statuses()).toEqual([...RENEWED, 'integration:401', 'integration:200']);
			expect(fx.credentials.get(CREDENTIAL_ID)!.accessToken).toBe(renewed);
		});

		it('queue mode: a token this process fetched is never handed back to the caller it failed for', async () => {
			await listAll();
			fx.emulator.ctx.clients.expireAll();
			await listAll();
			// The service revokes the token just fetched: the next 401 fetches again, at once.
			fx.emulator.ctx.clients.expireAll();
			fx.mark();
			const result = await listAll();
			expect(result.error).toBeUndefined();
			expect(statuses()).toEqual(RENEWED);
		});

		it('does not refresh in a loop when the service keeps answering 401', async () => {
			fx.emulator.ctx.faults.add({
				api: 'integration',
				count: 10,
				action: { kind: 'status', status: 401 },
			});
			const result = await listAll();
			expect(result.error?.message).toMatch(/refused the request \(HTTP 401\)/);
			expect((result.error as { httpCode?: string }).httpCode).toBe('401');
			expect(fx.tokenRequests()).toHaveLength(2);
			expect(fx.apiRequests()).toHaveLength(2);
		});

		it('keeps working with the default scopes for a client that holds only the integration scope', async () => {
			fx.useClient(DEMO.clients.integrationOnly);
			const result = await listAll();
			expect(result.error).toBeUndefined();
			expect(jsonOf(result).length).toBeGreaterThan(0);
			expect(
				fx.tokenRequests().map((r) => [(r.body as { scope: string }).scope, r.status]),
			).toEqual([
				['svcapiv3 reportingapiv1', 400],
				['svcapiv3', 200],
				['reportingapiv1', 400],
			]);
		});

		it('refuses an API whose scope the client lacks before sending, naming the scope', async () => {
			fx.useClient(DEMO.clients.extractionOnly);
			const result = await listAll();
			expect(result.error?.message).toContain(
				'does not hold the integration scope (svcapiv3 was refused with invalid_scope)',
			);
			expect(fx.apiRequests()).toHaveLength(0);
		});

		it('never puts the secret or the token into output or errors', async () => {
			fx.emulator.ctx.faults.add({ api: 'integration', action: { kind: 'status', status: 500 } });
			const result = await listAll();
			const stored = fx.credentials.get(CREDENTIAL_ID)!;
			const tokens = (
				JSON.parse(String(stored.accessToken)) as { tokens: Array<{ token: string }> }
			).tokens.map((t) => t.token);
			const everything =
				JSON.stringify(result.run) + String(result.error?.stack ?? '') + capturedLogs.join('\n');
			expect(result.error).toBeDefined();
			expect(everything).not.toContain(DEMO.clients.admin.clientSecret);
			for (const token of tokens) expect(everything).not.toContain(token);
		});
	});
});
