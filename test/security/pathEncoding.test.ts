import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { Workforce } from '../../nodes/Workforce/Workforce.node';
import { executeNode } from '../harness/execute';
import { memoryItem, removeStoredItems } from '../support/binaryItems';
import { DEMO, useEmulator } from '../support/emulatorFixture';

/** An id holding every character with a meaning in a URL path or query, a space, non-ASCII and a %. */
const ODD = 'a/b?c=d#e f ø%2F..';
/** File > Download reads a value with `/` as a URL, so its id has none. */
const FILE_ID = 'a b?c=d#e ø';
const enc = encodeURIComponent;
const rl = (mode: string, value: string) => ({ __rl: true, mode, value });
const company = DEMO.companies.parent;
const M = '/api/v4/integration/machines';
const P = '/api/v4/integration/projects';
const U = '/api/v4/integration/users';
const E = '/api/v5/integration/employees';

interface Case {
	resource: string;
	operation: string;
	/** Parameters with the odd id in the id field. */
	parameters: INodeParameters;
	items?: () => INodeExecutionData[];
	/** "METHOD path" of the request that carries the id: the odd id encoded as exactly one segment. */
	first: string;
}

/** A case: the operation's parameters beside `resource` and `operation`, and the request carrying the id. */
const row = (
	resource: string,
	operation: string,
	extra: INodeParameters,
	first: string,
	items?: () => INodeExecutionData[],
): Case => ({ resource, operation, parameters: { resource, operation, ...extra }, first, items });

const emp = (operation: string, extra: INodeParameters, method: string, tail = ''): Case =>
	row(
		'employee',
		operation,
		{ employee: rl('employeeNumber', ODD), ...extra },
		`${method} ${E}/${enc(ODD)}${tail}`,
	);

/** Every operation that puts an id or a number into the request path. */
const CASES: Case[] = [
	row('machine', 'get', { machine: rl('id', ODD) }, `GET ${M}/${enc(ODD)}`),
	row(
		'machine',
		'get',
		{ machine: rl('machineNumber', ODD) },
		`GET ${M}/by-machine-number/${enc(ODD)}`,
	),
	row(
		'machine',
		'getByMachineNumber',
		{ machineNumber: ODD },
		`GET ${M}/by-machine-number/${enc(ODD)}`,
	),
	row(
		'machine',
		'update',
		{ machine: rl('id', ODD), updateFields: { name: 'x' } },
		`PATCH ${M}/${enc(ODD)}`,
	),
	row(
		'machine',
		'replace',
		{ machine: rl('id', ODD), companyId: company, machineNumber: 'X' },
		`PUT ${M}/${enc(ODD)}`,
	),
	row(
		'machine',
		'updateEsg',
		{ machine: rl('id', ODD), esgFields: { fuelType: 1 } },
		`PATCH ${M}/${enc(ODD)}/esg`,
	),
	row(
		'machine',
		'delete',
		{ machine: rl('machineNumber', ODD) },
		`GET ${M}/by-machine-number/${enc(ODD)}`,
	),
	row(
		'machine',
		'isDeletable',
		{ machine: rl('id', ODD) },
		`GET ${M}/is-machine-deletable/${enc(ODD)}`,
	),
	row(
		'machine',
		'replaceMany',
		{
			machineData: 'fields',
			machine: rl('machineNumber', ODD),
			companyId: company,
			machineNumber: 'X',
			batchSize: 10,
		},
		`GET ${M}/by-machine-number/${enc(ODD)}`,
	),
	row('project', 'get', { project: rl('id', ODD) }, `GET ${P}/${enc(ODD)}`),
	row(
		'project',
		'get',
		{ project: rl('projectNumber', ODD) },
		`GET ${P}/by-project-number/${enc(ODD)}`,
	),
	row(
		'project',
		'update',
		{ project: rl('id', ODD), updateFields: { name: 'x' } },
		`PATCH ${P}/${enc(ODD)}`,
	),
	row(
		'project',
		'replace',
		{ project: rl('id', ODD), companyId: company, projectNumber: 'X' },
		`PUT ${P}/${enc(ODD)}`,
	),
	row(
		'project',
		'delete',
		{ project: rl('projectNumber', ODD) },
		`GET ${P}/by-project-number/${enc(ODD)}`,
	),
	row(
		'workOrder',
		'getAll',
		{ project: rl('id', ODD), returnAll: true },
		`GET /api/v4/integration/tasks/project/${enc(ODD)}`,
	),
	row(
		'workOrder',
		'create',
		{ companyId: company, project: rl('projectNumber', ODD), externalId: 'X', name: 'X' },
		`GET ${P}/by-project-number/${enc(ODD)}`,
	),
	row('user', 'delete', { user: rl('id', ODD) }, `DELETE ${U}/${enc(ODD)}`),
	row('user', 'enable', { user: rl('id', ODD) }, `PATCH ${U}/enable/${enc(ODD)}`),
	row('user', 'disable', { user: rl('id', ODD) }, `PATCH ${U}/disable/${enc(ODD)}`),
	row(
		'user',
		'getByEmployeeNumber',
		{ user: rl('employeeNumber', ODD) },
		`GET ${U}/by-employee-number/${enc(ODD)}`,
	),
	row('user', 'getByProfileId', { user: rl('id', ODD) }, `GET ${U}/by-profile-id/${enc(ODD)}`),
	row('user', 'isDeletable', { user: rl('id', ODD) }, `GET ${U}/is-identity-deletable/${enc(ODD)}`),
	row(
		'user',
		'update',
		{ user: rl('id', ODD), updateFields: { workTitle: 'x' } },
		`PATCH ${U}/${enc(ODD)}`,
	),
	row(
		'user',
		'replace',
		{
			user: rl('employeeNumber', ODD),
			companyId: company,
			employeeNumber: 'X',
			firstName: 'A',
			lastName: 'B',
			mobileWork: '+4790000001',
			birthDate: '1990-01-01',
			employmentStartDate: '2026-01-01',
		},
		`GET ${U}/by-employee-number/${enc(ODD)}`,
	),
	emp('get', {}, 'GET'),
	emp('delete', {}, 'DELETE'),
	emp('isDeletable', {}, 'GET', '/deletable'),
	emp('enable', {}, 'PATCH', '/enable'),
	emp('disable', {}, 'PATCH', '/disable'),
	emp('update', { updateFields: { workTitle: 'x' } }, 'PATCH'),
	emp('replace', { firstName: 'A', lastName: 'B', birthDate: '1990-01-01' }, 'PUT'),
	emp('changeEmployeeNumber', { newEmployeeNumber: '9' }, 'PATCH', '/change-employee-number'),
	emp('changePhoneNumber', { newPhoneNumber: '+4790000002' }, 'PATCH', '/change-phone-number'),
	emp('createEmployment', { startDate: '2027-01-01' }, 'POST', '/create-employment'),
	emp(
		'updateEmployment',
		{ employmentUpdateFields: { department: 'x' } },
		'PATCH',
		'/update-employment',
	),
	emp('endEmployment', { endDate: '2027-01-01' }, 'PATCH', '/end-employment'),
	emp(
		'enableInProjectCompany',
		{ projectCompanyId: 'x' },
		'POST',
		'/enable-employee-in-project-company',
	),
	emp(
		'disableInProjectCompany',
		{ projectCompanyId: 'x' },
		'POST',
		'/disable-employee-in-project-company',
	),
	emp('replaceTags', { tags: { assignment: [{ tagName: 'x' }] } }, 'PUT', '/tags'),
	row(
		'document',
		'getAll',
		{ parent: 'project', project: rl('id', ODD), returnAll: true },
		`GET ${P}/${enc(ODD)}/documents`,
	),
	row(
		'document',
		'getAll',
		{ parent: 'workOrder', workOrderId: ODD, returnAll: true },
		`GET /api/v4/integration/tasks/${enc(ODD)}/documents`,
	),
	row(
		'document',
		'delete',
		{ parent: 'workOrder', workOrderId: 'w', fileReferenceId: ODD },
		`DELETE /api/v4/integration/tasks/w/documents/${enc(ODD)}`,
	),
	row(
		'document',
		'download',
		{ parent: 'workOrder', workOrderId: ODD, fileReferenceId: ODD },
		`GET /api/v4/integration/tasks/${enc(ODD)}/documents/${enc(ODD)}`,
	),
	row(
		'document',
		'upload',
		{ parent: 'project', project: rl('projectNumber', ODD), binaryPropertyName: 'data' },
		`GET ${P}/by-project-number/${enc(ODD)}`,
		() => [
			memoryItem({ data: { name: 'a.txt', mimeType: 'text/plain', bytes: Buffer.from('a') } }),
		],
	),
	row(
		'dataExtraction',
		'getImages',
		{ returnAll: true, filters: { project: rl('projectNumber', ODD) } },
		`GET ${P}/by-project-number/${enc(ODD)}`,
	),
	row('file', 'download', { file: FILE_ID }, `GET /api/file/${enc(FILE_ID)}`),
];

/** Operations whose requests carry no id or number in the path. */
const NO_PATH_ID: Record<string, string[]> = {
	machine: ['create', 'createMany', 'getAll'],
	machineType: ['getAll'],
	project: ['create', 'getAll'],
	user: ['create', 'getAll'],
	employee: ['create', 'getAll', 'search'],
	payrollExport: ['get', 'getFile', 'getSummaryLines'],
	// getRecords: its path is an endpoint, not an id; chooseEndpoint refuses URLs, dot segments and paths outside v1/ (test/nodes/dataExtraction/getRecordsChecks.test.ts).
	dataExtraction: [
		'getTimeRegistrations',
		'getPayrollLines',
		'getPayrollLinesExtended',
		'getRecords',
		// Plan Windows sends no request.
		'planWindows',
	],
};

describe('Security: path parameters are always encoded', () => {
	const fx = useEmulator();
	afterAll(async () => await removeStoredItems());

	it('the table covers every operation of every resource', () => {
		const description = new Workforce().description;
		const operations = description.properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) =>
				(p.options as Array<{ value: string }>).map(
					(o) => `${String(p.displayOptions?.show?.resource)}.${o.value}`,
				),
			);
		const covered = new Set([
			...CASES.map((c) => `${c.resource}.${c.operation}`),
			...Object.entries(NO_PATH_ID).flatMap(([r, ops]) => ops.map((o) => `${r}.${o}`)),
		]);
		expect(operations.filter((o) => !covered.has(o))).toEqual([]);
	});

	it.each(
		CASES.map((c) => ({
			...c,
			label: `${c.resource} > ${c.operation} (${c.first.split(' ')[0]})`,
		})),
	)('$label sends the id as one encoded segment', async ({ parameters, items, first }) => {
		const result = await executeNode({ credentials: fx.credentials, parameters, items: items?.() });
		const requests = fx.apiRequests();
		expect(requests.length).toBeGreaterThan(0);
		const carrying = requests.find((r) => `${r.method} ${r.path}` === first);
		expect(requests.map((r) => `${r.method} ${r.path}`)).toContain(first);
		// Nothing after the id leaked into a query string, and no request reached another path.
		expect(carrying?.search).toBe('');
		for (const r of requests)
			expect(r.path.split('/').some((s) => s === '.' || s === '..')).toBe(false);
		// An unknown id ends in the service's 404 naming it, never in a silent success.
		expect(result.error?.name).toMatch(/^Node(Api|Operation)Error$/);
		expect(result.items).toEqual([]);
	});

	/** The same parameters with every id replaced by a dot segment. */
	const withId = (value: unknown, id: string): unknown => {
		if (value === ODD || value === FILE_ID) return id;
		if (Array.isArray(value)) return value.map((v) => withId(v, id));
		if (value && typeof value === 'object')
			return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withId(v, id)]));
		return value;
	};
	const DOTS = CASES.flatMap((c) =>
		['..', '.', '%2E%2e'].map((id) => ({
			...c,
			id,
			label: `${c.resource} > ${c.operation} (${c.first.split(' ')[0]}) with "${id}"`,
		})),
	);

	it.each(DOTS)(
		'$label is refused before it can reach another path',
		async ({ parameters, items, id }) => {
			const result = await executeNode({
				credentials: fx.credentials,
				parameters: withId(parameters, id) as INodeParameters,
				items: items?.(),
			});
			expect(result.error?.name).toMatch(/^Node(Api|Operation)Error$/);
			expect(result.error?.message).toMatch(
				new RegExp(
					`"${id.replace(/\./g, '\\.')}" cannot be used in a request path( \\(item 1; nothing was saved\\))?$`,
				),
			);
			expect(result.items).toEqual([]);
			for (const r of fx.apiRequests())
				expect(r.path.split('/').some((s) => /^(\.|%2e){1,2}$/i.test(s))).toBe(false);
		},
	);
});
