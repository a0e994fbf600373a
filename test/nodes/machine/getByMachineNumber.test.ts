import { DEMO_MACHINES } from '../../emulator/seed/machines';
import { jsonOf, onlyItem } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { addMachine } from '../../support/machines';

describe('Machine > Get by Machine Number', () => {
	const fx = useEmulator();

	it('gets the machine with that number, with its equipment when asked', async () => {
		const result = await runOperation(fx, 'machine', 'getByMachineNumber', {
			machineNumber: 'M-100',
			includeEquipmentDetails: true,
		});
		expect(result.error).toBeUndefined();
		const [machine] = jsonOf(result);
		expect(machine).toMatchObject({ id: DEMO_MACHINES.excavator, machineNumber: 'M-100' });
		expect(machine.equipment).toHaveLength(2);
		expect(callsOf(fx)).toEqual([
			'GET /api/v4/integration/machines/by-machine-number/M-100?includeEquipmentDetails=true 200',
		]);
	});

	it('encodes a number holding / ? # and spaces into one path segment', async () => {
		const odd = addMachine(fx, { machineNumber: 'AB/12?x#3 y' });
		const result = await runOperation(fx, 'machine', 'getByMachineNumber', {
			machineNumber: 'AB/12?x#3 y',
		});
		expect(onlyItem(result)).toEqual(
			expect.objectContaining({ id: odd.id, machineNumber: 'AB/12?x#3 y' }),
		);
		expect(fx.apiRequests()[0]).toMatchObject({
			path: '/api/v4/integration/machines/by-machine-number/AB%2F12%3Fx%233%20y',
			search: '',
		});
	});

	it('names the machine number when none matches', async () => {
		const result = await runOperation(fx, 'machine', 'getByMachineNumber', {
			machineNumber: 'M-404',
		});
		expect(result.error?.message).toContain(
			"machineNumber: Machine with number 'M-404' was not found",
		);
		expect(fx.apiRequests()[0]).toMatchObject({ status: 404 });
	});
});
