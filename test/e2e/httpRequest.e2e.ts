import { startForeignServer } from '../support/foreignServers';
import { useE2e } from './support/e2e';

const BEARER = /^Bearer \S+$/;

/**
 * n8n's HTTP Request node (its current version, 4.5) with the Workforce API credential as a
 * predefined credential type: what a user builds when the Workforce node lacks an endpoint (the
 * node's "Custom API Call" entry points there), run by `n8n execute` in a real n8n 2.41.1.
 */
describe('HTTP Request node with the Workforce API credential in a real n8n', () => {
	const e2e = useE2e();
	beforeEach(() => e2e.emulator.mark());
	afterEach(() => e2e.emulator.clearFaults());

	it('GET under the Integration API base and under the Data Extraction API base, each with the token', async () => {
		const run = await e2e.run('httpRequestGetBothBases');
		expect(run.error).toBeUndefined();
		expect(run.json('Machine Types').map((t) => t.typeId)).toEqual(
			expect.arrayContaining(['EXCAVATOR', 'TRUCK']),
		);
		const [page] = run.json('Images') as Array<{ data: unknown[]; continuationToken?: string }>;
		expect(page.data.length).toBeGreaterThan(0);

		const api = await e2e.emulator.apiRequests();
		expect(api.map((r) => `${r.api} ${r.method} ${r.path}?${r.search} ${r.status}`).sort()).toEqual(
			['extraction GET /v1/images?ChunkLimit=2 200', 'integration GET /api/MachineType? 200'],
		);
		expect(api.every((r) => BEARER.test(String(r.headers.authorization)))).toBe(true);
	});

	it('PATCH of a work order (vendor-documented, not in the node): the JSON body goes with the token, only the sent fields change', async () => {
		const run = await e2e.run('httpRequestPatchWorkOrder');
		expect(run.error).toBeUndefined();
		const [created] = run.json('Create Work Order');
		const [patched] = run.json('Patch Work Order');
		expect(patched).toEqual({
			...created,
			name: 'Night shift',
			active: false,
			modifiedDateTime: expect.any(String),
		});

		const api = await e2e.emulator.apiRequests();
		const patch = api.find((r) => r.method === 'PATCH');
		expect(patch).toMatchObject({
			api: 'integration',
			path: `/api/v4/integration/tasks/${String(created.id)}`,
			status: 200,
			body: { name: 'Night shift', active: false },
		});
		expect(patch?.headers.authorization).toMatch(BEARER);
		const stored = (await e2e.emulator.serviceGet(
			`/api/v4/integration/tasks/project/${String(created.projectId)}`,
		)) as Array<{ id: string }>;
		expect(stored.find((w) => w.id === created.id)).toEqual(patched);
	});

	it('a 401 makes n8n fetch a new token once and repeat the request', async () => {
		await e2e.emulator.post('/faults', {
			api: 'integration',
			path: '/api/MachineType',
			action: { kind: 'expireTokens' },
		});
		const run = await e2e.run('httpRequestGetBothBases');
		expect(run.error).toBeUndefined();
		const all = await e2e.emulator.requests();
		const types = all.filter((r) => r.path === '/api/MachineType');
		expect(types.map((r) => r.status)).toEqual([401, 200]);
		// Exactly one token request between the 401 and the repeat, whose token the repeat and the images request carry.
		const between = all.slice(all.indexOf(types[0]) + 1, all.indexOf(types[1]));
		expect(between.map((r) => `${r.api} ${r.path} ${r.status}`)).toEqual([
			'identity /connect/token 200',
		]);
		const images = all.find((r) => r.path === '/v1/images');
		expect(types[1].headers.authorization).not.toBe(types[0].headers.authorization);
		expect(images?.headers.authorization).toBe(types[1].headers.authorization);
		expect(images?.status).toBe(200);
	});

	it('refuses URLs outside the bases before sending anything, naming the refused origin', async () => {
		const run = await e2e.run('httpRequestRefusals');
		expect(run.error).toBeUndefined();
		const { integration, extraction, origin } = e2e.state.emulator.urls;
		const bases = `it is not one of the credential's API bases. Use a URL that starts with the Integration API Base URL (${integration}) or the Data Extraction API Base URL (${extraction}).`;
		const refusal = (node: string) =>
			(run.json(node)[0].details as { message?: string } | undefined)?.message;
		expect(refusal('Other Host')).toBe(
			`Refusing to send the Workforce token to http://127.0.0.2:9: ${bases}`,
		);
		expect(refusal('Look-alike Prefix')).toBe(
			`Refusing to send the Workforce token to ${origin} (a path outside the base): ${bases}`,
		);
		expect(refusal('Look-alike Host')).toBe(
			`Refusing to send the Workforce token to ${origin.replace('127.0.0.1', '127.0.0.1.evil.example')}: ${bases}`,
		);
		expect(refusal('Userinfo')).toBe(
			`Refusing to send the Workforce token to ${origin} (a URL with a user name or password): ${bases}`,
		);
		expect(refusal('Dot Segments')).toBe(
			`Refusing to send the Workforce token to ${origin} (a path outside the base): ${bases}`,
		);
		expect(await e2e.emulator.apiRequests()).toEqual([]);
	});

	it('a redirect to another host fails before it is followed, naming that host; the token never gets there', async () => {
		const foreign = await startForeignServer('127.0.0.2');
		try {
			await e2e.emulator.post('/faults', {
				api: 'integration',
				path: '/api/MachineType',
				count: 2,
				action: { kind: 'status', status: 302, headers: { location: `${foreign.url}/steal` } },
			});
			const run = await e2e.run('httpRequestGetBothBases');
			expect(run.code).toBe(1);
			expect(run.error?.node).toBe('Machine Types');
			expect(run.error?.message).toBe(
				`Redirected request failed: Domain not allowed: This credential is restricted from accessing ${new URL(foreign.url).host}. Only the following domains are allowed: 127.0.0.1`,
			);
			expect(foreign.requests).toEqual([]);
			const redirected = (await e2e.emulator.apiRequests()).filter(
				(r) => r.path === '/api/MachineType',
			);
			expect(redirected.map((r) => r.status)).toEqual([302, 302]);
			expect(redirected.every((r) => BEARER.test(String(r.headers.authorization)))).toBe(true);
		} finally {
			await foreign.close();
		}
	});
});
