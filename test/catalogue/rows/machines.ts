import type { INodeParameters } from 'n8n-workflow';

import { DEMO_MACHINES } from '../../emulator/seed/machines';
import { DEMO, type Fixture } from '../../support/emulatorFixture';
import { addMachine, storedMachine } from '../../support/machines';
import { enc, MAPPED_EMPTY, refusedInPath, rl, type Row } from '../runner';

const MACHINES = '/api/v4/integration/machines';
const company = DEMO.companies.parent;

/** A machine whose number holds characters with a meaning in URLs (created once per emulator). */
export const ODD_MACHINE_NUMBER = 'M ø/7?#x';
function oddMachine(fx: Fixture) {
	return (
		storedMachine(fx, ODD_MACHINE_NUMBER) ??
		addMachine(fx, { machineNumber: ODD_MACHINE_NUMBER, name: 'Odd number' })
	);
}

const create = (fields: INodeParameters = {}, over: INodeParameters = {}): INodeParameters => ({
	resource: 'machine',
	operation: 'create',
	companyId: company,
	machineNumber: 'M-CAT-1',
	additionalFields: fields,
	...over,
});
const createManyJson = (batchSize: unknown = 100): INodeParameters => ({
	resource: 'machine',
	operation: 'createMany',
	machineData: 'json',
	batchSize: batchSize as number,
});

export const machineRows: Row[] = [
	{
		resource: 'machine',
		category: 'missing field',
		label: 'create: machine number mapped to an empty value',
		parameters: create({}, { machineNumber: MAPPED_EMPTY }),
		error: { field: /Machine Number is empty/, fix: /Enter|machine number/i },
		requests: [],
	},
	{
		resource: 'machine',
		category: 'missing field',
		label: 'create many (input JSON): an item without machineNumber stops the batch before sending',
		items: [
			{ json: { companyId: company, machineNumber: 'M-CAT-2' } },
			{ json: { companyId: company, name: 'no number' } },
		],
		parameters: createManyJson(),
		error: { field: /Machine Number|machineNumber/, fix: /item 2; nothing was saved/ },
		requests: [],
	},
	{
		resource: 'machine',
		category: 'out of range',
		label: 'create many: batch size 0',
		items: [{ json: { companyId: company, machineNumber: 'M-CAT-3' } }],
		parameters: createManyJson(0),
		error: {
			field: /^Batch Size must be a whole number of 1 or more/,
			fix: /Set Batch Size to 1 or more/,
		},
		requests: [],
	},
	{
		resource: 'machine',
		category: 'wrong type',
		label: 'create many: batch size mapped to a word',
		items: [{ json: { companyId: company, machineNumber: 'M-CAT-4', size: 'ten' } }],
		parameters: createManyJson('={{ $json.size }}'),
		error: {
			field: /^Batch Size must be a whole number of 1 or more/,
			fix: /Set Batch Size to 1 or more/,
		},
		requests: [],
	},
	{
		resource: 'machine',
		category: 'malformed JSON',
		label: 'create many (input JSON): build year holding a broken JSON fragment',
		items: [{ json: { companyId: company, machineNumber: 'M-CAT-5', buildYear: '{"year": 20' } }],
		parameters: createManyJson(),
		error: { field: /buildYear must be a number/, fix: /nothing was saved/ },
		requests: [],
	},
	{
		resource: 'machine',
		category: 'malformed JSON',
		label: 'create many (input JSON): service date holding a broken JSON object',
		items: [
			{
				json: {
					companyId: company,
					machineNumber: 'M-CAT-6',
					serviceDate: '{"date": "2026-01-01"',
				},
			},
		],
		parameters: createManyJson(),
		error: { field: /serviceDate/, fix: /ISO 8601/ },
		requests: [],
	},
	{
		resource: 'machine',
		category: 'malformed JSON',
		label: 'replace many (input JSON): machine number given as a nested object',
		items: [{ json: { companyId: company, machineNumber: { value: 'M-100' } } }],
		parameters: {
			resource: 'machine',
			operation: 'replaceMany',
			machineData: 'json',
			batchSize: 10,
		},
		error: { field: /^machineNumber must be text/, fix: /Map a text value to "machineNumber"/ },
		requests: [],
	},
	{
		resource: 'machine',
		category: 'wrong type',
		label: 'create many (input JSON): active given as "yes"',
		items: [{ json: { companyId: company, machineNumber: 'M-CAT-7', active: 'yes' } }],
		parameters: createManyJson(),
		error: { field: /active/, fix: /true or false|boolean/i },
		requests: [],
	},
	{
		resource: 'machine',
		category: 'wrong type',
		label: 'create: hour meter mapped to a word',
		items: [{ json: { hours: 'many' } }],
		parameters: create({ hourMeter: '={{ $json.hours }}' }),
		error: { field: /hourMeter|Hour Meter/, fix: /number/ },
		requests: [],
	},
	{
		resource: 'machine',
		category: 'malformed date',
		label: 'create: purchased date "yesterday"',
		items: [{ json: { when: 'yesterday' } }],
		parameters: create({ purchasedDate: '={{ $json.when }}' }),
		error: { field: /purchasedDate is not a valid date/, fix: /ISO|2026/ },
		requests: [],
	},
	{
		resource: 'machine',
		category: 'wrong type',
		label: 'update ESG: fuel consumption rate mapped to words',
		items: [{ json: { rate: 'a lot' } }],
		parameters: {
			resource: 'machine',
			operation: 'updateEsg',
			machine: rl('id', DEMO_MACHINES.truck),
			esgFields: { fuelConsumptionRate: '={{ $json.rate }}' },
		},
		error: { field: /Fuel Consumption Rate/, fix: /number of zero or more/ },
		requests: [],
	},
	{
		resource: 'machine',
		category: 'unknown id',
		label: 'replace: unknown machine number is looked up first',
		parameters: {
			resource: 'machine',
			operation: 'replace',
			machine: rl('machineNumber', 'M-404'),
			companyId: company,
			machineNumber: 'M-404',
		},
		error: {
			field: /Looking up machine number "M-404" failed \(HTTP 404\): machineNumber/,
			fix: /looked up By Machine Number .*Check the machine number/,
		},
		requests: [`GET ${MACHINES}/by-machine-number/M-404 404`],
	},
	{
		resource: 'machine',
		category: 'unknown id',
		label: 'update By ID with a machine number (M-100): names By Machine Number',
		parameters: {
			resource: 'machine',
			operation: 'update',
			machine: rl('id', 'M-100'),
			updateFields: { name: 'x' },
		},
		error: {
			field: /^No machine with ID "M-100" \(HTTP 404\)/,
			fix: /if it is a machine number, set "Machine" to By Machine Number/,
		},
		requests: [`PATCH ${MACHINES}/M-100 404`],
	},
	{
		resource: 'machine',
		category: 'unknown id',
		label: 'get: a machine of another company answers 404',
		parameters: {
			resource: 'machine',
			operation: 'get',
			machine: rl('id', DEMO_MACHINES.otherCompany),
		},
		error: {
			field: /^No machine with ID ".*" \(HTTP 404\): id: Machine '.*' was not found/,
			fix: /another company answers the same\)\. Check the ID/,
		},
		requests: [`GET ${MACHINES}/${DEMO_MACHINES.otherCompany} 404`],
	},
	{
		resource: 'machine',
		category: 'odd id',
		label: 'get by machine number with space, ø, /, ?, # finds the machine',
		parameters: (fx) => {
			oddMachine(fx);
			return {
				resource: 'machine',
				operation: 'getByMachineNumber',
				machineNumber: ODD_MACHINE_NUMBER,
			};
		},
		requests: [`GET ${MACHINES}/by-machine-number/${enc(ODD_MACHINE_NUMBER)} 200`],
		output: (json) =>
			expect(json).toEqual([expect.objectContaining({ machineNumber: ODD_MACHINE_NUMBER })]),
	},
	refusedInPath(
		{
			resource: 'machine',
			label: 'is deletable: id "%2e%2e" (an encoded ..) is refused',
			parameters: { resource: 'machine', operation: 'isDeletable', machine: rl('id', '%2e%2e') },
		},
		'Machine ID',
		'%2e%2e',
		'Machine',
	),
	{
		resource: 'machine',
		category: 'odd id',
		label: 'delete by machine number with / and ?: encoded lookup, then delete by id',
		parameters: (fx) => ({
			resource: 'machine',
			operation: 'delete',
			machine: rl('machineNumber', oddMachine(fx).machineNumber),
		}),
		requests: (fx) => {
			const id = storedMachine(fx, ODD_MACHINE_NUMBER)?.id ?? '';
			return [
				`GET ${MACHINES}/by-machine-number/${enc(ODD_MACHINE_NUMBER)} 200`,
				`DELETE ${MACHINES}/${id} 204`,
			];
		},
		output: (json) => expect(json[0]).toMatchObject({ deleted: true }),
	},
];

export const machineTypeRows: Row[] = [
	{
		resource: 'machineType',
		category: 'out of range',
		label: 'get many: limit -1 mapped from the input',
		items: [{ json: { n: -1 } }],
		parameters: {
			resource: 'machineType',
			operation: 'getAll',
			returnAll: false,
			limit: '={{ $json.n }}',
		},
		error: {
			field: /^Limit must be a whole number of 1 or more/,
			fix: /Set Limit to 1 or more, or turn on Return All/,
		},
		requests: [],
	},
	{
		resource: 'machineType',
		category: 'wrong type',
		label: 'get many: limit mapped to "ten"',
		items: [{ json: { n: 'ten' } }],
		parameters: {
			resource: 'machineType',
			operation: 'getAll',
			returnAll: false,
			limit: '={{ $json.n }}',
		},
		error: { field: /^Limit must be a whole number of 1 or more/, fix: /Got "ten"/ },
		requests: [],
	},
];
