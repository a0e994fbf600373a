import { jsonOf } from '../../harness/execute';
import { runLoadOptions } from '../../harness/nodeMethods';
import { callsOf, DEMO, runOperation, useEmulator } from '../../support/emulatorFixture';

describe('Machine Type > Get Many', () => {
	const fx = useEmulator();

	it("lists the company's machine types, each with its typeId", async () => {
		const result = await runOperation(fx, 'machineType', 'getAll', { returnAll: true });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			{ typeId: 'EXCAVATOR', name: 'Excavator' },
			{ typeId: 'WHEEL_LOADER', name: 'Wheel loader' },
			{ typeId: 'TRUCK', name: 'Truck' },
		]);
		expect(callsOf(fx)).toEqual(['GET /api/MachineType 200']);
	});

	it('applies the limit', async () => {
		const result = await runOperation(fx, 'machineType', 'getAll', { returnAll: false, limit: 2 });
		expect(jsonOf(result).map((t) => t.typeId)).toEqual(['EXCAVATOR', 'WHEEL_LOADER']);
		expect(fx.apiRequests()[0]).toMatchObject({ path: '/api/MachineType', search: '' });
	});

	it("another company's client sees only its own types", async () => {
		fx.useClient(DEMO.clients.other);
		const result = await runOperation(fx, 'machineType', 'getAll', { returnAll: true });
		expect(jsonOf(result)).toEqual([{ typeId: 'CRANE', name: 'Crane' }]);
		expect(fx.apiRequests()[0]).toMatchObject({
			path: '/api/MachineType',
			clientId: DEMO.clients.other.clientId,
		});
	});

	it('offers the types as options of the Type field (load options)', async () => {
		const options = await runLoadOptions('getMachineTypes', fx.credentials, {
			resource: 'machine',
			operation: 'create',
		});
		expect(options).toEqual([
			{ name: 'Excavator (EXCAVATOR)', value: 'EXCAVATOR' },
			{ name: 'Truck (TRUCK)', value: 'TRUCK' },
			{ name: 'Wheel loader (WHEEL_LOADER)', value: 'WHEEL_LOADER' },
		]);
		expect(callsOf(fx)).toEqual(['GET /api/MachineType 200']);
	});
});
