import { jsonOf } from '../../harness/execute';
import { DEMO, useEmulator, runOperation } from '../../support/emulatorFixture';
import { addMachine, storedMachine } from '../../support/machines';

const company = DEMO.companies.parent;

describe('Machine > Replace Many', () => {
	const fx = useEmulator();

	it('puts arrays of complete machines, each with its id (numbers resolved from one list request)', async () => {
		const a = addMachine(fx, { machineNumber: 'RM-1', name: 'A', department: 'gone' });
		const b = addMachine(fx, { machineNumber: 'RM-2', name: 'B' });
		const items = [
			{ json: { id: a.id, number: 'RM-1', name: 'A2' } },
			{ json: { number: 'RM-2', name: 'B2' } },
		];
		const result = await runOperation(
			fx,
			'machine',
			'replaceMany',
			{
				machine: { __rl: true, mode: 'machineNumber', value: '={{ $json.number }}' },
				companyId: company,
				machineNumber: '={{ $json.number }}',
				fields: { name: '={{ $json.name }}', active: true },
				batchSize: 50,
			},
			{ items },
		);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ id: a.id, name: 'A2', department: null, active: true }),
			expect.objectContaining({ id: b.id, name: 'B2', active: true }),
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		const requests = fx.apiRequests();
		expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /api/v4/integration/machines 200',
			'PUT /api/v4/integration/machines/update/array 200',
		]);
		expect(requests[1].body).toEqual([
			{ companyId: company, machineNumber: 'RM-1', name: 'A2', active: true, id: a.id },
			{ companyId: company, machineNumber: 'RM-2', name: 'B2', active: true, id: b.id },
		]);
	});

	it('with Continue On Fail, an unknown id fails alone and names the id field', async () => {
		const c = addMachine(fx, { machineNumber: 'RM-3', name: 'C' });
		const items = [
			{ json: { id: 'missing-id', number: 'RM-X' } },
			{ json: { id: c.id, number: 'RM-3' } },
		];
		const result = await runOperation(
			fx,
			'machine',
			'replaceMany',
			{
				machine: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				companyId: company,
				machineNumber: '={{ $json.number }}',
				fields: { name: 'Replaced' },
				batchSize: 10,
			},
			{ items, continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		const [missing, replaced] = jsonOf(result);
		expect(missing).toMatchObject({ machineNumber: 'RM-X', id: 'missing-id', fields: ['id'] });
		expect(missing.error).toContain("HTTP 404): id: Machine 'missing-id' was not found.");
		expect(replaced).toMatchObject({ id: c.id, name: 'Replaced' });
		expect(fx.apiRequests()).toHaveLength(1);
		expect(storedMachine(fx, 'RM-3')?.name).toBe('Replaced');
	});

	it('Use Input Item JSON: each item is a machine; its id is used, else its machineNumber is looked up', async () => {
		const d = addMachine(fx, { machineNumber: 'RM-4', name: 'D' });
		const e = fx.emulator.ctx.sections.machines.createFor(DEMO.companies.subsidiary, {
			companyId: DEMO.companies.subsidiary,
			machineNumber: 'RM-SUB',
		});
		const items = [
			{
				json: {
					id: d.id,
					companyId: company,
					machineNumber: 'RM-4',
					name: 'D2',
					erpKey: 'ignored',
				},
			},
			{ json: { companyId: DEMO.companies.subsidiary, machineNumber: 'RM-SUB', name: 'Sub' } },
			{ json: { companyId: company, machineNumber: 'RM-NONE' } },
		];
		const result = await runOperation(
			fx,
			'machine',
			'replaceMany',
			{ machineData: 'json', batchSize: 10 },
			{ items, continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		const [first, second, third] = jsonOf(result);
		expect(first).toMatchObject({ id: d.id, name: 'D2' });
		expect(second).toMatchObject({ id: e.id, name: 'Sub', companyId: DEMO.companies.subsidiary });
		expect(third).toMatchObject({
			machineNumber: 'RM-NONE',
			itemIndex: 2,
			fields: ['machineNumber'],
		});
		expect(third.error).toContain('Looking up machine number "RM-NONE" failed (HTTP 404)');
		// The list holds only the own company's machines: the subsidiary's number is looked up on its own.
		const requests = fx.apiRequests();
		expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /api/v4/integration/machines 200',
			'GET /api/v4/integration/machines/by-machine-number/RM-SUB 200',
			'GET /api/v4/integration/machines/by-machine-number/RM-NONE 404',
			'PUT /api/v4/integration/machines/update/array 200',
		]);
		expect(requests[3].body).toEqual([
			{ id: d.id, companyId: company, machineNumber: 'RM-4', name: 'D2' },
			{ companyId: DEMO.companies.subsidiary, machineNumber: 'RM-SUB', name: 'Sub', id: e.id },
		]);
	});
});
