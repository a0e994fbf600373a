import type { ClockSettings } from './core/clock';
import type { EmulatorOptions } from './core/context';
import type { LatencyInput } from './core/latency';
import { seedDemo, type SeedOptions } from './seed/demo';
import { Emulator } from './server';

export { DEMO } from './seed/demo';
export { Emulator } from './server';
export type { LoggedRequest } from './control/requestLog';
export type { FaultRule } from './control/faults';
export type { WorkDataOptions } from './extraction/workData';
export type { ClockMode, ClockSettings, ClockState } from './core/clock';
export { LATENCY_PRESETS } from './core/latency';
export type { ConcurrencyCounters, LatencyInput, LatencySettings } from './core/latency';

export interface StartOptions extends Partial<EmulatorOptions> {
	port?: number;
	/** The emulator's clock: `'frozen'`, `{ mode: 'stepped', stepMs: 1000 }`... (core/clock.ts); real time by default. */
	clock?: ClockSettings | string;
	/** How far away the service is: `'internet'`, `{ ttfbMs: 20, maxConcurrent: 4 }`... (core/latency.ts); off by default. */
	latency?: LatencyInput | string;
	seed?: SeedOptions | false;
	/** Shorthand for `seed.workData`: e.g. `{ timeRegistrations: 200000, pageSize: 2500 }`. */
	workData?: SeedOptions['workData'];
	/** Shorthand for `seed.images`: e.g. `{ parentsPerSource: 100 }`. */
	images?: SeedOptions['images'];
}

/** Starts an emulator on loopback with the demo data (unless `seed: false`). */
export async function startEmulator(options: StartOptions = {}): Promise<Emulator> {
	const { port, seed, workData, images, ...emulatorOptions } = options;
	const emulator = new Emulator(emulatorOptions);
	if (seed !== false)
		seedDemo(emulator, {
			...(seed ?? {}),
			...(workData !== undefined ? { workData } : {}),
			...(images !== undefined ? { images } : {}),
		});
	await emulator.listen(port ?? 0);
	return emulator;
}
