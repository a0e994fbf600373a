import type { IDataObject } from 'n8n-workflow';

import type { LoggedRequest } from '../emulator/control/requestLog';
import { DEMO } from '../emulator/seed/demo';
import { DEMO_MACHINES } from '../emulator/seed/machines';
import { PEOPLE } from '../emulator/seed/people';

/**
 * Every operation of the Workforce node as an AI tool: one row per operation, run in this order
 * against one emulator (rows create what later rows read, change and delete, so the demo data
 * other tests rely on stays as it was). A row gives the tool node's parameters (the model's part
 * as `$fromAI()`), the arguments a model sends, the request the service must receive and what the
 * model must get back. Run through n8n-core (test/tools) and through a real n8n's MCP Server
 * Trigger (test/e2e/mcp.e2e.ts).
 */

/** What earlier rows found out, for later rows; `tag` keeps numbers unique per run. */
export interface CaseState {
	tag: string;
	[key: string]: string | number | undefined;
}

export interface ExpectedRequest {
	method: string;
	path: string;
	/** Query parameters that must be present with these values. */
	query?: Record<string, string>;
	/** Fields the JSON body must hold (a partial match). */
	body?: IDataObject;
}

export interface ToolCase {
	resource: string;
	operation: string;
	/** The node's parameters besides resource and operation. */
	parameters: Record<string, unknown>;
	/** What the model sends (the keys of the `$fromAI()` parameters). */
	args(s: CaseState): IDataObject;
	/** The tool node's version (default 1, what saved workflows have); 2 for its operations alone. */
	typeVersion?: number;
	/** A request the service must have received during the call; none for an operation that sends none. */
	request?(s: CaseState): ExpectedRequest;
	/** Checks what the model got back (parsed JSON) and notes what later rows need. */
	result(items: IDataObject[], s: CaseState): void;
}

/** The node name of a row's tool; n8n derives the tool name from it. */
export const toolNodeName = (c: Pick<ToolCase, 'resource' | 'operation'>) =>
	`wf_${c.resource}_${c.operation}`;

/** A parameter a model fills in: n8n's `$fromAI()` expression. */
export const ai = (
	key: string,
	description: string,
	type: 'string' | 'number' | 'boolean' | 'json' = 'string',
) => `={{ $fromAI('${key}', '${description}', '${type}') }}`;

const rl = (mode: string, value: string) => ({ __rl: true, mode, value });

/** An id as it travels in a path (user identity ids hold `|`). */
const enc = (value: unknown) => encodeURIComponent(String(value));

const V4 = '/api/v4/integration';
const V5 = '/api/v5/integration/employees';

function one(items: IDataObject[]): IDataObject {
	expect(items).toHaveLength(1);
	return items[0];
}

function list(items: IDataObject[], atLeast = 1): IDataObject[] {
	expect(items.length).toBeGreaterThanOrEqual(atLeast);
	expect(items.every((i) => i.truncated === undefined)).toBe(true);
	return items;
}

/** Dates relative to one moment, so a row's arguments and its checks agree even across midnight. */
const NOW = Date.now();
const dayOffset = (days: number) => new Date(NOW + days * 86_400_000).toISOString().slice(0, 10);

/** The work dates of the Payroll Export rows: 10 to 8 days back. */
const WORK_DATES = { fromWorkDate: dayOffset(-10), toWorkDate: dayOffset(-8) };
const inWorkDates = (date: string) =>
	date.slice(0, 10) >= WORK_DATES.fromWorkDate && date.slice(0, 10) <= WORK_DATES.toWorkDate;

/** A Payroll Export row over WORK_DATES (the dates under Period: Date Range, version 2's). */
function payrollCase(
	operation: string,
	path: string,
	result: ToolCase['result'],
	parameters: Record<string, unknown> = {},
	query: Record<string, string> = {},
): ToolCase {
	return {
		resource: 'payrollExport',
		operation,
		parameters: {
			period: 'dateRange',
			fromWorkDate: ai('fromWorkDate', 'First work date yyyy-MM-dd'),
			toWorkDate: ai('toWorkDate', 'Last work date yyyy-MM-dd'),
			dataFilter: 10,
			userPayrollTypeFilter: 'all-users',
			...parameters,
		},
		args: () => WORK_DATES,
		request: () => ({ method: 'GET', path, query: { ...WORK_DATES, ...query } }),
		result,
	};
}

/** A download's answer to the model: one file in the field `data`, described, without its bytes. */
function expectOneFile(file: IDataObject, mimeType: unknown) {
	expect(file.files).toEqual([
		{ field: 'data', fileName: file.fileName, mimeType, fileSize: file.fileSize },
	]);
}

export const TOOL_CASES: ToolCase[] = [
	// Projects, their work orders and documents: created here, deleted at the end.
	{
		resource: 'project',
		operation: 'create',
		parameters: {
			companyId: ai('companyId', 'Company ID'),
			projectNumber: ai('projectNumber', 'Project number'),
			additionalFields: { name: ai('name', 'Project name') },
		},
		args: (s) => ({
			companyId: DEMO.companies.parent,
			projectNumber: `${s.tag}-P1`,
			name: 'Tunnel lighting',
		}),
		request: (s) => ({
			method: 'POST',
			path: `${V4}/projects`,
			body: {
				companyId: DEMO.companies.parent,
				projectNumber: `${s.tag}-P1`,
				name: 'Tunnel lighting',
			},
		}),
		result: (items, s) => {
			const project = one(items);
			expect(project).toMatchObject({ projectNumber: `${s.tag}-P1`, name: 'Tunnel lighting' });
			s.projectId = String(project.id);
		},
	},
	{
		resource: 'project',
		operation: 'get',
		parameters: { project: rl('projectNumber', ai('projectNumber', 'Project number')) },
		args: (s) => ({ projectNumber: `${s.tag}-P1` }),
		request: (s) => ({ method: 'GET', path: `${V4}/projects/by-project-number/${s.tag}-P1` }),
		result: (items, s) =>
			expect(one(items)).toMatchObject({ id: s.projectId, name: 'Tunnel lighting' }),
	},
	{
		resource: 'project',
		operation: 'getAll',
		parameters: { returnAll: false, limit: ai('limit', 'How many projects', 'number') },
		args: () => ({ limit: 2 }),
		request: () => ({ method: 'GET', path: `${V4}/projects` }),
		result: (items) => expect(list(items, 2)).toHaveLength(2),
	},
	{
		resource: 'project',
		operation: 'update',
		parameters: {
			project: rl('id', ai('projectId', 'Project ID')),
			updateFields: { description: ai('description', 'New description') },
		},
		args: (s) => ({ projectId: s.projectId, description: 'Lights in both tubes' }),
		request: (s) => ({
			method: 'PATCH',
			path: `${V4}/projects/${s.projectId}`,
			body: { description: 'Lights in both tubes' },
		}),
		result: (items) =>
			expect(one(items)).toMatchObject({
				description: 'Lights in both tubes',
				name: 'Tunnel lighting',
			}),
	},
	{
		resource: 'project',
		operation: 'replace',
		parameters: {
			project: rl('id', ai('projectId', 'Project ID')),
			companyId: ai('companyId', 'Company ID'),
			projectNumber: ai('projectNumber', 'Project number'),
			fields: { name: ai('name', 'Project name'), active: true },
		},
		args: (s) => ({
			projectId: s.projectId,
			companyId: DEMO.companies.parent,
			projectNumber: `${s.tag}-P1`,
			name: 'Tunnel lighting, phase 2',
		}),
		request: (s) => ({
			method: 'PUT',
			path: `${V4}/projects/${s.projectId}`,
			body: { projectNumber: `${s.tag}-P1`, name: 'Tunnel lighting, phase 2', active: true },
		}),
		result: (items) =>
			expect(one(items)).toMatchObject({ name: 'Tunnel lighting, phase 2', description: null }),
	},
	{
		resource: 'workOrder',
		operation: 'create',
		parameters: {
			companyId: DEMO.companies.parent,
			project: rl('id', ai('projectId', 'Project ID')),
			externalId: ai('externalId', 'Work order number'),
			name: ai('name', 'Work order name'),
			active: true,
		},
		args: (s) => ({ projectId: s.projectId, externalId: `${s.tag}-WO1`, name: 'Cable trays' }),
		request: (s) => ({
			method: 'POST',
			path: `${V4}/tasks`,
			body: {
				projectId: s.projectId,
				externalId: `${s.tag}-WO1`,
				name: 'Cable trays',
				active: true,
			},
		}),
		result: (items, s) => {
			const workOrder = one(items);
			expect(workOrder).toMatchObject({ projectId: s.projectId, name: 'Cable trays' });
			s.workOrderId = String(workOrder.id);
		},
	},
	{
		resource: 'workOrder',
		operation: 'getAll',
		parameters: {
			project: rl('projectNumber', ai('projectNumber', 'Project number')),
			returnAll: true,
		},
		args: (s) => ({ projectNumber: `${s.tag}-P1` }),
		request: (s) => ({ method: 'GET', path: `${V4}/tasks/project/${s.projectId}` }),
		result: (items, s) => expect(list(items).map((w) => w.id)).toEqual([s.workOrderId]),
	},
	{
		resource: 'document',
		operation: 'upload',
		parameters: {
			parent: 'project',
			project: rl('id', ai('projectId', 'Project ID')),
			toolFileName: ai('fileName', 'File name with extension'),
			toolFileContent: ai('content', 'The text of the document'),
			options: { section: 'Reports' },
		},
		args: (s) => ({
			projectId: s.projectId,
			fileName: 'inspection.txt',
			content: 'Inspection passed: all 40 fittings lit.\n',
		}),
		request: (s) => ({
			method: 'POST',
			path: `${V4}/projects/${s.projectId}/documents`,
			query: { section: 'Reports' },
		}),
		result: (items, s) => {
			const file = findFile(one(items), 'inspection.txt');
			s.fileReferenceId = String((file.fileReference as IDataObject).id);
		},
	},
	{
		resource: 'document',
		operation: 'getAll',
		parameters: {
			parent: 'project',
			project: rl('id', ai('projectId', 'Project ID')),
			returnAll: true,
		},
		args: (s) => ({ projectId: s.projectId }),
		request: (s) => ({ method: 'GET', path: `${V4}/projects/${s.projectId}/documents` }),
		result: (items, s) =>
			expect(
				findFile(list(items).find((p) => p.section === 'Reports') ?? {}, 'inspection.txt')
					.fileReferenceId,
			).toBe(s.fileReferenceId),
	},
	{
		resource: 'document',
		operation: 'download',
		parameters: {
			parent: 'project',
			project: rl('id', ai('projectId', 'Project ID')),
			fileReferenceId: ai('fileReferenceId', 'File reference ID'),
			binaryPropertyName: 'data',
		},
		args: (s) => ({ projectId: s.projectId, fileReferenceId: s.fileReferenceId }),
		request: (s) => ({
			method: 'GET',
			path: `${V4}/projects/${s.projectId}/documents/${s.fileReferenceId}`,
		}),
		result: (items, s) => {
			const doc = one(items);
			const size = Buffer.byteLength('Inspection passed: all 40 fittings lit.\n');
			expect(doc).toMatchObject({
				fileReferenceId: s.fileReferenceId,
				fileName: 'inspection.txt',
				mimeType: 'text/plain',
				fileSize: size,
			});
			expect(doc.files).toEqual([
				{ field: 'data', fileName: 'inspection.txt', mimeType: 'text/plain', fileSize: size },
			]);
			expect(JSON.stringify(doc)).not.toContain('Inspection passed');
		},
	},
	{
		resource: 'document',
		operation: 'delete',
		parameters: {
			parent: 'project',
			project: rl('id', ai('projectId', 'Project ID')),
			fileReferenceId: ai('fileReferenceId', 'File reference ID'),
		},
		args: (s) => ({ projectId: s.projectId, fileReferenceId: s.fileReferenceId }),
		request: (s) => ({
			method: 'DELETE',
			path: `${V4}/projects/${s.projectId}/documents/${s.fileReferenceId}`,
		}),
		result: (items, s) =>
			expect(one(items)).toMatchObject({ deleted: true, fileReferenceId: s.fileReferenceId }),
	},
	{
		resource: 'project',
		operation: 'delete',
		parameters: { project: rl('id', ai('projectId', 'Project ID')) },
		args: (s) => ({ projectId: s.projectId }),
		request: (s) => ({ method: 'DELETE', path: `${V4}/projects/${s.projectId}` }),
		result: (items, s) => expect(one(items)).toMatchObject({ deleted: true, id: s.projectId }),
	},

	// Machines: one created, read, changed and deleted; Create/Replace Many through the array endpoints.
	{
		resource: 'machineType',
		operation: 'getAll',
		parameters: { returnAll: true },
		args: () => ({}),
		request: () => ({ method: 'GET', path: '/api/MachineType' }),
		result: (items) =>
			expect(list(items, 3).map((t) => t.typeId)).toEqual(
				expect.arrayContaining(['EXCAVATOR', 'TRUCK']),
			),
	},
	{
		resource: 'machine',
		operation: 'create',
		parameters: {
			companyId: DEMO.companies.parent,
			machineNumber: ai('machineNumber', 'Machine number'),
			additionalFields: {
				name: ai('name', 'Machine name'),
				typeId: ai('typeId', 'Machine type ID'),
			},
		},
		args: (s) => ({ machineNumber: `${s.tag}-M1`, name: 'Mini excavator', typeId: 'EXCAVATOR' }),
		request: (s) => ({
			method: 'POST',
			path: `${V4}/machines`,
			body: { machineNumber: `${s.tag}-M1`, name: 'Mini excavator', typeId: 'EXCAVATOR' },
		}),
		result: (items, s) => {
			const machine = one(items);
			expect(machine).toMatchObject({ machineNumber: `${s.tag}-M1`, typeId: 'EXCAVATOR' });
			s.machineId = String(machine.id);
		},
	},
	{
		resource: 'machine',
		operation: 'get',
		parameters: {
			machine: rl('id', ai('machineId', 'Machine ID')),
			includeEquipmentDetails: false,
		},
		args: (s) => ({ machineId: s.machineId }),
		request: (s) => ({ method: 'GET', path: `${V4}/machines/${s.machineId}` }),
		result: (items, s) =>
			expect(one(items)).toMatchObject({ id: s.machineId, name: 'Mini excavator' }),
	},
	{
		resource: 'machine',
		operation: 'getByMachineNumber',
		parameters: {
			machineNumber: ai('machineNumber', 'Machine number'),
			includeEquipmentDetails: true,
		},
		args: () => ({ machineNumber: 'M-100' }),
		request: () => ({
			method: 'GET',
			path: `${V4}/machines/by-machine-number/M-100`,
			query: { includeEquipmentDetails: 'true' },
		}),
		result: (items) =>
			expect(one(items)).toMatchObject({ id: DEMO_MACHINES.excavator, machineNumber: 'M-100' }),
	},
	{
		resource: 'machine',
		operation: 'getAll',
		parameters: { returnAll: false, limit: ai('limit', 'How many machines', 'number') },
		args: () => ({ limit: 3 }),
		request: () => ({ method: 'GET', path: `${V4}/machines` }),
		result: (items) => expect(list(items)).toHaveLength(3),
	},
	{
		resource: 'machine',
		operation: 'update',
		parameters: {
			machine: rl('machineNumber', ai('machineNumber', 'Machine number')),
			updateFields: { hourMeter: ai('hourMeter', 'Hour meter reading', 'number') },
		},
		args: (s) => ({ machineNumber: `${s.tag}-M1`, hourMeter: 12.5 }),
		request: (s) => ({
			method: 'PATCH',
			path: `${V4}/machines/${s.machineId}`,
			body: { hourMeter: 12.5 },
		}),
		result: (items) =>
			expect(one(items)).toMatchObject({ hourMeter: 12.5, name: 'Mini excavator' }),
	},
	{
		resource: 'machine',
		operation: 'updateEsg',
		parameters: {
			machine: rl('id', ai('machineId', 'Machine ID')),
			esgFields: {
				fuelConsumptionRate: ai('rate', 'Fuel litres per hour', 'number'),
				fuelConsumptionUnit: 0,
				fuelType: 7,
			},
		},
		args: (s) => ({ machineId: s.machineId, rate: 6.5 }),
		request: (s) => ({
			method: 'PATCH',
			path: `${V4}/machines/${s.machineId}/esg`,
			body: { fuelConsumptionRate: 6.5 },
		}),
		result: (items) => expect(one(items)).toMatchObject({ fuelConsumptionRate: 6.5 }),
	},
	{
		resource: 'machine',
		operation: 'replace',
		parameters: {
			machine: rl('id', ai('machineId', 'Machine ID')),
			companyId: DEMO.companies.parent,
			machineNumber: ai('machineNumber', 'Machine number'),
			fields: { name: ai('name', 'Machine name'), typeId: 'EXCAVATOR' },
		},
		args: (s) => ({
			machineId: s.machineId,
			machineNumber: `${s.tag}-M1`,
			name: 'Mini excavator 2t',
		}),
		request: (s) => ({
			method: 'PUT',
			path: `${V4}/machines/${s.machineId}`,
			body: { machineNumber: `${s.tag}-M1`, name: 'Mini excavator 2t' },
		}),
		result: (items) =>
			expect(one(items)).toMatchObject({ name: 'Mini excavator 2t', hourMeter: null }),
	},
	{
		resource: 'machine',
		operation: 'isDeletable',
		parameters: { machine: rl('id', ai('machineId', 'Machine ID')) },
		args: (s) => ({ machineId: s.machineId }),
		request: (s) => ({ method: 'GET', path: `${V4}/machines/is-machine-deletable/${s.machineId}` }),
		result: (items, s) => expect(one(items)).toEqual({ id: s.machineId, isDeletable: true }),
	},
	{
		resource: 'machine',
		operation: 'createMany',
		parameters: {
			machineData: 'fields',
			companyId: DEMO.companies.parent,
			machineNumber: ai('machineNumber', 'Machine number'),
			additionalFields: { name: ai('name', 'Machine name') },
			batchSize: 100,
		},
		args: (s) => ({ machineNumber: `${s.tag}-M2`, name: 'Compactor' }),
		request: (s) => ({
			method: 'POST',
			path: `${V4}/machines/create/array`,
			body: [
				{ companyId: DEMO.companies.parent, machineNumber: `${s.tag}-M2`, name: 'Compactor' },
			] as unknown as IDataObject,
		}),
		result: (items, s) =>
			expect(one(items)).toMatchObject({ machineNumber: `${s.tag}-M2`, name: 'Compactor' }),
	},
	{
		resource: 'machine',
		operation: 'replaceMany',
		parameters: {
			machineData: 'fields',
			machine: rl('machineNumber', ai('machineNumber', 'Machine number')),
			companyId: DEMO.companies.parent,
			machineNumber: ai('machineNumber', 'Machine number'),
			fields: { name: ai('name', 'Machine name') },
			batchSize: 100,
		},
		args: (s) => ({ machineNumber: `${s.tag}-M2`, name: 'Plate compactor' }),
		request: (s) => ({
			method: 'PUT',
			path: `${V4}/machines/update/array`,
			body: [{ machineNumber: `${s.tag}-M2`, name: 'Plate compactor' }] as unknown as IDataObject,
		}),
		result: (items, s) =>
			expect(one(items)).toMatchObject({ machineNumber: `${s.tag}-M2`, name: 'Plate compactor' }),
	},
	{
		resource: 'machine',
		operation: 'delete',
		parameters: { machine: rl('id', ai('machineId', 'Machine ID')) },
		args: (s) => ({ machineId: s.machineId }),
		request: (s) => ({ method: 'DELETE', path: `${V4}/machines/${s.machineId}` }),
		result: (items, s) => expect(one(items)).toMatchObject({ deleted: true, id: s.machineId }),
	},

	// Users (v4): one created, read, changed, disabled, enabled and deleted.
	{
		resource: 'user',
		operation: 'create',
		parameters: {
			companyId: DEMO.companies.parent,
			employeeNumber: ai('employeeNumber', 'Employee number'),
			firstName: ai('firstName', 'First name'),
			lastName: ai('lastName', 'Last name'),
			mobileWork: ai('mobile', 'Work mobile, international format'),
			birthDate: ai('birthDate', 'Birth date yyyy-MM-dd'),
			employmentStartDate: ai('startDate', 'Employment start yyyy-MM-dd'),
		},
		args: (s) => ({
			employeeNumber: `${s.tag}-U1`,
			firstName: 'Ada',
			lastName: 'Lunde',
			mobile: '+4790011001',
			birthDate: '1990-05-17',
			startDate: '2026-01-05',
		}),
		request: (s) => ({
			method: 'POST',
			path: `${V4}/users`,
			body: {
				employeeNumber: `${s.tag}-U1`,
				firstName: 'Ada',
				mobileWork: '+4790011001',
				birthDate: '1990-05-17',
			},
		}),
		result: (items, s) => {
			const user = one(items);
			expect(user).toMatchObject({ employeeNumber: `${s.tag}-U1`, firstName: 'Ada' });
			s.identityId = String(user.identityId);
			s.companyProfileId = String(user.companyProfileId);
		},
	},
	{
		resource: 'user',
		operation: 'getByEmployeeNumber',
		parameters: { user: rl('employeeNumber', ai('employeeNumber', 'Employee number')) },
		args: (s) => ({ employeeNumber: `${s.tag}-U1` }),
		request: (s) => ({ method: 'GET', path: `${V4}/users/by-employee-number/${s.tag}-U1` }),
		result: (items, s) => expect(one(items)).toMatchObject({ identityId: s.identityId }),
	},
	{
		resource: 'user',
		operation: 'getByProfileId',
		parameters: { user: rl('id', ai('companyProfileId', 'Company profile ID')) },
		args: (s) => ({ companyProfileId: s.companyProfileId }),
		request: (s) => ({
			method: 'GET',
			path: `${V4}/users/by-profile-id/${enc(s.companyProfileId)}`,
		}),
		result: (items, s) => expect(one(items)).toMatchObject({ employeeNumber: `${s.tag}-U1` }),
	},
	{
		resource: 'user',
		operation: 'getAll',
		parameters: { returnAll: false, limit: ai('limit', 'How many users', 'number') },
		args: () => ({ limit: 2 }),
		request: () => ({ method: 'GET', path: `${V4}/users` }),
		result: (items) => expect(list(items)).toHaveLength(2),
	},
	{
		resource: 'user',
		operation: 'update',
		parameters: {
			user: rl('id', ai('companyProfileId', 'Company profile ID')),
			updateFields: { department: ai('department', 'Department') },
		},
		args: (s) => ({ companyProfileId: s.companyProfileId, department: 'Tunnels' }),
		request: (s) => ({
			method: 'PATCH',
			path: `${V4}/users/${enc(s.companyProfileId)}`,
			body: { department: 'Tunnels' },
		}),
		result: (items) => expect(one(items)).toMatchObject({ department: 'Tunnels' }),
	},
	{
		resource: 'user',
		operation: 'replace',
		parameters: {
			user: rl('id', ai('identityId', 'Identity ID')),
			companyId: DEMO.companies.parent,
			employeeNumber: ai('employeeNumber', 'Employee number'),
			firstName: ai('firstName', 'First name'),
			lastName: 'Lunde',
			mobileWork: '+4790011001',
			birthDate: '1990-05-17',
			employmentStartDate: '2026-01-05',
			fields: {},
		},
		args: (s) => ({
			identityId: s.identityId,
			employeeNumber: `${s.tag}-U1`,
			firstName: 'Ada Marie',
		}),
		request: (s) => ({
			method: 'PUT',
			path: `${V4}/users/${enc(s.identityId)}`,
			body: { firstName: 'Ada Marie', employeeNumber: `${s.tag}-U1` },
		}),
		result: (items) => expect(one(items)).toMatchObject({ firstName: 'Ada Marie' }),
	},
	{
		resource: 'user',
		operation: 'disable',
		parameters: { user: rl('employeeNumber', ai('employeeNumber', 'Employee number')) },
		args: (s) => ({ employeeNumber: `${s.tag}-U1` }),
		request: (s) => ({ method: 'PATCH', path: `${V4}/users/disable/${enc(s.companyProfileId)}` }),
		result: (items) => expect(one(items)).toMatchObject({ success: true, action: 'disabled' }),
	},
	{
		resource: 'user',
		operation: 'enable',
		parameters: { user: rl('id', ai('companyProfileId', 'Company profile ID')) },
		args: (s) => ({ companyProfileId: s.companyProfileId }),
		request: (s) => ({ method: 'PATCH', path: `${V4}/users/enable/${enc(s.companyProfileId)}` }),
		result: (items) => expect(one(items)).toMatchObject({ success: true, action: 'enabled' }),
	},
	{
		resource: 'user',
		operation: 'isDeletable',
		parameters: { user: rl('id', ai('identityId', 'Identity ID')) },
		args: (s) => ({ identityId: s.identityId }),
		request: (s) => ({
			method: 'GET',
			path: `${V4}/users/is-identity-deletable/${enc(s.identityId)}`,
		}),
		result: (items, s) =>
			expect(one(items)).toEqual({ identityId: s.identityId, isDeletable: true }),
	},
	{
		resource: 'user',
		operation: 'delete',
		parameters: { user: rl('id', ai('identityId', 'Identity ID')) },
		args: (s) => ({ identityId: s.identityId }),
		request: (s) => ({ method: 'DELETE', path: `${V4}/users/${enc(s.identityId)}` }),
		result: (items, s) =>
			expect(one(items)).toMatchObject({ deleted: true, identityId: s.identityId }),
	},

	// Employees (v5): one created and taken through every change, then deleted.
	{
		resource: 'employee',
		operation: 'create',
		parameters: {
			employeeNumber: ai('employeeNumber', 'Employee number'),
			firstName: ai('firstName', 'First name'),
			lastName: ai('lastName', 'Last name'),
			phone: ai('phone', 'Phone, international format'),
			birthDate: ai('birthDate', 'Birth date yyyy-MM-dd'),
			employmentStartDate: ai('startDate', 'Employment start yyyy-MM-dd'),
			employment: { department: 'Bridges' },
		},
		args: (s) => ({
			employeeNumber: `${s.tag}-E1`,
			firstName: 'Brede',
			lastName: 'Moe',
			phone: '+4790022001',
			birthDate: '1988-02-03',
			startDate: dayOffset(-400),
		}),
		request: (s) => ({
			method: 'POST',
			path: V5,
			body: {
				employeeNumber: `${s.tag}-E1`,
				firstName: 'Brede',
				phone: '+4790022001',
				birthDate: '1988-02-03',
			},
		}),
		result: (items, s) =>
			expect(one(items)).toMatchObject({ employeeNumber: `${s.tag}-E1`, firstName: 'Brede' }),
	},
	{
		resource: 'employee',
		operation: 'get',
		parameters: {
			employee: rl('employeeNumber', ai('employeeNumber', 'Employee number')),
			options: { include: ['tags'] },
		},
		args: (s) => ({ employeeNumber: `${s.tag}-E1` }),
		request: (s) => ({ method: 'GET', path: `${V5}/${s.tag}-E1` }),
		result: (items, s) =>
			expect(one(items)).toMatchObject({ employeeNumber: `${s.tag}-E1`, lastName: 'Moe' }),
	},
	{
		resource: 'employee',
		operation: 'getAll',
		parameters: { returnAll: false, limit: ai('limit', 'How many employees', 'number') },
		args: () => ({ limit: 2 }),
		request: () => ({ method: 'GET', path: V5 }),
		result: (items) => expect(list(items)).toHaveLength(2),
	},
	{
		resource: 'employee',
		operation: 'search',
		parameters: { query: ai('query', 'Text to search for'), returnAll: true },
		args: () => ({ query: 'Brede' }),
		request: () => ({ method: 'GET', path: `${V5}/search`, query: { query: 'Brede' } }),
		result: (items, s) => expect(list(items).map((e) => e.employeeNumber)).toContain(`${s.tag}-E1`),
	},
	{
		resource: 'employee',
		operation: 'update',
		parameters: {
			employee: rl('employeeNumber', ai('employeeNumber', 'Employee number')),
			updateFields: { workTitle: ai('workTitle', 'Work title') },
			fieldsToClear: [],
		},
		args: (s) => ({ employeeNumber: `${s.tag}-E1`, workTitle: 'Concrete worker' }),
		request: (s) => ({
			method: 'PATCH',
			path: `${V5}/${s.tag}-E1`,
			body: { workTitle: 'Concrete worker' },
		}),
		result: (items) => expect(one(items)).toMatchObject({ workTitle: 'Concrete worker' }),
	},
	{
		resource: 'employee',
		operation: 'replace',
		parameters: {
			employee: rl('employeeNumber', ai('employeeNumber', 'Employee number')),
			firstName: 'Brede',
			lastName: ai('lastName', 'Last name'),
			birthDate: '1988-02-03',
			fields: {},
		},
		args: (s) => ({ employeeNumber: `${s.tag}-E1`, lastName: 'Moe-Berg' }),
		request: (s) => ({ method: 'PUT', path: `${V5}/${s.tag}-E1`, body: { lastName: 'Moe-Berg' } }),
		result: (items) => expect(one(items)).toMatchObject({ lastName: 'Moe-Berg', workTitle: null }),
	},
	{
		resource: 'employee',
		operation: 'changePhoneNumber',
		parameters: {
			employee: rl('employeeNumber', ai('employeeNumber', 'Employee number')),
			newPhoneNumber: ai('phone', 'New phone, international format'),
		},
		args: (s) => ({ employeeNumber: `${s.tag}-E1`, phone: '+4790022002' }),
		request: (s) => ({ method: 'PATCH', path: `${V5}/${s.tag}-E1/change-phone-number` }),
		result: (items) => expect(JSON.stringify(one(items))).toContain('+4790022002'),
	},
	{
		resource: 'employee',
		operation: 'replaceTags',
		parameters: {
			employee: rl('employeeNumber', ai('employeeNumber', 'Employee number')),
			tags: { assignment: [{ tagId: ai('tagId', 'Tag ID') }] },
		},
		args: (s) => ({ employeeNumber: `${s.tag}-E1`, tagId: PEOPLE.tags.forklift }),
		request: (s) => ({ method: 'PUT', path: `${V5}/${s.tag}-E1/tags` }),
		result: (items) => expect(JSON.stringify(one(items))).toContain(PEOPLE.tags.forklift),
	},
	{
		resource: 'employee',
		operation: 'updateEmployment',
		parameters: {
			employee: rl('employeeNumber', ai('employeeNumber', 'Employee number')),
			employmentUpdateFields: { department: ai('department', 'Department') },
			employmentFieldsToClear: [],
		},
		args: (s) => ({ employeeNumber: `${s.tag}-E1`, department: 'Tunnels' }),
		request: (s) => ({
			method: 'PATCH',
			path: `${V5}/${s.tag}-E1/update-employment`,
			body: { department: 'Tunnels' },
		}),
		result: (items) => expect(JSON.stringify(one(items))).toContain('Tunnels'),
	},
	{
		resource: 'employee',
		operation: 'createEmployment',
		parameters: {
			employee: rl('employeeNumber', ai('employeeNumber', 'Employee number')),
			startDate: ai('startDate', 'Start date yyyy-MM-dd'),
			employmentFields: {},
		},
		args: (s) => ({ employeeNumber: `${s.tag}-E1`, startDate: dayOffset(-30) }),
		request: (s) => ({ method: 'POST', path: `${V5}/${s.tag}-E1/create-employment` }),
		result: (items) => expect(JSON.stringify(one(items))).toContain(dayOffset(-30)),
	},
	{
		resource: 'employee',
		operation: 'enableInProjectCompany',
		parameters: {
			employee: rl('employeeNumber', ai('employeeNumber', 'Employee number')),
			projectCompanyId: ai('projectCompanyId', 'Project company ID'),
			userGroupId: '',
		},
		args: (s) => ({ employeeNumber: `${s.tag}-E1`, projectCompanyId: DEMO.companies.subsidiary }),
		request: (s) => ({
			method: 'POST',
			path: `${V5}/${s.tag}-E1/enable-employee-in-project-company`,
			body: { projectCompanyId: DEMO.companies.subsidiary },
		}),
		result: (items, s) => expect(one(items)).toMatchObject({ employeeNumber: `${s.tag}-E1` }),
	},
	{
		resource: 'employee',
		operation: 'disableInProjectCompany',
		parameters: {
			employee: rl('employeeNumber', ai('employeeNumber', 'Employee number')),
			projectCompanyId: ai('projectCompanyId', 'Project company ID'),
		},
		args: (s) => ({ employeeNumber: `${s.tag}-E1`, projectCompanyId: DEMO.companies.subsidiary }),
		request: (s) => ({
			method: 'POST',
			path: `${V5}/${s.tag}-E1/disable-employee-in-project-company`,
			body: { projectCompanyId: DEMO.companies.subsidiary },
		}),
		result: (items, s) => expect(one(items)).toMatchObject({ employeeNumber: `${s.tag}-E1` }),
	},
	{
		resource: 'employee',
		operation: 'endEmployment',
		parameters: {
			employee: rl('employeeNumber', ai('employeeNumber', 'Employee number')),
			endDate: ai('endDate', 'End date yyyy-MM-dd'),
		},
		args: (s) => ({ employeeNumber: `${s.tag}-E1`, endDate: dayOffset(-1) }),
		request: (s) => ({ method: 'PATCH', path: `${V5}/${s.tag}-E1/end-employment` }),
		result: (items) => expect(JSON.stringify(one(items))).toContain(dayOffset(-1)),
	},
	{
		resource: 'employee',
		operation: 'disable',
		parameters: { employee: rl('employeeNumber', ai('employeeNumber', 'Employee number')) },
		args: (s) => ({ employeeNumber: `${s.tag}-E1` }),
		request: (s) => ({ method: 'PATCH', path: `${V5}/${s.tag}-E1/disable` }),
		result: (items, s) => expect(one(items)).toMatchObject({ employeeNumber: `${s.tag}-E1` }),
	},
	{
		resource: 'employee',
		operation: 'enable',
		parameters: { employee: rl('employeeNumber', ai('employeeNumber', 'Employee number')) },
		args: (s) => ({ employeeNumber: `${s.tag}-E1` }),
		request: (s) => ({ method: 'PATCH', path: `${V5}/${s.tag}-E1/enable` }),
		result: (items, s) => expect(one(items)).toMatchObject({ employeeNumber: `${s.tag}-E1` }),
	},
	{
		resource: 'employee',
		operation: 'changeEmployeeNumber',
		parameters: {
			employee: rl('employeeNumber', ai('employeeNumber', 'Current employee number')),
			newEmployeeNumber: ai('newEmployeeNumber', 'New employee number'),
		},
		args: (s) => ({ employeeNumber: `${s.tag}-E1`, newEmployeeNumber: `${s.tag}-E2` }),
		request: (s) => ({ method: 'PATCH', path: `${V5}/${s.tag}-E1/change-employee-number` }),
		result: (items, s) => expect(one(items)).toMatchObject({ employeeNumber: `${s.tag}-E2` }),
	},
	{
		resource: 'employee',
		operation: 'isDeletable',
		parameters: { employee: rl('employeeNumber', ai('employeeNumber', 'Employee number')) },
		args: (s) => ({ employeeNumber: `${s.tag}-E2` }),
		request: (s) => ({ method: 'GET', path: `${V5}/${s.tag}-E2/deletable` }),
		result: (items, s) =>
			expect(one(items)).toMatchObject({
				employeeNumber: `${s.tag}-E2`,
				isDeletable: true,
				validationErrors: [],
			}),
	},
	{
		resource: 'employee',
		operation: 'delete',
		parameters: { employee: rl('employeeNumber', ai('employeeNumber', 'Employee number')) },
		args: (s) => ({ employeeNumber: `${s.tag}-E2` }),
		request: (s) => ({ method: 'DELETE', path: `${V5}/${s.tag}-E2` }),
		result: (items, s) =>
			expect(one(items)).toMatchObject({ deleted: true, employeeNumber: `${s.tag}-E2` }),
	},

	// Data extraction and payroll export: reads only.
	{
		resource: 'dataExtraction',
		operation: 'getTimeRegistrations',
		parameters: {
			returnAll: false,
			limit: ai('limit', 'How many registrations', 'number'),
			fromDateTime: ai('from', 'Window start (ISO date)'),
			toDateTime: '',
		},
		args: () => ({ limit: 3, from: '2000-01-01T00:00:00Z' }),
		request: () => ({
			method: 'GET',
			path: '/v1/time-registrations',
			query: { ChunkLimit: '3', FromDateTime: '2000-01-01T00:00:00Z' },
		}),
		result: (items) => expect(list(items).every((r) => typeof r.id === 'string')).toBe(true),
	},
	{
		resource: 'dataExtraction',
		operation: 'planWindows',
		typeVersion: 2,
		parameters: {
			fromDateTime: ai('from', 'Range start (ISO date-time)'),
			toDateTime: ai('to', 'Range end, inclusive (ISO date-time)'),
			window: 'month',
		},
		args: () => ({ from: '2026-01-01T00:00:00Z', to: '2026-03-31T23:59:59.999Z' }),
		result: (items) =>
			expect(items.map((w) => [w.index, w.count, w.fromDateTime, w.toDateTime])).toEqual([
				[0, 3, '2026-01-01T00:00:00Z', '2026-01-31T23:59:59.999Z'],
				[1, 3, '2026-02-01T00:00:00Z', '2026-02-28T23:59:59.999Z'],
				[2, 3, '2026-03-01T00:00:00Z', '2026-03-31T23:59:59.999Z'],
			]),
	},
	{
		resource: 'dataExtraction',
		operation: 'getPayrollLines',
		parameters: { returnAll: false, limit: ai('limit', 'How many lines', 'number') },
		args: () => ({ limit: 2 }),
		request: () => ({ method: 'GET', path: '/v1/payroll-lines', query: { ChunkLimit: '2' } }),
		result: (items) => expect(list(items)).toHaveLength(2),
	},
	{
		resource: 'dataExtraction',
		operation: 'getPayrollLinesExtended',
		parameters: { returnAll: false, limit: ai('limit', 'How many lines', 'number') },
		args: () => ({ limit: 2 }),
		request: () => ({
			method: 'GET',
			path: '/v1/payroll-lines-extended',
			query: { ChunkLimit: '2' },
		}),
		result: (items) => expect(list(items)).toHaveLength(2),
	},
	{
		resource: 'dataExtraction',
		operation: 'getRecords',
		parameters: {
			endpoint: 'v1/user',
			returnAll: false,
			limit: ai('limit', 'How many users', 'number'),
		},
		args: () => ({ limit: 2 }),
		request: () => ({ method: 'GET', path: '/v1/user', query: { ChunkLimit: '2' } }),
		result: (items) => {
			expect(list(items)).toHaveLength(2);
			expect(items.every((r) => r.id !== undefined && r.id !== null)).toBe(true);
		},
	},
	{
		resource: 'dataExtraction',
		operation: 'getImages',
		parameters: {
			returnAll: false,
			limit: ai('limit', 'How many images', 'number'),
			downloadImage: 'thumbnail',
			binaryPropertyName: 'image',
		},
		args: () => ({ limit: 2 }),
		request: () => ({ method: 'GET', path: '/v1/images', query: { ChunkLimit: '2' } }),
		result: (items, s) => {
			expect(list(items)).toHaveLength(2);
			// The image bytes stay in n8n; the model gets what they are.
			for (const row of items)
				expect(row.files).toEqual([
					{
						field: 'image',
						fileName: expect.any(String),
						mimeType: expect.stringMatching(/^image\//),
						fileSize: expect.any(Number),
					},
				]);
			s.fileId = String(items[0].id);
		},
	},
	{
		resource: 'file',
		operation: 'download',
		parameters: { file: ai('fileId', 'File ID'), size: 'original', binaryPropertyName: 'data' },
		args: (s) => ({ fileId: s.fileId }),
		request: (s) => ({ method: 'GET', path: `/api/file/${s.fileId}` }),
		result: (items, s) => {
			const file = one(items);
			expect(file).toMatchObject({ fileId: s.fileId, mimeType: expect.stringMatching(/^image\//) });
			expectOneFile(file, file.mimeType);
		},
	},
	payrollCase('get', '/api/payroll-export/readonly', (items) =>
		expect(list(items).every((r) => inWorkDates(String(r.transDateTime)))).toBe(true),
	),
	payrollCase('getSummaryLines', '/api/payroll-export/summary-as-lines', (items) =>
		expect(list(items).every((r) => inWorkDates(String(r.date)))).toBe(true),
	),
	payrollCase(
		'getFile',
		'/api/payroll-export/file',
		(items) => expectOneFile(one(items), expect.any(String)),
		{ dataExportType: 10, binaryPropertyName: 'data' },
		{ dataExportType: '10' },
	),
];

/** The file of that name among a document page's (or an upload answer's) files. */
function findFile(page: IDataObject, name: string): IDataObject {
	const files = (Array.isArray(page.files) ? page.files : []) as IDataObject[];
	const file = files.find((f) => f.name === name || f.fileName === name);
	expect(file).toBeDefined();
	return file!;
}

/** The expected request is among those received, answered with success, with its query and body. */
/** What a row expects the service to have received: its request, or nothing at all. */
export function expectCaseRequest(received: LoggedRequest[], c: ToolCase, s: CaseState): void {
	if (c.request) expectRequest(received, c.request(s));
	else expect(received.map((r) => `${r.method} ${r.path}`)).toEqual([]);
}

export function expectRequest(received: LoggedRequest[], expected: ExpectedRequest): void {
	const match = received
		.filter((r) => r.method === expected.method && r.path === expected.path)
		.at(-1);
	if (!match)
		throw new Error(
			`No ${expected.method} ${expected.path}; the service received:\n${received.map((r) => `${r.method} ${r.path} ${r.status}`).join('\n') || '(nothing)'}`,
		);
	expect(match.status).toBeGreaterThanOrEqual(200);
	expect(match.status).toBeLessThan(300);
	for (const [name, value] of Object.entries(expected.query ?? {}))
		expect([name, match.query[name]]).toEqual([name, [value]]);
	if (expected.body !== undefined) expect(match.body).toMatchObject(expected.body);
}

/** What a model got from a tool, as JSON (n8n answers with the items' JSON as a JSON text). */
export function parseToolText(text: string): IDataObject[] {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		throw new Error(`The tool did not answer with JSON: ${text.slice(0, 500)}`);
	}
	if (!Array.isArray(parsed))
		throw new Error(`The tool did not answer with a list of items: ${text.slice(0, 500)}`);
	return parsed as IDataObject[];
}
