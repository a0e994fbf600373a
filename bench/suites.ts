import type { Emulator } from '../test/emulator';
import type { StartOptions } from '../test/emulator';

export interface Variant {
	label: string;
	/** Compiled file under bench/scenarios (without .js). */
	script: string;
	baseline?: boolean;
	env?: Record<string, string>;
}

export interface Suite {
	id: string;
	title: string;
	emulator: StartOptions;
	prepare?: (emulator: Emulator) => Promise<void> | void;
	beforeEach?: (emulator: Emulator) => Promise<void> | void;
	variants: Variant[];
}

const timeRegistrations = Number(process.env.BENCH_TIME_REGISTRATIONS ?? 200_000);

/** What `npm run bench` measures. */
export const SUITES: Suite[] = [
	{
		id: 'extraction',
		title: `Return All, ${timeRegistrations.toLocaleString('en-US')} time registrations`,
		emulator: { workData: { timeRegistrations } },
		variants: [
			{ label: 'plain undici loop', script: 'extraction-undici', baseline: true },
			{ label: 'Workforce node (n8n engine)', script: 'extraction-node' },
			{ label: 'HTTP Request node + pagination', script: 'extraction-http-node' },
		],
	},
];
