import type { INodeParameters } from 'n8n-workflow';

import { DEMO, type Fixture } from '../../support/emulatorFixture';
import { enc, MAPPED_EMPTY, refusedInPath, rl, type Row } from '../runner';

const PROJECTS = '/api/v4/integration/projects';
const company = DEMO.companies.parent;

export const projectId = (fx: Fixture, number = 'P-1001') =>
	fx.emulator.ctx.sections.projects.all().find((p) => p.projectNumber === number)!.id;

/** A project whose number holds characters with a meaning in URLs (created once per emulator). */
export const ODD_PROJECT_NUMBER = 'P 2026/ø?#1';
function oddProject(fx: Fixture): string {
	const found = fx.emulator.ctx.sections.projects
		.all()
		.find((p) => p.projectNumber === ODD_PROJECT_NUMBER);
	return (
		found ??
		fx.emulator.ctx.sections.projects.createFor(company, {
			companyId: company,
			projectNumber: ODD_PROJECT_NUMBER,
			name: 'Odd number',
		}).project
	).id;
}

const create = (over: INodeParameters = {}, fields: INodeParameters = {}): INodeParameters => ({
	resource: 'project',
	operation: 'create',
	companyId: company,
	projectNumber: 'P-CAT-1',
	additionalFields: fields,
	...over,
});
const update = (fx: Fixture, fields: INodeParameters): INodeParameters => ({
	resource: 'project',
	operation: 'update',
	project: rl('id', projectId(fx)),
	updateFields: fields,
});

export const projectRows: Row[] = [
	{
		resource: 'project',
		category: 'missing field',
		label: 'create: project number mapped to an empty value',
		parameters: create({ projectNumber: MAPPED_EMPTY }),
		error: { field: /Project Number is empty/, fix: /Enter the project number/ },
		requests: [],
	},
	{
		resource: 'project',
		category: 'missing field',
		label: 'update: no field to update',
		parameters: (fx) => update(fx, {}),
		error: { field: /No fields to update/, fix: /Add at least one field under "Update Fields"/ },
		requests: [],
	},
	{
		resource: 'project',
		category: 'missing field',
		label: 'get: project locator mapped to an empty value',
		parameters: { resource: 'project', operation: 'get', project: rl('id', MAPPED_EMPTY) },
		error: { field: /^Project is empty/, fix: /Pick a project from the list/ },
		requests: [],
	},
	{
		resource: 'project',
		category: 'wrong type',
		label: 'create: lunch break start that is not HH:mm',
		parameters: create({}, { workBreakLunchStartTime: '25:99' }),
		error: {
			field: /Lunch Break Start Time must be a time in the format HH:mm/,
			fix: /Use 24-hour HH:mm/,
		},
		requests: [],
	},
	{
		resource: 'project',
		category: 'wrong type',
		label: 'create: estimated hours mapped to a word',
		items: [{ json: { hours: 'lots' } }],
		parameters: create({}, { estimatedHourQty: '={{ $json.hours }}' }),
		error: {
			field: /estimatedHourQty: 'estimatedHourQty' must be a number/,
			fix: /Correct the field\(s\) named above/,
		},
		requests: [`POST ${PROJECTS} 400`],
	},
	{
		resource: 'project',
		category: 'malformed date',
		label: 'create: start date in day/month/year',
		items: [{ json: { start: '31/12/2026' } }],
		parameters: create({}, { startDate: '={{ $json.start }}' }),
		error: { field: /startDate|Start Date/, fix: /ISO 8601/ },
		requests: [],
	},
	{
		resource: 'project',
		category: 'out of range',
		label: 'create: latitude 123 mapped from the input',
		items: [{ json: { lat: 123 } }],
		parameters: create({}, { projectLocationLatitude: '={{ $json.lat }}' }),
		error: {
			field: /projectLocationLatitude: must be between -90 and 90/,
			fix: /Correct the field\(s\) named above/,
		},
		requests: [`POST ${PROJECTS} 400`],
	},
	{
		resource: 'project',
		category: 'impossible range',
		label: 'create: planned finish before the start',
		parameters: create({}, { startDate: '2026-06-01', finishedDatePlanned: '2026-01-01' }),
		error: {
			field: /^Finished Date Planned is before Start Date/,
			fix: /Set Finished Date Planned on or after Start Date/,
		},
		requests: [],
	},
	{
		resource: 'project',
		category: 'unknown id',
		label: 'get: unknown project id',
		parameters: { resource: 'project', operation: 'get', project: rl('id', 'no-such-project') },
		error: {
			field:
				/^No project with ID "no-such-project" \(HTTP 404\): id: Project 'no-such-project' was not found/,
			fix: /if it is a project number, set "Project" to By Project Number/,
		},
		requests: [`GET ${PROJECTS}/no-such-project 404`],
	},
	{
		resource: 'project',
		category: 'unknown id',
		label: 'get By ID with a project number (P-1002): names By Project Number',
		parameters: { resource: 'project', operation: 'get', project: rl('id', 'P-1002') },
		error: {
			field: /^No project with ID "P-1002" \(HTTP 404\)/,
			fix: /"P-1002" is not shaped like a generated ID .*: if it is a project number, set "Project" to By Project Number, or pick the project From List/,
		},
		requests: [`GET ${PROJECTS}/P-1002 404`],
	},
	{
		resource: 'project',
		category: 'unknown id',
		label: 'delete By Project Number with a generated ID: names By ID',
		parameters: (fx) => ({
			resource: 'project',
			operation: 'delete',
			project: rl('projectNumber', projectId(fx)),
		}),
		error: {
			field: /^Looking up project number ".*" failed \(HTTP 404\)/,
			fix: /looks like a generated ID: if it is one, set "Project" to By ID/,
		},
		requests: (fx) => [`GET ${PROJECTS}/by-project-number/${projectId(fx)} 404`],
	},
	{
		resource: 'project',
		category: 'unknown id',
		label: 'delete: unknown project number is looked up first',
		parameters: { resource: 'project', operation: 'delete', project: rl('projectNumber', 'P-404') },
		error: {
			field: /Looking up project number "P-404" failed \(HTTP 404\): projectNumber/,
			fix: /looked up By Project Number \(project number "P-404"\).*Check the project number/,
		},
		requests: [`GET ${PROJECTS}/by-project-number/P-404 404`],
	},
	{
		resource: 'project',
		category: 'odd id',
		label: 'update: id with / ? # stays one encoded segment',
		parameters: {
			resource: 'project',
			operation: 'update',
			project: rl('id', 'a/b?c=1#d'),
			updateFields: { name: 'x' },
		},
		error: {
			field: /id: Project 'a\/b\?c=1#d' was not found/,
			fix: /is not shaped like a generated ID/,
		},
		requests: [`PATCH ${PROJECTS}/${enc('a/b?c=1#d')} 404`],
	},
	refusedInPath(
		{
			resource: 'project',
			label: 'get by number "..": refused, would list every project',
			parameters: { resource: 'project', operation: 'get', project: rl('projectNumber', '..') },
		},
		'Project number',
		'..',
		'Project',
	),
	{
		resource: 'project',
		category: 'odd id',
		label: 'get by number with space, slash, ?, # and non-ASCII finds the project',
		parameters: (fx) => {
			oddProject(fx);
			return {
				resource: 'project',
				operation: 'get',
				project: rl('projectNumber', ODD_PROJECT_NUMBER),
			};
		},
		requests: [`GET ${PROJECTS}/by-project-number/${enc(ODD_PROJECT_NUMBER)} 200`],
		output: (json) =>
			expect(json).toEqual([expect.objectContaining({ projectNumber: ODD_PROJECT_NUMBER })]),
	},
	{
		resource: 'project',
		category: 'unknown id',
		label: 'create: company outside the structure',
		parameters: create({ companyId: DEMO.companies.other }),
		error: { field: /companyId/, fix: /Use ids from your own company structure/ },
		requests: [`POST ${PROJECTS} 403`],
	},
];

const WORK_ORDERS = '/api/v4/integration/tasks';
const createWorkOrder = (fx: Fixture, over: INodeParameters = {}): INodeParameters => ({
	resource: 'workOrder',
	operation: 'create',
	companyId: company,
	project: rl('id', projectId(fx)),
	externalId: 'WO-CAT-1',
	name: 'Catalogue',
	...over,
});

export const workOrderRows: Row[] = [
	{
		resource: 'workOrder',
		category: 'missing field',
		label: 'create: name mapped to an empty value',
		parameters: (fx) => createWorkOrder(fx, { name: MAPPED_EMPTY }),
		error: { field: /name: 'name' is required/, fix: /Correct the field\(s\) named above/ },
		requests: [`POST ${WORK_ORDERS} 400`],
	},
	{
		resource: 'workOrder',
		category: 'missing field',
		label: 'create: work order number mapped to an empty value',
		parameters: (fx) => createWorkOrder(fx, { externalId: MAPPED_EMPTY }),
		error: {
			field: /externalId: 'externalId' is required/,
			fix: /Correct the field\(s\) named above/,
		},
		requests: [`POST ${WORK_ORDERS} 400`],
	},
	{
		resource: 'workOrder',
		category: 'unknown id',
		label: 'create: unknown project number',
		parameters: (fx) => createWorkOrder(fx, { project: rl('projectNumber', 'P-404') }),
		error: {
			field: /Looking up project number "P-404" failed \(HTTP 404\)/,
			fix: /Check the project number/,
		},
		requests: [`GET /api/v4/integration/projects/by-project-number/P-404 404`],
	},
	{
		resource: 'workOrder',
		category: 'odd id',
		label: 'get many: project id with # and space stays in its segment',
		parameters: {
			resource: 'workOrder',
			operation: 'getAll',
			project: rl('id', 'x #1'),
			returnAll: true,
		},
		error: { field: /Project 'x #1' was not found/, fix: /set "Project" to By Project Number/ },
		requests: [`GET ${WORK_ORDERS}/project/${enc('x #1')} 404`],
	},
	{
		resource: 'workOrder',
		category: 'out of range',
		label: 'get many: limit 0 mapped from the input',
		items: [{ json: { n: 0 } }],
		parameters: (fx) => ({
			resource: 'workOrder',
			operation: 'getAll',
			project: rl('id', projectId(fx)),
			returnAll: false,
			limit: '={{ $json.n }}',
		}),
		error: {
			field: /^Limit must be a whole number of 1 or more/,
			fix: /Set Limit to 1 or more, or turn on Return All/,
		},
		requests: [],
	},
	{
		resource: 'workOrder',
		category: 'unknown id',
		label: 'create: unknown project id',
		parameters: (fx) => createWorkOrder(fx, { project: rl('id', 'no-such-project') }),
		error: {
			field: /projectId: Project 'no-such-project' does not exist in the company/,
			fix: /Correct the field\(s\) named above/,
		},
		requests: ['POST /api/v4/integration/tasks 400'],
	},
	{
		resource: 'workOrder',
		category: 'unknown id',
		label: "create: a company other than the project's",
		parameters: (fx) => createWorkOrder(fx, { companyId: DEMO.companies.other }),
		error: {
			field: /companyId: companyId must be the project's company/,
			fix: /Correct the field\(s\) named above/,
		},
		requests: ['POST /api/v4/integration/tasks 400'],
	},
	refusedInPath(
		{
			resource: 'workOrder',
			label: 'create: project id "%2E." is refused (a dot segment is never a valid id)',
			parameters: (fx) => createWorkOrder(fx, { project: rl('id', '%2E.') }),
		},
		'Project ID',
		'%2E.',
		'Project',
	),
];
