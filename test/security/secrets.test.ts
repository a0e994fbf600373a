import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { DEMO_MACHINES } from '../emulator/seed/machines';
import type { FaultAction } from '../emulator/control/faults';
import { capturedLogs, CREDENTIAL_ID, executeNode } from '../harness/execute';
import { runListSearch, runLoadOptions } from '../harness/nodeMethods';
import { memoryItem, removeStoredItems } from '../support/binaryItems';
import { useEmulator, type Fixture, runOperation } from '../support/emulatorFixture';
import { PEOPLE } from '../support/people';
import { onProject } from '../catalogue/rows/documents';
import { closedPort, leaksIn, secretsOf, visibleText } from './support';

const rl = (mode: string, value: string) => ({ __rl: true, mode, value });
const projectId = (fx: Fixture) =>
	fx.emulator.ctx.sections.projects.all().find((p) => p.projectNumber === 'P-1001')!.id;
const firstDocument = (fx: Fixture) =>
	fx.emulator.ctx.sections.documents.parentOf('project', projectId(fx)) && documentIdOf(fx);
function documentIdOf(fx: Fixture): string {
	const docs = fx.emulator.ctx.sections.documents;
	const [doc] = docs.store(docs.parentOf('project', projectId(fx)), 'Security', [
		{ name: 'scan.pdf', mimeType: 'application/pdf', bytes: Buffer.from('%PDF scan') },
	]);
	return doc.id;
}

interface Operation {
	name: string;
	/** The API its requests go to (faults are injected there); integration unless stated. */
	api?: 'integration' | 'extraction';
	parameters: (fx: Fixture) => INodeParameters;
	items?: () => INodeExecutionData[];
}

/** One operation per resource, routed and custom (download, upload) alike. */
const OPERATIONS: Operation[] = [
	{
		name: 'Project > Get (by number)',
		parameters: () => ({
			resource: 'project',
			operation: 'get',
			project: rl('projectNumber', 'P-1001'),
		}),
	},
	{
		name: 'Work Order > Get Many',
		parameters: (fx) => ({
			resource: 'workOrder',
			operation: 'getAll',
			project: rl('id', projectId(fx)),
			returnAll: true,
		}),
	},
	{
		name: 'Machine > Get',
		parameters: () => ({
			resource: 'machine',
			operation: 'get',
			machine: rl('id', DEMO_MACHINES.excavator),
		}),
	},
	{
		name: 'Machine > Create Many',
		parameters: () => ({
			resource: 'machine',
			operation: 'createMany',
			machineData: 'json',
			batchSize: 10,
		}),
		items: () => [
			{
				json: {
					companyId: '636f6d70-0000-4000-8000-000000000001',
					machineNumber: `SEC-${Math.random().toString(36).slice(2, 8)}`,
				},
			},
		],
	},
	{
		name: 'Machine Type > Get Many',
		parameters: () => ({ resource: 'machineType', operation: 'getAll', returnAll: true }),
	},
	{
		name: 'User > Get by Employee Number',
		parameters: () => ({
			resource: 'user',
			operation: 'getByEmployeeNumber',
			user: rl('employeeNumber', PEOPLE.worker),
		}),
	},
	{
		name: 'Employee > Get',
		parameters: () => ({
			resource: 'employee',
			operation: 'get',
			employee: rl('employeeNumber', PEOPLE.worker),
		}),
	},
	{
		name: 'Document > Get Many',
		parameters: (fx) => onProject(fx, 'getAll', { returnAll: true }),
	},
	{
		name: 'Document > Download',
		parameters: (fx) => onProject(fx, 'download', { fileReferenceId: firstDocument(fx) }),
	},
	{
		name: 'Document > Upload',
		parameters: (fx) => onProject(fx, 'upload', { binaryPropertyName: 'data' }),
		items: () => [
			memoryItem({
				data: { name: 'scan.txt', mimeType: 'text/plain', bytes: Buffer.from('scan') },
			}),
		],
	},
	{
		name: 'File > Download',
		parameters: (fx) => ({ resource: 'file', operation: 'download', file: documentIdOf(fx) }),
	},
	{
		name: 'Payroll Export > Get',
		parameters: () => ({
			resource: 'payrollExport',
			operation: 'get',
			fromWorkDate: daysAgo(10),
			toWorkDate: daysAgo(1),
			dataFilter: 10,
			userPayrollTypeFilter: 'all-users',
		}),
	},
	{
		name: 'Payroll Export > Get File',
		parameters: () => ({
			resource: 'payrollExport',
			operation: 'getFile',
			fromWorkDate: daysAgo(10),
			toWorkDate: daysAgo(1),
			dataExportType: 10,
			binaryPropertyName: 'data',
		}),
	},
	// Retries off: the paginator would otherwise ride out the single injected fault.
	{
		name: 'Data Extraction > Get Time Registrations',
		api: 'extraction',
		parameters: () => ({
			resource: 'dataExtraction',
			operation: 'getTimeRegistrations',
			returnAll: false,
			limit: 5,
			options: { retries: 0 },
		}),
	},
	{
		name: 'Data Extraction > Get Payroll Lines Extended',
		api: 'extraction',
		parameters: () => ({
			resource: 'dataExtraction',
			operation: 'getPayrollLinesExtended',
			returnAll: false,
			limit: 5,
			options: { retries: 0 },
		}),
	},
	{
		name: 'Data Extraction > Get Images (with bytes)',
		api: 'extraction',
		parameters: () => ({
			resource: 'dataExtraction',
			operation: 'getImages',
			returnAll: false,
			limit: 2,
			downloadImage: 'thumbnail',
			options: { retries: 0 },
		}),
	},
];

const daysAgo = (days: number) =>
	new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

type Scenario = {
	name: string;
	fault?: (token: string) => FaultAction;
	count?: number;
	refused?: boolean;
	continueOnFail?: boolean;
	ok?: boolean;
};

const SCENARIOS: Scenario[] = [
	{ name: 'success', ok: true },
	// A service that echoes the request's Authorization header in its error body.
	{
		name: '400 echoing the Authorization header',
		fault: (token) => ({
			kind: 'status',
			status: 400,
			body: {
				message: `Bad header Authorization: Bearer ${token}`,
				errors: [{ field: 'authorization', message: `Bearer ${token} is malformed` }],
			},
		}),
	},
	{ name: '401 after the refresh', fault: () => ({ kind: 'status', status: 401 }), count: 2 },
	{
		name: '403',
		fault: () => ({ kind: 'status', status: 403, body: { message: 'Forbidden', errors: [] } }),
	},
	{
		name: '404',
		fault: () => ({ kind: 'status', status: 404, body: { message: 'Not found', errors: [] } }),
	},
	{ name: '500', fault: () => ({ kind: 'status', status: 500 }) },
	{
		name: '500 with Continue On Fail',
		fault: () => ({ kind: 'status', status: 500 }),
		continueOnFail: true,
	},
	{ name: 'dropped connection', fault: () => ({ kind: 'drop' }) },
	{ name: 'refused port', refused: true },
];

const CASES = OPERATIONS.flatMap((operation) =>
	SCENARIOS.map((scenario) => ({
		label: `${operation.name}: ${scenario.name}`,
		operation,
		scenario,
	})),
);

describe('Security: the client secret and tokens never show', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 200 }, images: { parentsPerSource: 3 } });
	afterAll(async () => await removeStoredItems());

	/** The token the credential holds now (fetched by a first, clean run). */
	async function currentToken(): Promise<string> {
		await runOperation(fx, 'machineType', 'getAll', { returnAll: true });
		const stored = JSON.parse(String(fx.credentials.get(CREDENTIAL_ID)?.accessToken)) as {
			tokens: Array<{ token: string }>;
		};
		return stored.tokens[0].token;
	}

	it.each(CASES)('$label', async ({ operation, scenario }) => {
		const token = await currentToken();
		const api = operation.api ?? 'integration';
		const accessToken = fx.credentials.get(CREDENTIAL_ID)?.accessToken as string;
		if (scenario.refused) {
			const closed = `http://127.0.0.1:${await closedPort()}`;
			fx.useClient(
				undefined,
				api === 'integration'
					? { integrationBaseUrl: `${closed}/core`, accessToken }
					: { extractionBaseUrl: `${closed}/reporting`, accessToken },
			);
		}
		if (scenario.fault)
			fx.emulator.ctx.faults.add({
				api,
				count: scenario.count ?? 1,
				action: scenario.fault(token),
			});
		const parameters = operation.parameters(fx);
		fx.mark();
		const logsFrom = capturedLogs.length;

		const result = await executeNode({
			credentials: fx.credentials,
			parameters,
			items: operation.items?.(),
			continueOnFail: scenario.continueOnFail,
		});

		if (scenario.ok) {
			expect(result.error).toBeUndefined();
			expect(result.items.length).toBeGreaterThan(0);
		} else if (scenario.continueOnFail) {
			expect(result.error).toBeUndefined();
			expect(String(result.items[0]?.json.error ?? '')).not.toBe('');
		} else {
			expect(result.error?.name).toMatch(/^Node(Api|Operation)Error$/);
		}
		if (!scenario.refused) expect(fx.apiRequests().length).toBeGreaterThan(0);
		// The token was really sent (so it could have leaked), and it is in none of what is visible.
		expect(secretsOf(fx)).toContain(token);
		expect(leaksIn(visibleText(result, logsFrom), secretsOf(fx))).toEqual([]);
	});
});

describe('Security: secrets in failures of the token issuer and echoed headers', () => {
	const fx = useEmulator();

	it.each([
		['a wrong client secret (invalid_client)', { clientSecret: 'wrong-secret-9f8e7d6c5b4a' }],
		['a token issuer on a refused port', {}],
	])('%s: the secret is in no message, execution data or log', async (_name, override) => {
		const identity =
			'clientSecret' in override
				? fx.emulator.urls.identity
				: `http://127.0.0.1:${await closedPort()}/identity`;
		fx.useClient(undefined, { ...override, identityBaseUrl: identity });
		const logsFrom = capturedLogs.length;
		const result = await runOperation(fx, 'machineType', 'getAll', { returnAll: true });
		expect(result.error?.message).toMatch(/invalid_client|Could not reach the token issuer/);
		expect(fx.apiRequests()).toEqual([]);
		const secrets = [...secretsOf(fx), String(fx.credentials.get(CREDENTIAL_ID)?.clientSecret)];
		expect(leaksIn(visibleText(result, logsFrom), secrets)).toEqual([]);
	});

	it('an error body that echoes the Authorization header is shown redacted', async () => {
		fx.emulator.ctx.faults.add({
			api: 'integration',
			action: {
				kind: 'status',
				status: 400,
				body: {
					message: 'Rejected',
					errors: [
						{ field: 'authorization', message: 'Header "Bearer abcdefghijklmnop" is malformed' },
					],
				},
			},
		});
		const result = await runOperation(fx, 'machineType', 'getAll', { returnAll: true });
		expect(result.error?.message).toBe(
			'The Workforce service refused the request (HTTP 400): authorization: Header "Bearer [redacted]" is malformed',
		);
		expect(fx.apiRequests().map((r) => r.status)).toEqual([400]);
	});
});

describe('Security: list searches and option loaders keep secrets out of their errors', () => {
	const fx = useEmulator();

	it.each([
		['searchProjects', () => runListSearch('searchProjects', fx.credentials, {})],
		['searchMachines', () => runListSearch('searchMachines', fx.credentials, {})],
		['searchEmployees', () => runListSearch('searchEmployees', fx.credentials, {})],
		['getMachineTypes', () => runLoadOptions('getMachineTypes', fx.credentials, {})],
	])('%s: an error body echoing the token is redacted', async (_name, run) => {
		await runListSearch('searchProjects', fx.credentials, {});
		const token = (
			JSON.parse(String(fx.credentials.get(CREDENTIAL_ID)?.accessToken)) as {
				tokens: Array<{ token: string }>;
			}
		).tokens[0].token;
		fx.emulator.ctx.faults.add({
			api: 'integration',
			action: {
				kind: 'status',
				status: 400,
				body: { message: `Bearer ${token}`, errors: [{ field: 'x', message: token }] },
			},
		});
		const logsFrom = capturedLogs.length;
		const error = (await run().then(
			() => undefined,
			(e: unknown) => e,
		)) as (Error & { description?: string }) | undefined;
		expect(error?.name).toBe('NodeApiError');
		const text = `${error?.message}\n${error?.description}\n${error?.stack}\n${JSON.stringify(error)}\n${capturedLogs.slice(logsFrom).join('\n')}`;
		expect(leaksIn(text, secretsOf(fx))).toEqual([]);
		expect(text).toContain('[redacted]');
	});
});
