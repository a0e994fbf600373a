import { seededId } from '../core/ids';
import type { Emulator } from '../server';
import { DEMO } from './demo';

/** Fixed ids of the demo machines, so tests and demo workflows can name them. */
export const DEMO_MACHINES = {
	excavator: seededId('machine', 1),
	wheelLoader: seededId('machine', 2),
	truck: seededId('machine', 3),
	bucket: seededId('machine', 4),
	breaker: seededId('machine', 5),
	otherCompany: seededId('machine', 6),
} as const;

/** Machine types per company, a small fleet with linked equipment, and one foreign machine. */
export function seedMachines(emulator: Emulator) {
	const { machineTypes, machines } = emulator.ctx.sections;
	const parent = DEMO.companies.parent;
	for (const companyId of [parent, DEMO.companies.subsidiary]) {
		machineTypes.add(companyId, { typeId: 'EXCAVATOR', name: 'Excavator' });
		machineTypes.add(companyId, { typeId: 'WHEEL_LOADER', name: 'Wheel loader' });
		machineTypes.add(companyId, { typeId: 'TRUCK', name: 'Truck' });
	}
	machineTypes.add(DEMO.companies.other, { typeId: 'CRANE', name: 'Crane' });

	machines.createFor(
		parent,
		{
			companyId: parent,
			machineNumber: 'M-100',
			name: 'Excavator CAT 320',
			typeId: 'EXCAVATOR',
			active: true,
			department: 'Earthworks',
			buildYear: 2019,
			hourMeter: 5210.5,
			serialNumber: 'CAT0320XKZ1234',
			serviceDate: '2026-03-01T00:00:00Z',
		},
		DEMO_MACHINES.excavator,
	);
	machines.createFor(
		parent,
		{
			companyId: parent,
			machineNumber: 'M-200',
			name: 'Wheel loader Volvo L90',
			typeId: 'WHEEL_LOADER',
			active: true,
			buildYear: 2021,
		},
		DEMO_MACHINES.wheelLoader,
	);
	machines.createFor(
		parent,
		{
			companyId: parent,
			machineNumber: 'M-300',
			name: 'Truck Scania R500',
			typeId: 'TRUCK',
			active: false,
			registrationNumber: 'EL 12345',
		},
		DEMO_MACHINES.truck,
	);
	// Equipment: type ids are not validated, and each is linked to the excavator.
	machines.createFor(
		parent,
		{
			companyId: parent,
			machineNumber: 'E-10',
			name: 'Digging bucket 1.2 m3',
			typeId: 'BUCKET',
			isEquipment: true,
			active: true,
			parentMachineId: DEMO_MACHINES.excavator,
		},
		DEMO_MACHINES.bucket,
	);
	machines.createFor(
		parent,
		{
			companyId: parent,
			machineNumber: 'E-20',
			name: 'Hydraulic breaker',
			isEquipment: true,
			active: true,
			parentMachineId: DEMO_MACHINES.excavator,
		},
		DEMO_MACHINES.breaker,
	);
	// The truck has registrations on it, so it cannot be deleted.
	machines.markUsed(DEMO_MACHINES.truck);
	machines.createFor(
		DEMO.companies.other,
		{
			companyId: DEMO.companies.other,
			machineNumber: 'M-100',
			name: 'Not yours',
			typeId: 'CRANE',
		},
		DEMO_MACHINES.otherCompany,
	);
}
