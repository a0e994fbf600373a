import { jsonOf, onlyItem } from '../../harness/execute';
import { callsOf, DEMO, runOperation, useEmulator } from '../../support/emulatorFixture';
import { addMachine, machineRl } from '../../support/machines';

describe('Machine > Replace', () => {
	const fx = useEmulator();

	it('puts the complete machine: fields left out are cleared', async () => {
		const machine = addMachine(fx, {
			machineNumber: 'R-1',
			name: 'Old name',
			department: 'Old dept',
			typeId: 'TRUCK',
			active: true,
			hourMeter: 10,
		});
		const result = await runOperation(fx, 'machine', 'replace', {
			machine: machineRl('id', machine.id),
			companyId: DEMO.companies.parent,
			machineNumber: 'R-1',
			fields: { name: 'New name', typeId: 'EXCAVATOR', purchasedDate: '2024-05-01T00:00:00' },
		});
		expect(onlyItem(result)).toEqual(
			expect.objectContaining({
				id: machine.id,
				name: 'New name',
				typeId: 'EXCAVATOR',
				department: null,
				active: false,
				hourMeter: null,
				purchasedDate: '2024-05-01T00:00:00',
			}),
		);
		const [put] = fx.apiRequests();
		expect(callsOf(fx)).toEqual([`PUT /api/v4/integration/machines/${machine.id} 200`]);
		expect(put.body).toEqual({
			companyId: DEMO.companies.parent,
			machineNumber: 'R-1',
			name: 'New name',
			typeId: 'EXCAVATOR',
			purchasedDate: '2024-05-01T00:00:00',
		});
	});

	it('by machine number looks the id up first, then puts to the id', async () => {
		const machine = addMachine(fx, { machineNumber: 'R-2', name: 'Two' });
		const result = await runOperation(fx, 'machine', 'replace', {
			machine: machineRl('machineNumber', 'R-2'),
			companyId: DEMO.companies.parent,
			machineNumber: 'R-2B',
			fields: { name: 'Two renumbered' },
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({
			id: machine.id,
			machineNumber: 'R-2B',
			name: 'Two renumbered',
		});
		expect(fx.apiRequests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /api/v4/integration/machines/by-machine-number/R-2 200',
			`PUT /api/v4/integration/machines/${machine.id} 200`,
		]);
	});

	it('answers the same 404 for a machine of another company and a missing one', async () => {
		const foreign = fx.emulator.ctx.sections.machines
			.all()
			.find((m) => m.companyId === DEMO.companies.other)!;
		for (const id of [foreign.id, 'missing-id']) {
			fx.mark();
			const result = await runOperation(fx, 'machine', 'replace', {
				machine: machineRl('id', id),
				companyId: DEMO.companies.parent,
				machineNumber: 'X',
			});
			expect(result.error?.message).toContain(`HTTP 404): id: Machine '${id}' was not found.`);
			expect(fx.apiRequests()[0]).toMatchObject({ method: 'PUT', status: 404 });
		}
		expect(foreign.name).toBe('Not yours');
	});
});
