import { DEMO, type Emulator, type StartOptions } from '../test/emulator';
import { prepareN8n, removeN8n, type BenchN8n } from './n8n-instance';

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
	/** After the suite's last run, before its emulator stops. */
	finish?: () => Promise<void> | void;
	variants: Variant[];
}

const timeRegistrations = Number(process.env.BENCH_TIME_REGISTRATIONS ?? 200_000);
const payrollRegistrations = Number(process.env.BENCH_PAYROLL_REGISTRATIONS ?? 50_000);
const machines = Number(process.env.BENCH_MACHINES ?? 5000);
const machineBatch = process.env.BENCH_MACHINE_BATCH ?? '100';
// n8n execute prints the whole run data: 100,000 records are about 300 MB of JSON, near V8's string limit at twice that.
const n8nRegistrations = Number(process.env.BENCH_N8N_TIME_REGISTRATIONS ?? 100_000);
let n8nInstance: BenchN8n | undefined;

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
	{
		id: 'n8n',
		title: `Return All in a running n8n (n8n execute), ${n8nRegistrations.toLocaleString('en-US')} time registrations`,
		emulator: { workData: { timeRegistrations: n8nRegistrations } },
		prepare: async (emulator) => {
			n8nInstance = await prepareN8n(emulator);
			process.env.BENCH_N8N_INSTANCE = JSON.stringify(n8nInstance);
		},
		finish: () => {
			removeN8n(n8nInstance);
			delete process.env.BENCH_N8N_INSTANCE;
		},
		variants: [
			{ label: 'HTTP Request node + pagination', script: 'n8n-execute', baseline: true, env: { BENCH_N8N_WORKFLOW: 'httpRequest' } },
			{ label: 'Workforce node', script: 'n8n-execute', env: { BENCH_N8N_WORKFLOW: 'workforce' } },
		],
	},
	{
		id: 'payroll',
		title: `Payroll export, 365 days in 45-day windows (${payrollRegistrations.toLocaleString('en-US')} time registrations)`,
		emulator: { workData: { timeRegistrations: payrollRegistrations } },
		variants: [
			{ label: 'plain undici loop, same windows', script: 'payroll-undici', baseline: true },
			{ label: 'Workforce node (n8n engine)', script: 'payroll-node' },
		],
	},
	{
		id: 'machines',
		title: `${machines.toLocaleString('en-US')} machines pushed`,
		emulator: {},
		variants: [
			{ label: 'node, one Create per item', script: 'machines', baseline: true, env: { BENCH_MACHINE_BATCH: '0', BENCH_COMPANY_ID: DEMO.companies.parent } },
			{ label: `node, Create Many in batches of ${machineBatch}`, script: 'machines', env: { BENCH_MACHINE_BATCH: machineBatch, BENCH_COMPANY_ID: DEMO.companies.parent } },
		],
	},
	{
		id: 'document',
		title: 'Document of 29,999,000 bytes, upload + download',
		emulator: {},
		variants: [
			{ label: 'plain undici, streamed multipart', script: 'document-undici', baseline: true },
			{ label: 'Workforce node (n8n engine, binary data on disk)', script: 'document-node' },
		],
	},
	{
		id: 'idlePoll',
		title: `Idle trigger polls (time registrations), ${process.env.BENCH_IDLE_POLLS ?? 20} polls`,
		emulator: { workData: { timeRegistrations: 10_000 } },
		variants: [{ label: 'Workforce Trigger (n8n PollTriggerExecutor)', script: 'idle-poll', baseline: true }],
	},
];
