import { jsonOf, onlyItem } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { addMachine, machineRl } from '../../support/machines';

describe('Machine > Update', () => {
	const fx = useEmulator();

	it('patches only the fields set; the others keep their values', async () => {
		const machine = addMachine(fx, {
			machineNumber: 'U-1',
			name: 'Loader',
			department: 'North',
			active: true,
			hourMeter: 100,
		});
		const result = await runOperation(fx, 'machine', 'update', {
			machine: machineRl('id', machine.id),
			updateFields: { hourMeter: 250.5, active: false },
		});
		expect(onlyItem(result)).toEqual(
			expect.objectContaining({
				id: machine.id,
				name: 'Loader',
				department: 'North',
				hourMeter: 250.5,
				active: false,
			}),
		);
		const [patch] = fx.apiRequests();
		expect(callsOf(fx)).toEqual([`PATCH /api/v4/integration/machines/${machine.id} 200`]);
		expect(patch.body).toEqual({ hourMeter: 250.5, active: false });
	});

	it('clears a text field left empty, by machine number', async () => {
		const machine = addMachine(fx, { machineNumber: 'U-2', note: 'remove me' });
		const result = await runOperation(fx, 'machine', 'update', {
			machine: machineRl('machineNumber', 'U-2'),
			updateFields: { note: '' },
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({ id: machine.id, note: null });
		const requests = fx.apiRequests();
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /api/v4/integration/machines/by-machine-number/U-2',
			`PATCH /api/v4/integration/machines/${machine.id}`,
		]);
		expect(requests[1].body).toEqual({ note: null });
	});

	it('refuses an update without fields before sending anything', async () => {
		const machine = addMachine(fx, { machineNumber: 'U-3' });
		const result = await runOperation(fx, 'machine', 'update', {
			machine: machineRl('id', machine.id),
			updateFields: {},
		});
		expect(result.error?.message).toBe('No fields to update');
		expect(fx.apiRequests()).toEqual([]);
	});

	it('runs once per input item; with Continue On Fail a failed item does not stop the others', async () => {
		const machine = addMachine(fx, { machineNumber: 'U-4', hourMeter: 1 });
		const result = await runOperation(
			fx,
			'machine',
			'update',
			{
				machine: machineRl('machineNumber', '={{ $json.number }}'),
				updateFields: { hourMeter: '={{ $json.hours }}' },
			},
			{
				continueOnFail: true,
				items: [{ json: { number: 'U-4', hours: 7 } }, { json: { number: 'U-404', hours: 8 } }],
			},
		);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({ id: machine.id, hourMeter: 7 });
		expect(String(jsonOf(result)[1].error)).toContain(
			'Looking up machine number "U-404" failed (HTTP 404)',
		);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		// n8n runs the items' requests concurrently, so only the set of requests is fixed.
		expect(
			fx
				.apiRequests()
				.map((r) => `${r.method} ${r.path} ${r.status}`)
				.sort(),
		).toEqual([
			'GET /api/v4/integration/machines/by-machine-number/U-4 200',
			'GET /api/v4/integration/machines/by-machine-number/U-404 404',
			`PATCH /api/v4/integration/machines/${machine.id} 200`,
		]);
	});
});
