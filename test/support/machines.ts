import type { Machine } from '../emulator/integration/machines';
import { DEMO, type Fixture } from './emulatorFixture';

/** A resource locator parameter value as n8n stores it. */
export function machineRl(mode: 'list' | 'id' | 'machineNumber', value: string) {
	return { __rl: true, mode, value };
}

/** Seeds a machine of the demo parent company straight into the emulator (no request logged). */
export function addMachine(
	fx: Fixture,
	fields: Record<string, unknown> & { machineNumber: string },
): Machine {
	return fx.emulator.ctx.sections.machines.createFor(DEMO.companies.parent, {
		companyId: DEMO.companies.parent,
		...fields,
	});
}

/** The stored machine of a company with this number, if any. */
export function storedMachine(
	fx: Fixture,
	machineNumber: string,
	companyId: string = DEMO.companies.parent,
): Machine | undefined {
	return fx.emulator.ctx.sections.machines
		.all()
		.find((m) => m.machineNumber === machineNumber && m.companyId === companyId);
}
