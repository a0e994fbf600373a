import { jsonOf } from '../../harness/execute';
import { DEMO, runner, useEmulator, runOperation } from '../../support/emulatorFixture';
import { addMachine, storedMachine } from '../../support/machines';
import { faultsOn } from '../../support/pageFaults';

const company = DEMO.companies.parent;

/** Create Many parameters mapping each input item's fields. */
function params(batchSize: number) {
	return {
		resource: 'machine',
		operation: 'createMany',
		companyId: company,
		machineNumber: '={{ $json.number }}',
		additionalFields: { name: '={{ $json.name }}', typeId: '={{ $json.type }}' },
		batchSize,
	};
}

describe('Machine > Create Many', () => {
	const fx = useEmulator();
	const run = runner(fx, {});
	const batchFault = faultsOn(fx, { api: 'integration', path: '/machines/create/array' });

	it('sends the input items as arrays of Batch Size and pairs each machine with its item', async () => {
		const items = [
			{ json: { number: 'CM-1', name: 'One', type: 'TRUCK' } },
			{ json: { number: 'CM-2', name: 'Two', type: 'EXCAVATOR' } },
			{ json: { number: 'CM-3', name: 'Three', type: 'WHEEL_LOADER' } },
		];
		const result = await run(params(2), { items });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((m) => [m.machineNumber, m.name, m.typeId])).toEqual([
			['CM-1', 'One', 'TRUCK'],
			['CM-2', 'Two', 'EXCAVATOR'],
			['CM-3', 'Three', 'WHEEL_LOADER'],
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const requests = fx.apiRequests();
		expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'POST /api/v4/integration/machines/create/array 200',
			'POST /api/v4/integration/machines/create/array 200',
		]);
		expect(requests[0].body).toEqual([
			{ companyId: company, machineNumber: 'CM-1', name: 'One', typeId: 'TRUCK' },
			{ companyId: company, machineNumber: 'CM-2', name: 'Two', typeId: 'EXCAVATOR' },
		]);
		expect(requests[1].body).toEqual([
			{ companyId: company, machineNumber: 'CM-3', name: 'Three', typeId: 'WHEEL_LOADER' },
		]);
		expect(storedMachine(fx, 'CM-3')?.name).toBe('Three');
	});

	it('with Continue On Fail, reports a failed machine as an error item naming it and the field; the others are saved', async () => {
		addMachine(fx, { machineNumber: 'CM-DUP' });
		const items = [
			{ json: { number: 'CM-10', name: 'Ten', type: 'TRUCK' } },
			{ json: { number: 'CM-DUP', name: 'Dup', type: 'TRUCK' } },
			{ json: { number: 'CM-11', name: 'Bad type', type: 'SUBMARINE' } },
			{ json: { number: 'CM-12', name: 'Twelve', type: 'TRUCK' } },
		];
		const result = await run(params(10), { items, continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(4);
		expect(result.items.map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		const [ten, dup, badType, twelve] = jsonOf(result);
		expect(ten).toMatchObject({ machineNumber: 'CM-10', name: 'Ten' });
		expect(twelve).toMatchObject({ machineNumber: 'CM-12', name: 'Twelve' });
		expect(dup).toMatchObject({ machineNumber: 'CM-DUP', itemIndex: 1, fields: ['machineNumber'] });
		expect(dup.error).toContain(
			"machineNumber: A machine with machineNumber 'CM-DUP' already exists",
		);
		expect(badType).toMatchObject({ machineNumber: 'CM-11', itemIndex: 2, fields: ['typeId'] });
		expect(badType.error).toContain('MachineService.machineTypeInvalid');
		expect(badType.error).toContain('typeId sent: "SUBMARINE"');
		expect(fx.apiRequests()).toHaveLength(1);
		expect(storedMachine(fx, 'CM-12')).toBeDefined();
		expect(storedMachine(fx, 'CM-11')).toBeUndefined();
	});

	it('without Continue On Fail, names the failed item and says earlier items may already be saved', async () => {
		const items = [
			{ json: { number: 'CM-20', name: 'A', type: 'TRUCK' } },
			{ json: { number: 'CM-21', name: 'B', type: 'NOPE' } },
			{ json: { number: 'CM-22', name: 'C', type: 'TRUCK' } },
			{ json: { number: 'CM-23', name: 'D', type: 'TRUCK' } },
		];
		const result = await run(params(3), { items });
		expect(result.error?.message).toContain('Item 2 (machineNumber "CM-21") was not saved');
		expect(result.error?.message).toContain('MachineService.machineTypeInvalid');
		expect(result.error?.description).toContain(
			'earlier items may already be saved (2 saved so far)',
		);
		// The batch's other machines were processed; the next batch was not sent.
		expect(fx.apiRequests()).toHaveLength(1);
		expect(storedMachine(fx, 'CM-20')).toBeDefined();
		expect(storedMachine(fx, 'CM-22')).toBeDefined();
		expect(storedMachine(fx, 'CM-23')).toBeUndefined();
	});

	it('refuses an item without a machine number before sending anything', async () => {
		const items = [
			{ json: { number: 'CM-30', name: 'ok' } },
			{ json: { number: '', name: 'no number' } },
		];
		const result = await run(params(10), { items });
		expect(result.error?.message).toBe('Machine Number is empty (item 2; nothing was saved)');
		expect(fx.apiRequests()).toEqual([]);
	});

	it('with Continue On Fail, an item that cannot be sent becomes an error item and the rest are sent', async () => {
		const items = [
			{ json: { number: '', name: 'no number' } },
			{ json: { number: 'CM-40', name: 'Forty' } },
		];
		const result = await run(params(10), { items, continueOnFail: true });
		expect(result.error).toBeUndefined();
		const [missing, forty] = jsonOf(result);
		expect(missing).toMatchObject({
			error: 'Machine Number is empty',
			fields: ['machineNumber'],
			itemIndex: 0,
		});
		expect(forty).toMatchObject({ machineNumber: 'CM-40' });
		expect(fx.apiRequests()[0].body).toEqual([
			{ companyId: company, machineNumber: 'CM-40', name: 'Forty' },
		]);
	});

	it('a batch whose request fails as a whole fails each of its items; earlier batches stay saved', async () => {
		batchFault({ method: 'POST', skip: 1, action: { kind: 'status', status: 500 } });
		const items = ['CM-50', 'CM-51', 'CM-52'].map((n) => ({
			json: { number: n, name: n, type: 'TRUCK' },
		}));
		const result = await run(params(2), { items, continueOnFail: true });
		expect(result.error).toBeUndefined();
		const out = jsonOf(result);
		expect(out[0]).toMatchObject({ machineNumber: 'CM-50', typeId: 'TRUCK' });
		expect(out[1]).toMatchObject({ machineNumber: 'CM-51', typeId: 'TRUCK' });
		expect(out[2]).toMatchObject({ machineNumber: 'CM-52', itemIndex: 2 });
		expect(out[2].error).toContain('Sending machines of items 3-3 failed (HTTP 500)');
		expect(fx.apiRequests().map((r) => r.status)).toEqual([200, 500]);
		expect(storedMachine(fx, 'CM-51')).toBeDefined();
		expect(storedMachine(fx, 'CM-52')).toBeUndefined();
	});

	it('also reads an answer that is a plain array of machines, by position', async () => {
		// The array endpoints' answer is not shown in the specification; the node accepts this shape too.
		const answer = [
			{ id: 'x-1', machineNumber: 'CM-60' },
			{ id: 'x-2', machineNumber: 'CM-61' },
		];
		batchFault({ method: 'POST', action: { kind: 'status', status: 200, body: answer } });
		const items = ['CM-60', 'CM-61'].map((n) => ({ json: { number: n, name: n } }));
		const result = await run(params(10), { items });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual(answer);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: '/api/v4/integration/machines/create/array',
				status: 200,
				fault: 'status',
			}),
		]);
	});

	it('an item the answer leaves out is reported, not silently dropped', async () => {
		const answer = [{ index: 0, success: true, machine: { id: 'x-3', machineNumber: 'CM-70' } }];
		batchFault({ method: 'POST', action: { kind: 'status', status: 200, body: answer } });
		const items = ['CM-70', 'CM-71'].map((n) => ({ json: { number: n, name: n } }));
		const result = await run(params(10), { items });
		expect(result.error?.message).toContain('Item 2 (machineNumber "CM-71") was not saved');
		expect(result.error?.message).toContain(
			"the service's answer holds no result for this machine",
		);
		expect(fx.apiRequests()).toHaveLength(1);
	});

	it('refuses a batch size below 1', async () => {
		const result = await run(params(0), { items: [{ json: { number: 'CM-80' } }] });
		expect(result.error?.message).toBe('Batch Size must be a whole number of 1 or more');
		expect(fx.apiRequests()).toEqual([]);
	});

	it('Use Input Item JSON: sends the fields of the Machine table from each item, ignoring other keys', async () => {
		const items = [
			{
				json: {
					companyId: company,
					machineNumber: 'CM-90',
					name: 'Ninety',
					typeId: 'TRUCK',
					buildYear: '2019',
					active: 'true',
					erpKey: 'x',
					id: 'ignored',
				},
			},
			{
				json: {
					companyId: company,
					machineNumber: 'CM-91',
					isEquipment: true,
					parentMachineId: storedMachine(fx, 'M-100')!.id,
				},
			},
		];
		const result = await runOperation(
			fx,
			'machine',
			'createMany',
			{ machineData: 'json', batchSize: 10 },
			{ items },
		);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((m) => [m.machineNumber, m.isEquipment])).toEqual([
			['CM-90', false],
			['CM-91', true],
		]);
		expect(fx.apiRequests()[0].body).toEqual([
			{
				companyId: company,
				machineNumber: 'CM-90',
				name: 'Ninety',
				typeId: 'TRUCK',
				buildYear: 2019,
				active: true,
			},
			{
				companyId: company,
				machineNumber: 'CM-91',
				isEquipment: true,
				parentMachineId: storedMachine(fx, 'M-100')!.id,
			},
		]);
	});
});
