import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { credentialTypes } from '../harness/nodeTypes';
import { executeNode } from '../harness/execute';
import { PollHarness } from '../harness/poll';
import { memoryItem, removeStoredItems } from '../support/binaryItems';
import { DEMO, useEmulator, type Fixture, runOperation } from '../support/emulatorFixture';
import { startForeignServer, startRedirector } from './support';

const rl = (mode: string, value: string) => ({ __rl: true, mode, value });
const projectId = (fx: Fixture) =>
	fx.emulator.ctx.sections.projects.all().find((p) => p.projectNumber === 'P-1001')!.id;

describe('Security: the bearer token never reaches another origin', () => {
	const fx = useEmulator();
	let foreign: Awaited<ReturnType<typeof startForeignServer>>;
	let redirector: Awaited<ReturnType<typeof startRedirector>>;
	beforeAll(async () => {
		foreign = await startForeignServer();
		redirector = await startRedirector(() => foreign.url);
	});
	afterAll(async () => {
		await foreign.close();
		await redirector.close();
		await removeStoredItems();
	});
	beforeEach(() => {
		foreign.requests.length = 0;
		redirector.hits.length = 0;
	});
	const withAuthorization = () =>
		foreign.requests.filter((r) => r.headers.authorization !== undefined);

	it.each([
		['a URL on the foreign server', () => `${foreign.url}/api/file/abc`],
		[
			'a foreign URL whose path imitates the configured base',
			() => `${foreign.url}/core/api/file/abc`,
		],
		[
			'the foreign host given as userinfo of the configured one',
			() =>
				fx.emulator.urls.integration.replace('://', `://${new URL(foreign.url).host}@`) +
				'/api/file/abc',
		],
	])('File > Download refuses %s before any request', async (_name, url) => {
		const result = await runOperation(fx, 'file', 'download', { file: url() });
		expect(result.error?.message).toBe('File URL is not a file of the configured Integration API');
		expect(foreign.requests).toEqual([]);
		expect(fx.requests()).toEqual([]);
	});

	it('a credential whose extraction base is another origin: integration calls never reach it', async () => {
		fx.useClient(DEMO.clients.admin, { extractionBaseUrl: `${foreign.url}/reporting` });
		const result = await runOperation(fx, 'machineType', 'getAll', { returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(0);
		expect(fx.apiRequests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /api/MachineType 200',
		]);
		expect(foreign.requests).toEqual([]);
	});

	it.each([
		['the foreign origin', () => `${foreign.url}/core/api/MachineType`],
		[
			'a look-alike path prefix on the same host',
			() => `${fx.emulator.urls.integration}-evil/api/MachineType`,
		],
		[
			'a look-alike host name',
			() => fx.emulator.urls.integration.replace('127.0.0.1', '127.0.0.1.evil.example'),
		],
	])("the credential's authenticate refuses to add the token for %s", async (_name, url) => {
		const credentials = {
			clientId: 'x',
			clientSecret: 'y',
			integrationBaseUrl: fx.emulator.urls.integration,
			extractionBaseUrl: fx.emulator.urls.extraction,
			accessToken: 'token-that-must-stay-home',
		};
		const authenticate = credentialTypes.workforceApi.authenticate as (
			c: unknown,
			o: { url: string; headers?: Record<string, string> },
		) => Promise<unknown>;
		await expect(authenticate(credentials, { url: url() })).rejects.toThrow(
			/Refusing to send the Workforce token to .*: it is not one of the credential's API bases/,
		);
	});

	// The configured base answers every request with a redirect to the foreign origin.
	const OPERATIONS: Array<
		[string, (fx: Fixture) => INodeParameters, (() => INodeExecutionData[])?]
	> = [
		[
			'Machine Type > Get Many (routed)',
			() => ({ resource: 'machineType', operation: 'getAll', returnAll: true }),
		],
		[
			'Project > Get by number (routed)',
			() => ({ resource: 'project', operation: 'get', project: rl('projectNumber', 'P-1001') }),
		],
		[
			'Machine > Create Many (custom, JSON body)',
			() => ({ resource: 'machine', operation: 'createMany', machineData: 'json', batchSize: 10 }),
			() => [{ json: { companyId: DEMO.companies.parent, machineNumber: 'RED-1' } }],
		],
		[
			'Document > Get Many by project number (lookup, then routed)',
			() => ({
				resource: 'document',
				operation: 'getAll',
				parent: 'project',
				project: rl('projectNumber', 'P-1001'),
				returnAll: true,
			}),
		],
		[
			'Document > Download (custom, stream)',
			(fx) => ({
				resource: 'document',
				operation: 'download',
				parent: 'project',
				project: rl('id', projectId(fx)),
				fileReferenceId: 'abc',
			}),
		],
		[
			'File > Download (custom, stream)',
			() => ({ resource: 'file', operation: 'download', file: 'abc' }),
		],
		[
			'Payroll Export > Get (custom, JSON)',
			() => ({
				resource: 'payrollExport',
				operation: 'get',
				fromWorkDate: '2026-01-01',
				toWorkDate: '2026-01-10',
			}),
		],
		[
			'Payroll Export > Get File (custom, bytes)',
			() => ({
				resource: 'payrollExport',
				operation: 'getFile',
				fromWorkDate: '2026-01-01',
				toWorkDate: '2026-01-10',
				dataExportType: 10,
				binaryPropertyName: 'data',
			}),
		],
		[
			'Document > Upload (custom, multipart)',
			(fx) => ({
				resource: 'document',
				operation: 'upload',
				parent: 'project',
				project: rl('id', projectId(fx)),
				binaryPropertyName: 'data',
			}),
			() => [
				memoryItem({ data: { name: 'a.txt', mimeType: 'text/plain', bytes: Buffer.from('a') } }),
			],
		],
	];

	const REDIRECTED = OPERATIONS.map(([name, parameters, items]) => ({ name, parameters, items }));
	it.each(REDIRECTED)(
		'$name: a redirect to another origin never carries the token',
		async ({ parameters, items }) => {
			fx.useClient(DEMO.clients.admin, { integrationBaseUrl: `${redirector.url}/core` });
			const result = await executeNode({
				credentials: fx.credentials,
				parameters: parameters(fx),
				items: items?.(),
			});
			// The token was fetched and sent to the configured base...
			expect(fx.tokenRequests().length).toBeGreaterThan(0);
			expect(redirector.hits.length).toBeGreaterThan(0);
			expect(
				redirector.hits.every((h) => /^Bearer \S+$/.test(String(h.headers.authorization))),
			).toBe(true);
			// ...and never to the origin the redirect pointed at; the run ends in a clear error, not in foreign data.
			expect(withAuthorization()).toEqual([]);
			expect(foreign.requests).toEqual([]);
			expect(result.error?.name).toMatch(/^Node(Api|Operation)Error$/);
			expect(
				`${result.error?.message} ${(result.error as { description?: string })?.description}`,
			).toMatch(/redirect \(HTTP 302\).*Integration API Base URL/s);
			expect(result.items).toEqual([]);
		},
	);

	it('a token issuer that redirects (307) to another origin never gets the client secret re-sent there', async () => {
		const issuerRedirect = await startRedirector(() => foreign.url, 307);
		try {
			fx.useClient(DEMO.clients.admin, { identityBaseUrl: `${issuerRedirect.url}/identity` });
			const result = await runOperation(fx, 'machineType', 'getAll', { returnAll: true });
			expect(issuerRedirect.hits.map((h) => `${h.method} ${h.url}`)).toEqual([
				'POST /identity/connect/token',
			]);
			expect(foreign.requests).toEqual([]);
			expect(result.error?.message).toMatch(
				/The token issuer at http:\/\/127\.0\.0\.1:\d+ answered HTTP 307\. Check Token Issuer Base URL\./,
			);
			expect(fx.apiRequests()).toEqual([]);
		} finally {
			await issuerRedirect.close();
		}
	});

	it.each(['timeRegistration', 'payrollLine', 'image'])(
		'Workforce Trigger (%s): a redirect of the extraction API never carries the token elsewhere',
		async (event) => {
			fx.useClient(DEMO.clients.admin, { extractionBaseUrl: `${redirector.url}/reporting` });
			const trigger = new PollHarness({
				credentials: fx.credentials,
				parameters: { event, options: { retries: 0, retryDelayMs: 1 } },
			});
			await trigger.tick();
			const tick = await trigger.tick();
			expect(redirector.hits.length).toBeGreaterThan(0);
			expect(
				redirector.hits.every((h) => /^Bearer \S+$/.test(String(h.headers.authorization))),
			).toBe(true);
			expect(foreign.requests).toEqual([]);
			expect(String(tick.error?.message ?? '')).toMatch(/redirect \(HTTP 302\)/);
			expect(trigger.executions).toEqual([]);
		},
	);
});
