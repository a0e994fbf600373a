import type { EmulatorOptions } from './core/context';
import { seedDemo, type SeedOptions } from './seed/demo';
import { Emulator } from './server';

export { DEMO } from './seed/demo';
export { Emulator } from './server';
export type { LoggedRequest } from './control/request-log';
export type { FaultRule } from './control/faults';

export interface StartOptions extends Partial<EmulatorOptions> {
	port?: number;
	seed?: SeedOptions | false;
}

/** Starts an emulator on loopback with the demo data (unless `seed: false`). */
export async function startEmulator(options: StartOptions = {}): Promise<Emulator> {
	const { port, seed, ...emulatorOptions } = options;
	const emulator = new Emulator(emulatorOptions);
	if (seed !== false) seedDemo(emulator, seed ?? {});
	await emulator.listen(port ?? 0);
	return emulator;
}
