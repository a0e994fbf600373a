import { DEMO_MACHINES } from '../../emulator/seed/machines';
import { jsonOf } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { addMachine, machineRl } from '../../support/machines';

describe('Machine > Is Deletable', () => {
	const fx = useEmulator();

	it.each([
		['a machine with linked equipment', DEMO_MACHINES.excavator, false],
		['a machine registrations use', DEMO_MACHINES.truck, false],
		['a piece of equipment', DEMO_MACHINES.bucket, true],
	])('answers for %s', async (_label, id, expected) => {
		const result = await runOperation(fx, 'machine', 'isDeletable', {
			machine: machineRl('id', id),
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([{ isDeletable: expected, id }]);
		expect(callsOf(fx)).toEqual([
			`GET /api/v4/integration/machines/is-machine-deletable/${id} 200`,
		]);
	});

	it('by machine number names the resolved id', async () => {
		const machine = addMachine(fx, { machineNumber: 'ID-1' });
		const result = await runOperation(fx, 'machine', 'isDeletable', {
			machine: machineRl('machineNumber', 'ID-1'),
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([{ isDeletable: true, id: machine.id, machineNumber: 'ID-1' }]);
		expect(fx.apiRequests().map((r) => r.path)).toEqual([
			'/api/v4/integration/machines/by-machine-number/ID-1',
			`/api/v4/integration/machines/is-machine-deletable/${machine.id}`,
			'/api/v4/integration/machines/by-machine-number/ID-1',
		]);
	});
});
