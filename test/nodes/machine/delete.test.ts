import { DEMO_MACHINES } from '../../emulator/seed/machines';
import { jsonOf } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { addMachine, machineRl, storedMachine } from '../../support/machines';

describe('Machine > Delete', () => {
	const fx = useEmulator();

	it('deletes by id and says what was deleted', async () => {
		const machine = addMachine(fx, { machineNumber: 'D-1' });
		const result = await runOperation(fx, 'machine', 'delete', {
			machine: machineRl('id', machine.id),
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([{ deleted: true, resource: 'machine', id: machine.id }]);
		expect(callsOf(fx)).toEqual([`DELETE /api/v4/integration/machines/${machine.id} 204`]);
		expect(storedMachine(fx, 'D-1')).toBeUndefined();
	});

	it('deletes by machine number after looking the id up', async () => {
		const machine = addMachine(fx, { machineNumber: 'D-2' });
		const result = await runOperation(fx, 'machine', 'delete', {
			machine: machineRl('machineNumber', 'D-2'),
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([{ deleted: true, resource: 'machine', machineNumber: 'D-2' }]);
		expect(fx.apiRequests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /api/v4/integration/machines/by-machine-number/D-2 200',
			`DELETE /api/v4/integration/machines/${machine.id} 204`,
		]);
	});

	it('refuses a machine with linked equipment, naming the reason', async () => {
		const result = await runOperation(fx, 'machine', 'delete', {
			machine: machineRl('id', DEMO_MACHINES.excavator),
		});
		expect(result.error?.message).toContain('MachineService.machineNotDeletable');
		expect(result.error?.message).toContain('equipment is linked');
		expect(fx.apiRequests()[0]).toMatchObject({ method: 'DELETE', status: 400 });
		expect(storedMachine(fx, 'M-100')).toBeDefined();
	});
});
