import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { DEMO_MACHINES } from '../../emulator/seed/machines';
import { executeNode } from '../../harness/execute';
import { DEMO, useEmulator } from '../../support/emulatorFixture';
import { machineRl } from '../../support/machines';

const company = DEMO.companies.parent;
const create = (fields: INodeParameters = {}, top: INodeParameters = {}): INodeParameters => ({
	resource: 'machine',
	operation: 'create',
	companyId: company,
	machineNumber: 'BAD-1',
	additionalFields: fields,
	...top,
});
const esg = (esgFields: INodeParameters): INodeParameters => ({
	resource: 'machine',
	operation: 'updateEsg',
	machine: machineRl('id', DEMO_MACHINES.wheelLoader),
	esgFields,
});

interface BadInput {
	label: string;
	parameters: INodeParameters;
	items?: INodeExecutionData[];
	/** The error message names the field (and the value where it helps). */
	message: RegExp;
	/** What reached the service: nothing, or method + path + status. */
	requests: string[];
}

const MACHINES = '/api/v4/integration/machines';

const CASES: BadInput[] = [
	// Literal empty required parameters are stopped by n8n itself; mapped ones reach the node's checks.
	{
		label: 'missing company id (mapped)',
		items: [{ json: { company: '' } }],
		parameters: create({}, { companyId: '={{ $json.company }}' }),
		message: /^Company ID is empty$/,
		requests: [],
	},
	{
		label: 'missing machine number',
		parameters: create({}, { machineNumber: '  ' }),
		message: /^Machine Number is empty$/,
		requests: [],
	},
	{
		label: 'duplicate machine number',
		parameters: create({}, { machineNumber: 'M-100' }),
		message:
			/HTTP 400\): machineNumber: A machine with machineNumber 'M-100' already exists in the company\. \[MachineService\.machineNumberNotUnique\]/,
		requests: [`POST ${MACHINES} 400`],
	},
	{
		label: 'unknown machine type',
		parameters: create({ typeId: 'HOVERCRAFT' }),
		message: /typeId: .*\[MachineService\.machineTypeInvalid\] \(typeId sent: "HOVERCRAFT"\)/,
		requests: [`POST ${MACHINES} 400`],
	},
	{
		label: 'unknown machine type on update',
		parameters: {
			resource: 'machine',
			operation: 'update',
			machine: machineRl('id', DEMO_MACHINES.truck),
			updateFields: { typeId: 'BLIMP' },
		},
		message: /typeId: .*\[MachineService\.machineTypeInvalid\] \(typeId sent: "BLIMP"\)/,
		requests: [`PATCH ${MACHINES}/${DEMO_MACHINES.truck} 400`],
	},
	{
		label: 'unknown machine type on replace',
		parameters: {
			resource: 'machine',
			operation: 'replace',
			machine: machineRl('id', DEMO_MACHINES.truck),
			companyId: company,
			machineNumber: 'M-300',
			fields: { typeId: 'ZEPPELIN' },
		},
		message: /typeId: .*\[MachineService\.machineTypeInvalid\] \(typeId sent: "ZEPPELIN"\)/,
		requests: [`PUT ${MACHINES}/${DEMO_MACHINES.truck} 400`],
	},
	{
		label: 'duplicate machine number on update',
		parameters: {
			resource: 'machine',
			operation: 'update',
			machine: machineRl('id', DEMO_MACHINES.truck),
			updateFields: { machineNumber: 'M-200' },
		},
		message: /machineNumber: A machine with machineNumber 'M-200' already exists/,
		requests: [`PATCH ${MACHINES}/${DEMO_MACHINES.truck} 400`],
	},
	{
		label: 'company outside the structure',
		parameters: create({}, { companyId: DEMO.companies.other }),
		message: /HTTP 403\): companyId: No access to company/,
		requests: [`POST ${MACHINES} 403`],
	},
	{
		label: 'parent link on a machine',
		parameters: create({ parentMachineId: DEMO_MACHINES.excavator }),
		message:
			/parentMachineId: Only equipment \(isEquipment true\) can be linked to a parent machine/,
		requests: [`POST ${MACHINES} 400`],
	},
	{
		label: 'build year that is not a number',
		items: [{ json: { year: '20x1' } }],
		parameters: create({ buildYear: '={{ $json.year }}' }),
		message: /^buildYear must be a number$/,
		requests: [],
	},
	{
		label: 'build year with decimals',
		parameters: create({ buildYear: 2020.5 }),
		message: /^buildYear must be a whole number$/,
		requests: [],
	},
	{
		label: 'service date that is not a date',
		items: [{ json: { when: 'last tuesday' } }],
		parameters: create({ serviceDate: '={{ $json.when }}' }),
		message: /^serviceDate is not a valid date$/,
		requests: [],
	},
	{
		label: 'ESG without fields',
		parameters: esg({}),
		message: /^No ESG field to update$/,
		requests: [],
	},
	{
		label: 'ESG unknown fuel type',
		items: [{ json: { fuel: 'kerosene' } }],
		parameters: esg({ fuelType: '={{ $json.fuel }}' }),
		message: /^Fuel Type "kerosene" is not one of the allowed values$/,
		requests: [],
	},
	{
		label: 'ESG fuel unit out of range',
		items: [{ json: { unit: 9 } }],
		parameters: esg({ fuelConsumptionUnit: '={{ $json.unit }}' }),
		message: /^Fuel Consumption Unit "9" is not one of the allowed values$/,
		requests: [],
	},
	{
		label: 'ESG negative rate',
		parameters: esg({ fuelConsumptionRate: -1 }),
		message: /^Fuel Consumption Rate must be a number of zero or more$/,
		requests: [],
	},
	{
		label: 'unknown machine id',
		parameters: {
			resource: 'machine',
			operation: 'update',
			machine: machineRl('id', 'nope'),
			updateFields: { name: 'x' },
		},
		message: /HTTP 404\): id: Machine 'nope' was not found/,
		requests: [`PATCH ${MACHINES}/nope 404`],
	},
	{
		label: 'unknown machine number',
		parameters: {
			resource: 'machine',
			operation: 'update',
			machine: machineRl('machineNumber', 'M-404'),
			updateFields: { name: 'x' },
		},
		message:
			/Looking up machine number "M-404" failed \(HTTP 404\): machineNumber: Machine with number 'M-404' was not found/,
		requests: [`GET ${MACHINES}/by-machine-number/M-404 404`],
	},
	{
		label: 'empty machine (mapped)',
		items: [{ json: { id: '' } }],
		parameters: {
			resource: 'machine',
			operation: 'delete',
			machine: machineRl('id', '={{ $json.id }}'),
		},
		message: /^Machine is empty$/,
		requests: [],
	},
	{
		label: 'machine id ".."',
		parameters: { resource: 'machine', operation: 'delete', machine: machineRl('id', '..') },
		message: /^Machine ID "\.\." cannot be used in a request path$/,
		requests: [],
	},
	{
		label: 'clearing the machine number',
		parameters: {
			resource: 'machine',
			operation: 'update',
			machine: machineRl('id', DEMO_MACHINES.truck),
			updateFields: { machineNumber: '' },
		},
		message: /^Machine Number cannot be cleared$/,
		requests: [],
	},
];

describe('Machine > bad inputs', () => {
	const fx = useEmulator();

	it.each(CASES)(
		'$label gives a clear error naming the field',
		async ({ parameters, items, message, requests }) => {
			const result = await executeNode({ credentials: fx.credentials, parameters, items });
			expect(result.items).toEqual([]);
			expect(result.error?.message).toMatch(message);
			expect(result.error?.name).toMatch(/^Node(Api|Operation)Error$/);
			expect(fx.apiRequests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(requests);
		},
	);

	// Ids holding characters with a meaning in URLs stay inside their one path segment.
	const ODD_IDS = ['a/b', 'esg?x=1', 'frag#ment', 'with space', '../../projects', 'x/esg'];
	const OPERATIONS: Array<[string, INodeParameters, string, string]> = [
		['get', {}, 'GET', ''],
		['update', { updateFields: { name: 'x' } }, 'PATCH', ''],
		['replace', { companyId: company, machineNumber: 'X' }, 'PUT', ''],
		['updateEsg', { esgFields: { fuelType: 1 } }, 'PATCH', '/esg'],
		['delete', {}, 'DELETE', ''],
		['isDeletable', {}, 'GET', 'is-machine-deletable/'],
	];
	const matrix = ODD_IDS.flatMap((id) =>
		OPERATIONS.map(([operation, extra, method, suffix]) => ({
			id,
			operation,
			extra,
			method,
			suffix,
		})),
	);

	it.each(matrix)(
		'$operation encodes id "$id" and answers 404 naming it',
		async ({ id, operation, extra, method, suffix }) => {
			const result = await executeNode({
				credentials: fx.credentials,
				parameters: { resource: 'machine', operation, machine: machineRl('id', id), ...extra },
			});
			const encoded = encodeURIComponent(id);
			const path = suffix.endsWith('/')
				? `${MACHINES}/${suffix}${encoded}`
				: `${MACHINES}/${encoded}${suffix}`;
			expect(fx.apiRequests().map((r) => `${r.method} ${r.path} ${r.status} ${r.search}`)).toEqual([
				`${method} ${path} 404 `,
			]);
			expect(result.error?.message).toContain(`id: Machine '${id}' was not found`);
		},
	);
});
