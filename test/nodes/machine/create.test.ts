import { jsonOf, onlyItem } from '../../harness/execute';
import { callsOf, DEMO, runOperation, useEmulator } from '../../support/emulatorFixture';

describe('Machine > Create', () => {
	const fx = useEmulator();

	it('posts the required and typed optional fields and returns the created machine', async () => {
		const required = { companyId: DEMO.companies.parent, machineNumber: 'M-9001' };
		const additionalFields = {
			name: 'Dumper Volvo A30G',
			typeId: 'TRUCK',
			active: true,
			buildYear: 2022,
			weight: 23500.5,
			serviceDate: '2026-02-01T00:00:00',
			department: 'Transport',
		};
		const result = await runOperation(fx, 'machine', 'create', { ...required, additionalFields });
		const machine = onlyItem(result);
		expect(machine).toMatchObject({
			...required,
			name: 'Dumper Volvo A30G',
			typeId: 'TRUCK',
			active: true,
			isEquipment: false,
			buildYear: 2022,
		});
		expect(typeof machine.id).toBe('string');
		expect(callsOf(fx)).toEqual(['POST /api/v4/integration/machines 201']);
		// Every field set goes out as it was typed.
		expect(fx.apiRequests()[0].body).toEqual({ ...required, ...additionalFields });
	});

	it('creates equipment linked to a machine with a type id the company does not have', async () => {
		const excavator = fx.emulator.ctx.sections.machines
			.all()
			.find((m) => m.machineNumber === 'M-100' && m.companyId === DEMO.companies.parent)!;
		const result = await runOperation(fx, 'machine', 'create', {
			companyId: DEMO.companies.parent,
			machineNumber: 'E-9001',
			additionalFields: {
				isEquipment: true,
				typeId: 'TILTROTATOR',
				parentMachineId: excavator.id,
			},
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({
			machineNumber: 'E-9001',
			isEquipment: true,
			typeId: 'TILTROTATOR',
			parentMachineId: excavator.id,
		});
		expect(fx.apiRequests()[0].body).toEqual({
			companyId: DEMO.companies.parent,
			machineNumber: 'E-9001',
			isEquipment: true,
			typeId: 'TILTROTATOR',
			parentMachineId: excavator.id,
		});
	});

	it('names MachineService.machineTypeInvalid and the value sent for an unknown machine type', async () => {
		const result = await runOperation(fx, 'machine', 'create', {
			companyId: DEMO.companies.parent,
			machineNumber: 'M-9002',
			additionalFields: { typeId: 'SUBMARINE' },
		});
		expect(result.error?.message).toContain('MachineService.machineTypeInvalid');
		expect(result.error?.message).toContain('typeId');
		expect(result.error?.message).toContain('SUBMARINE');
		expect(result.error?.description).toContain('Machine Type > Get Many');
		expect(fx.apiRequests()).toHaveLength(1);
		expect(fx.apiRequests()[0]).toMatchObject({ method: 'POST', status: 400 });
		expect(fx.emulator.ctx.sections.machines.all().some((m) => m.machineNumber === 'M-9002')).toBe(
			false,
		);
	});
});
