import { DEMO } from '../emulator/seed/demo';
import { useE2e, useN8nServer } from './support/e2e';
import { freePort } from './support/runtime';

interface TestResult {
	status: 'OK' | 'Error';
	message: string;
}

/** The editor's "Test" button: n8n's own credential tester (POST /rest/credentials/test) on a running n8n. */
describe('Credential test in a real n8n', () => {
	const e2e = useE2e();
	const n8n = useN8nServer();
	beforeEach(() => e2e.emulator.mark());

	async function testCredential(overrides: Record<string, string> = {}): Promise<TestResult> {
		const { id, name, type, data } = e2e.state.credential;
		return await n8n.server.rest<TestResult>('POST', '/rest/credentials/test', {
			credentials: { id, name, type, data: { ...data, ...overrides } },
		});
	}

	it('n8n loaded the package: its node and credential types are known', async () => {
		const nodeTypes = await n8n.server.rest<unknown[]>('POST', '/rest/node-types', {
			nodeInfos: [{ name: 'n8n-nodes-workforce.workforce', version: 1 }],
		});
		expect(nodeTypes).toEqual([
			expect.objectContaining({
				displayName: 'Workforce',
				version: [1, 2],
				credentials: [{ name: 'workforceApi', required: true }],
			}),
		]);
		const credential = await n8n.server.rest<{ type: string }>(
			'GET',
			`/rest/credentials/${e2e.state.credential.id}`,
		);
		expect(credential.type).toBe('workforceApi');
	});

	// Needs GET /api/MachineType in the emulator (the machines branch).
	it('succeeds for the demo admin client: fetches a token and calls the API with it', async () => {
		const result = await testCredential();
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		const tokens = await e2e.emulator.tokenRequests();
		expect(tokens.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'POST /connect/token 200',
		]);
		const api = await e2e.emulator.apiRequests();
		expect(api.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /api/MachineType 200',
		]);
		expect(api[0].headers.authorization).toMatch(/^Bearer \S+$/);
	});

	it('names a wrong secret (invalid_client)', async () => {
		const result = await testCredential({ clientSecret: 'not-the-secret' });
		expect(result).toEqual({
			status: 'Error',
			message:
				'The token issuer refused the client ID or secret (invalid_client). Check Client ID and Client Secret, and that they belong to this environment (test or production).',
		});
		expect((await e2e.emulator.tokenRequests()).map((r) => r.status)).toEqual([expect.any(Number)]);
		expect(await e2e.emulator.apiRequests()).toEqual([]);
	});

	it('names a scope the client lacks (invalid_scope)', async () => {
		const result = await testCredential({
			...DEMO.clients.extractionOnly,
			scopes: DEMO.scopes.integration,
		});
		expect(result).toEqual({
			status: 'Error',
			message:
				'The API client does not hold the requested scope(s) "svcapiv3" (invalid_scope). Ask the administrator to grant them, or list only the scopes the client holds in Scopes.',
		});
		const tokens = await e2e.emulator.tokenRequests();
		expect(tokens).toHaveLength(1);
		expect(tokens[0].status).toBeGreaterThanOrEqual(400);
		expect(await e2e.emulator.apiRequests()).toEqual([]);
	});

	it('names an unreachable token issuer', async () => {
		const closed = await freePort();
		const result = await testCredential({ identityBaseUrl: `http://127.0.0.1:${closed}/identity` });
		expect(result).toEqual({
			status: 'Error',
			message: `Could not reach the token issuer at http://127.0.0.1:${closed} (connection refused). Check Token Issuer Base URL and that the host is reachable from n8n.`,
		});
		expect(await e2e.emulator.requests()).toEqual([]);
	});
});
