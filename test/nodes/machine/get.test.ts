import { DEMO_MACHINES } from '../../emulator/seed/machines';
import { jsonOf, onlyItem } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { machineRl } from '../../support/machines';

describe('Machine > Get', () => {
	const fx = useEmulator();

	it('gets a machine by id', async () => {
		const result = await runOperation(fx, 'machine', 'get', {
			machine: machineRl('id', DEMO_MACHINES.wheelLoader),
		});
		expect(onlyItem(result)).toEqual(
			expect.objectContaining({
				id: DEMO_MACHINES.wheelLoader,
				machineNumber: 'M-200',
				typeId: 'WHEEL_LOADER',
			}),
		);
		expect(jsonOf(result)[0]).not.toHaveProperty('equipment');
		expect(callsOf(fx)).toEqual([
			`GET /api/v4/integration/machines/${DEMO_MACHINES.wheelLoader} 200`,
		]);
	});

	it('picked from the list, includes the linked equipment when asked', async () => {
		const result = await runOperation(fx, 'machine', 'get', {
			machine: machineRl('list', DEMO_MACHINES.excavator),
			includeEquipmentDetails: true,
		});
		expect(result.error).toBeUndefined();
		const [machine] = jsonOf(result);
		expect(machine.machineNumber).toBe('M-100');
		expect(
			(machine.equipment as Array<{ machineNumber: string }>).map((e) => e.machineNumber).sort(),
		).toEqual(['E-10', 'E-20']);
		const [get] = fx.apiRequests();
		expect(get).toMatchObject({
			path: `/api/v4/integration/machines/${DEMO_MACHINES.excavator}`,
			search: 'includeEquipmentDetails=true',
		});
	});

	it('by machine number uses the by-machine-number endpoint directly', async () => {
		const result = await runOperation(fx, 'machine', 'get', {
			machine: machineRl('machineNumber', 'M-300'),
		});
		expect(onlyItem(result)).toEqual(
			expect.objectContaining({ id: DEMO_MACHINES.truck, machineNumber: 'M-300' }),
		);
		expect(fx.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /api/v4/integration/machines/by-machine-number/M-300',
		]);
	});

	it("answers another company's machine with the same 404 as a missing one", async () => {
		for (const id of [DEMO_MACHINES.otherCompany, 'no-such-machine']) {
			fx.mark();
			const result = await runOperation(fx, 'machine', 'get', { machine: machineRl('id', id) });
			expect(result.items).toEqual([]);
			expect(result.error?.message).toMatch(/HTTP 404.*id: Machine '.*' was not found/);
			expect(fx.apiRequests()[0]).toMatchObject({
				path: `/api/v4/integration/machines/${id}`,
				status: 404,
			});
		}
	});
});
