import { jsonOf, onlyItem } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { addMachine, machineRl } from '../../support/machines';

describe('Machine > Update ESG', () => {
	const fx = useEmulator();

	it('sends the named unit and fuel type as the specification integers', async () => {
		const machine = addMachine(fx, { machineNumber: 'G-1' });
		const result = await runOperation(fx, 'machine', 'updateEsg', {
			machine: machineRl('id', machine.id),
			esgFields: { fuelConsumptionRate: 12.5, fuelConsumptionUnit: 0, fuelType: 7 },
		});
		expect(onlyItem(result)).toEqual(
			expect.objectContaining({
				id: machine.id,
				fuelConsumptionRate: 12.5,
				fuelConsumptionUnit: 0,
				fuelType: 7,
			}),
		);
		const [patch] = fx.apiRequests();
		expect(callsOf(fx)).toEqual([`PATCH /api/v4/integration/machines/${machine.id}/esg 200`]);
		expect(patch.body).toEqual({ fuelConsumptionRate: 12.5, fuelConsumptionUnit: 0, fuelType: 7 });
	});

	it('accepts names mapped by expressions (kWh/km, electric) and a machine number', async () => {
		const machine = addMachine(fx, { machineNumber: 'G-2' });
		const result = await runOperation(
			fx,
			'machine',
			'updateEsg',
			{
				machine: machineRl('machineNumber', 'G-2'),
				esgFields: { fuelConsumptionUnit: '={{ $json.unit }}', fuelType: '={{ $json.fuel }}' },
			},
			{ items: [{ json: { unit: 'kWh/km', fuel: 'Electric' } }] },
		);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({
			id: machine.id,
			fuelConsumptionUnit: 3,
			fuelType: 4,
			fuelConsumptionRate: null,
		});
		const requests = fx.apiRequests();
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /api/v4/integration/machines/by-machine-number/G-2',
			`PATCH /api/v4/integration/machines/${machine.id}/esg`,
		]);
		expect(requests[1].body).toEqual({ fuelConsumptionUnit: 3, fuelType: 4 });
	});

	it('requires at least one ESG field and sends nothing without one', async () => {
		const machine = addMachine(fx, { machineNumber: 'G-3' });
		const result = await runOperation(fx, 'machine', 'updateEsg', {
			machine: machineRl('id', machine.id),
			esgFields: {},
		});
		expect(result.error?.message).toBe('No ESG field to update');
		expect(result.error?.description).toContain(
			'Fuel Consumption Rate, Fuel Consumption Unit or Fuel Type',
		);
		expect(fx.apiRequests()).toEqual([]);
	});
});
