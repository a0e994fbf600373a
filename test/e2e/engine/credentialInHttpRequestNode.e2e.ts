// The unit suite's set-up: the fixed instant (test/support/testNow.ts) and a throwaway n8n folder.
import '../../support/jestSetup';

import { CREDENTIAL_ID, jsonOf } from '../../harness/execute';
import { httpRequestNode } from './n8nNodesBase';
import { leaksIn, secretsOf, visibleText } from '../../security/support';
import { capturedLogs } from '../../harness/execute';
import { DEMO, useEmulator, type Fixture } from '../../support/emulatorFixture';
import { runHttpRequest } from './httpRequestNode';

/** The scopes the emulator issued a token for (the bearer of a logged request). */
const scopesOf = (fx: Fixture, authorization: string | undefined) =>
	fx.emulator.ctx.clients.resolve(String(authorization).replace(/^Bearer /, ''))?.scopes;

const sequence = (fx: Fixture) =>
	fx.requests().map((r) => `${r.api} ${r.method} ${r.path} ${r.status}`);

/**
 * n8n's HTTP Request node with the Workforce API credential (predefined credential type), as a user
 * sets it up for an endpoint the Workforce node lacks ("Custom API Call"), through WorkflowExecute
 * against the emulator.
 */
describe('Workforce API credential in the HTTP Request node', () => {
	const fx = useEmulator();
	const workOrder = (externalId: string) => {
		const project = fx.emulator.ctx.sections.projects.list(DEMO.companies.parent)[0];
		return fx.emulator.ctx.sections.workOrders.createFor(DEMO.companies.parent, {
			companyId: project.companyId,
			projectId: project.id,
			externalId,
			name: 'Day shift',
			active: true,
		});
	};

	it("runs the node's current version (4.5 in n8n 2.41.1)", () => {
		expect(httpRequestNode().version).toBe(4.5);
	});

	it('GET under the Integration API base: the token is fetched once and sent, the answer becomes items', async () => {
		const result = await runHttpRequest(fx, {
			url: `${fx.emulator.urls.integration}/api/MachineType`,
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((t) => t.typeId)).toEqual(
			expect.arrayContaining(['EXCAVATOR', 'TRUCK']),
		);
		expect(sequence(fx)).toEqual([
			'identity POST /connect/token 200',
			'integration GET /api/MachineType 200',
		]);
		expect(scopesOf(fx, fx.apiRequests()[0].headers.authorization)).toEqual([
			'svcapiv3',
			'reportingapiv1',
		]);
	});

	it('GET under the Data Extraction API base, query parameters included', async () => {
		const result = await runHttpRequest(fx, {
			url: `${fx.emulator.urls.extraction}/v1/images`,
			sendQuery: true,
			queryParameters: { parameters: [{ name: 'ChunkLimit', value: '2' }] },
		});
		expect(result.error).toBeUndefined();
		const [page] = jsonOf(result) as Array<{ data: unknown[]; continuationToken: string }>;
		expect(page.data.length).toBeGreaterThan(0);
		expect(page.continuationToken).toBeTruthy();
		const [call] = fx.apiRequests();
		expect(call).toMatchObject({
			api: 'extraction',
			method: 'GET',
			path: '/v1/images',
			search: 'ChunkLimit=2',
			status: 200,
		});
	});

	it('each base gets the token of its own scope when the client holds them as separate tokens', async () => {
		// A scope the client lacks makes the combined request fail; the credential then keeps one token per scope it holds.
		fx.useClient(DEMO.clients.admin, { scopes: 'svcapiv3 reportingapiv1 svcnotgranted' });
		await runHttpRequest(fx, { url: `${fx.emulator.urls.integration}/api/MachineType` });
		const extraction = await runHttpRequest(fx, {
			url: `${fx.emulator.urls.extraction}/v1/images?ChunkLimit=1`,
		});
		expect(extraction.error).toBeUndefined();
		expect(
			fx.tokenRequests().map((r) => `${(r.body as { scope: string }).scope} ${r.status}`),
		).toEqual([
			'svcapiv3 reportingapiv1 svcnotgranted 400',
			'svcapiv3 200',
			'reportingapiv1 200',
			'svcnotgranted 400',
		]);
		const [integrationCall, extractionCall] = fx.apiRequests();
		expect([integrationCall.status, extractionCall.status]).toEqual([200, 200]);
		expect(scopesOf(fx, integrationCall.headers.authorization)).toEqual(['svcapiv3']);
		expect(scopesOf(fx, extractionCall.headers.authorization)).toEqual(['reportingapiv1']);
	});

	it('a client without the extraction scope: its URLs are refused before sending, naming the scope; the integration API works', async () => {
		fx.useClient(DEMO.clients.integrationOnly);
		const refused = await runHttpRequest(fx, { url: `${fx.emulator.urls.extraction}/v1/images` });
		expect(refused.error?.message).toBe(
			'The API client does not hold the data extraction scope (reportingapiv1 was refused with invalid_scope), so it cannot call the data extraction API. Ask the administrator to grant it, or use a credential whose client holds it.',
		);
		expect(fx.apiRequests()).toEqual([]);
		const allowed = await runHttpRequest(fx, {
			url: `${fx.emulator.urls.integration}/api/MachineType`,
		});
		expect(allowed.error).toBeUndefined();
		expect(fx.apiRequests().map((r) => `${r.path} ${r.status}`)).toEqual(['/api/MachineType 200']);
	});

	describe('PATCH of a work order (an endpoint the vendor documents, the node lacks)', () => {
		it('sends the JSON body with the token; only the sent fields change', async () => {
			const before = workOrder('HR-PATCH-1');
			const result = await runHttpRequest(fx, {
				method: 'PATCH',
				url: `${fx.emulator.urls.integration}/api/v4/integration/tasks/${before.id}`,
				sendBody: true,
				specifyBody: 'json',
				jsonBody: '{ "name": "Night shift", "active": false }',
			});
			expect(result.error).toBeUndefined();
			const [call] = fx.apiRequests();
			expect(call).toMatchObject({
				api: 'integration',
				method: 'PATCH',
				path: `/api/v4/integration/tasks/${before.id}`,
				status: 200,
			});
			expect(call.body).toEqual({ name: 'Night shift', active: false });
			expect(call.headers['content-type']).toMatch(/^application\/json/);
			expect(call.headers.authorization).toMatch(/^Bearer \S+$/);
			expect(jsonOf(result)).toEqual([
				{ ...before, name: 'Night shift', active: false, modifiedDateTime: expect.any(String) },
			]);
			expect(
				fx.emulator.ctx.sections.workOrders.find(DEMO.companies.parent, before.id),
			).toMatchObject({ externalId: 'HR-PATCH-1', name: 'Night shift', active: false });
		});

		it('one PATCH per input item, fields mapped from each item, one token for all', async () => {
			const orders = [workOrder('HR-PATCH-2'), workOrder('HR-PATCH-3')];
			const result = await runHttpRequest(
				fx,
				{
					method: 'PATCH',
					url: `=${fx.emulator.urls.integration}/api/v4/integration/tasks/{{ $json.id }}`,
					sendBody: true,
					bodyParameters: { parameters: [{ name: 'name', value: '={{ $json.newName }}' }] },
				},
				{ items: orders.map((o, i) => ({ json: { id: o.id, newName: `Shift ${i + 1}` } })) },
			);
			expect(result.error).toBeUndefined();
			expect(fx.tokenRequests()).toHaveLength(1);
			const calls = fx.apiRequests();
			expect(calls.map((c) => [c.path, c.body, c.status])).toEqual(
				expect.arrayContaining(
					orders.map((o, i) => [
						`/api/v4/integration/tasks/${o.id}`,
						{ name: `Shift ${i + 1}` },
						200,
					]),
				),
			);
			expect(calls).toHaveLength(2);
			expect(result.items.map((i) => [i.json.externalId, i.json.name, i.pairedItem])).toEqual([
				['HR-PATCH-2', 'Shift 1', { item: 0 }],
				['HR-PATCH-3', 'Shift 2', { item: 1 }],
			]);
		});

		it("the service's validation error comes back as a clear error and changes nothing", async () => {
			const before = workOrder('HR-PATCH-4');
			const result = await runHttpRequest(fx, {
				method: 'PATCH',
				url: `${fx.emulator.urls.integration}/api/v4/integration/tasks/${before.id}`,
				sendBody: true,
				specifyBody: 'json',
				jsonBody: '{ "name": null }',
			});
			expect(result.error?.name).toBe('NodeApiError');
			expect((result.error as { httpCode?: string }).httpCode).toBe('400');
			expect((result.error as { description?: string }).description).toBe(
				'One or more validation errors occurred.',
			);
			expect(fx.apiRequests().map((r) => `${r.method} ${r.status}`)).toEqual([
				'PATCH 400',
				'PATCH 400',
			]);
			expect(fx.emulator.ctx.sections.workOrders.find(DEMO.companies.parent, before.id)).toEqual(
				before,
			);
		});
	});

	it("with Never Error the service's refusal comes back as the item, its errors list included (and no refresh is tried)", async () => {
		const before = workOrder('HR-PATCH-5');
		const result = await runHttpRequest(fx, {
			method: 'PATCH',
			url: `${fx.emulator.urls.integration}/api/v4/integration/tasks/${before.id}`,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: '{ "externalId": "" }',
			options: { response: { response: { neverError: true } } },
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			{
				message: 'One or more validation errors occurred.',
				errors: [
					{
						category: 'UserInvalidInputError',
						code: 'ValidationError',
						field: 'externalId',
						message: "'externalId' cannot be cleared.",
					},
				],
			},
		]);
		expect(sequence(fx).filter((r) => r.startsWith('integration'))).toEqual([
			`integration PATCH /api/v4/integration/tasks/${before.id} 400`,
		]);
	});

	describe('token refresh', () => {
		it('a 401 fetches a new token once and sends the same request (body included) again', async () => {
			const before = workOrder('HR-401-1');
			await runHttpRequest(fx, { url: `${fx.emulator.urls.integration}/api/MachineType` });
			fx.emulator.ctx.clients.expireAll();
			fx.mark();
			const result = await runHttpRequest(fx, {
				method: 'PATCH',
				url: `${fx.emulator.urls.integration}/api/v4/integration/tasks/${before.id}`,
				sendBody: true,
				specifyBody: 'json',
				jsonBody: '{ "name": "After refresh" }',
			});
			expect(result.error).toBeUndefined();
			expect(sequence(fx)).toEqual([
				`integration PATCH /api/v4/integration/tasks/${before.id} 401`,
				'identity POST /connect/token 200',
				`integration PATCH /api/v4/integration/tasks/${before.id} 200`,
			]);
			const [first, second] = fx.apiRequests();
			expect(second.body).toEqual({ name: 'After refresh' });
			expect(second.headers.authorization).not.toBe(first.headers.authorization);
			expect(jsonOf(result)[0]).toMatchObject({ name: 'After refresh' });
			// The new token is kept in the credential for the next execution.
			fx.mark();
			await runHttpRequest(fx, { url: `${fx.emulator.urls.integration}/api/MachineType` });
			expect(sequence(fx)).toEqual(['integration GET /api/MachineType 200']);
		});

		it('a 401 that persists is not refreshed in a loop: one refresh, then the error', async () => {
			fx.emulator.ctx.faults.add({
				api: 'integration',
				count: 10,
				action: { kind: 'status', status: 401 },
			});
			const result = await runHttpRequest(fx, {
				url: `${fx.emulator.urls.integration}/api/MachineType`,
			});
			expect((result.error as { httpCode?: string }).httpCode).toBe('401');
			expect(sequence(fx)).toEqual([
				'identity POST /connect/token 200',
				'integration GET /api/MachineType 401',
				'identity POST /connect/token 200',
				'integration GET /api/MachineType 401',
			]);
		});

		it("n8n's HTTP Request path refreshes after any failed request, once (here a 500), and then reports it", async () => {
			fx.emulator.ctx.faults.add({
				api: 'integration',
				count: 10,
				action: { kind: 'status', status: 500 },
			});
			const result = await runHttpRequest(fx, {
				url: `${fx.emulator.urls.integration}/api/MachineType`,
			});
			expect((result.error as { httpCode?: string }).httpCode).toBe('500');
			expect(sequence(fx)).toEqual([
				'identity POST /connect/token 200',
				'integration GET /api/MachineType 500',
				'identity POST /connect/token 200',
				'integration GET /api/MachineType 500',
			]);
		});

		it('items sent at once share one token fetch, also when they all meet an expired token', async () => {
			await runHttpRequest(fx, { url: `${fx.emulator.urls.integration}/api/MachineType` });
			fx.emulator.ctx.clients.expireAll();
			fx.mark();
			const result = await runHttpRequest(
				fx,
				{ url: `${fx.emulator.urls.integration}/api/MachineType` },
				{ items: [{ json: {} }, { json: {} }, { json: {} }] },
			);
			expect(result.error).toBeUndefined();
			expect(fx.tokenRequests()).toHaveLength(1);
			expect(
				fx
					.apiRequests()
					.map((r) => r.status)
					.sort(),
			).toEqual([200, 200, 200, 401, 401, 401]);
		});
	});

	it('never puts the secret or a token into output, errors or logs', async () => {
		const logsFrom = capturedLogs.length;
		fx.emulator.ctx.faults.add({
			api: 'integration',
			count: 2,
			action: { kind: 'status', status: 403 },
		});
		const result = await runHttpRequest(fx, {
			url: `${fx.emulator.urls.integration}/api/MachineType`,
		});
		expect(result.error).toBeDefined();
		const stored = fx.credentials.get(CREDENTIAL_ID)!;
		expect(String(stored.accessToken)).toContain('tokens');
		expect(leaksIn(visibleText(result, logsFrom), secretsOf(fx))).toEqual([]);
	});
});
