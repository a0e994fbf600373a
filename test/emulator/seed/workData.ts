import type { WorkDataOptions } from '../extraction/workData';
import type { Emulator } from '../server';
import { DEMO } from './demo';

/** Generated work data (time registrations, payroll lines) for the demo companies. */
export function seedWorkData(emulator: Emulator, options: WorkDataOptions | false = {}) {
	if (options === false) return;
	const { companies, sections } = emulator.ctx;
	const name = (id: string) => companies.get(id)?.name ?? id;
	sections.workData.seed(
		{
			parent: { id: DEMO.companies.parent, name: name(DEMO.companies.parent) },
			subsidiary: { id: DEMO.companies.subsidiary, name: name(DEMO.companies.subsidiary) },
		},
		options,
	);
}
