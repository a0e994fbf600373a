import { execFileSync } from 'node:child_process';

import { DEMO, type Emulator, type LatencyInput, type StartOptions } from '../test/emulator';
import {
	prepareN8n,
	removeN8n,
	type BenchN8n,
	type BenchWorkflow,
	type ExtractionWindow,
} from './n8nInstance';
import { timeRegistrationPageUrls } from './pageUrls';

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
	/** Runs per variant, when not BENCH_RUNS (the long suites). */
	runs?: number;
}

const timeRegistrations = Number(process.env.BENCH_TIME_REGISTRATIONS ?? 200_000);
const payrollRegistrations = Number(process.env.BENCH_PAYROLL_REGISTRATIONS ?? 50_000);
const machines = Number(process.env.BENCH_MACHINES ?? 5000);
const machineBatch = process.env.BENCH_MACHINE_BATCH ?? '100';
// n8n execute prints the whole run data: 100,000 records are about 300 MB of JSON, near V8's string limit at twice that.
const n8nRegistrations = Number(process.env.BENCH_N8N_TIME_REGISTRATIONS ?? 100_000);
// Issue 13: File output and item mode at volumes n8n's item model cannot hold.
const fileRecords = Number(process.env.BENCH_N8N_FILE_RECORDS ?? 1_000_000);
const fileRecordsLarge = Number(process.env.BENCH_N8N_FILE_RECORDS_LARGE ?? 5_000_000);
const itemRecords = Number(process.env.BENCH_N8N_ITEM_RECORDS ?? 200_000);
const backfillRecords = Number(process.env.BENCH_BACKFILL_RECORDS ?? 1_000_000);
const longRuns = process.env.BENCH_RUNS ? Number(process.env.BENCH_RUNS) : 1;
let n8nInstance: BenchN8n | undefined;

/**
 * An emulator-backed n8n (package installed, workflows imported) for one suite; `pageUrls`, when
 * given, walks the pages for the HTTP Request peer of File output (see prepareN8n).
 */
const withN8n = (pageUrls?: (emulator: Emulator) => Promise<string[]>) => ({
	prepare: async (emulator: Emulator) => {
		n8nInstance = await prepareN8n(emulator, pageUrls && (await pageUrls(emulator)));
		process.env.BENCH_N8N_INSTANCE = JSON.stringify(n8nInstance);
	},
	finish: () => {
		removeN8n(n8nInstance);
		delete process.env.BENCH_N8N_INSTANCE;
	},
});
const inN8n = (
	label: string,
	workflow: string,
	baseline = false,
	env: Record<string, string> = {},
): Variant => ({
	label,
	script: 'n8nExecute',
	baseline,
	env: { BENCH_N8N_WORKFLOW: workflow, ...env },
});
const inServer = (label: string, workflow: string, env: Record<string, string> = {}): Variant => ({
	label,
	script: 'n8nServer',
	env: { BENCH_N8N_WORKFLOW: workflow, ...env },
});
/** n8n start rows that also print the execution's own start to stop as a row (bench/scenarios/n8nServer). */
const withSpan = { BENCH_N8N_SPAN: '1' };
/** File runs get Node's own heap limit, as a plain `n8n start` does, unless BENCH_N8N_HEAP_MB says otherwise. */
const fileHeap = { BENCH_N8N_HEAP_MB: process.env.BENCH_N8N_HEAP_MB ?? 'stock' };

/** BENCH_BALLAST_MB: live heap sizes (MiB, comma-separated) the plain loop also runs beside. */
const ballasts = (process.env.BENCH_BALLAST_MB ?? '150,300').split(',').filter(Boolean).map(Number);

/** File output against the plain undici loop over `records` time registrations (one suite per volume). */
const fileSuite = (id: string, records: number, gzip: boolean): Suite => ({
	id,
	title: `File output in a running n8n, ${records.toLocaleString('en-US')} time registrations`,
	emulator: { workData: { timeRegistrations: records } },
	// The page URLs first, for n8n's own HTTP Request node (a peer: the same bytes into binary files).
	...withN8n(timeRegistrationPageUrls),
	// Each run starts with the disk quiet: the files earlier runs wrote (1.4 GB a million records) are
	// flushed first, not while the next run writes its own.
	beforeEach: () => {
		execFileSync('sync');
	},
	runs: longRuns,
	variants: [
		{
			label: 'plain undici loop, parse and keep nothing',
			script: 'extractionUndiciCount',
			baseline: true,
		},
		// The same loop in a process holding as much as an idle n8n: what the bytes cost its collector.
		...ballasts.flatMap((mb): Variant[] => [
			{
				label: `plain undici loop beside ${mb} MiB of live objects (an idle n8n's heap)`,
				script: 'extractionUndiciCount',
				env: { BENCH_LOOP_BALLAST_MB: String(mb) },
			},
			{
				label: `plain undici loop, bytes only (no parse), beside ${mb} MiB of live objects`,
				script: 'extractionUndiciCount',
				env: { BENCH_LOOP_BALLAST_MB: String(mb), BENCH_LOOP_BYTES: '1' },
			},
		]),
		{
			label: 'plain undici loop, bytes only (no parse)',
			script: 'extractionUndiciCount',
			env: { BENCH_LOOP_BYTES: '1' },
		},
		// The File output's like-for-like floors: the same loop writing the node's bytes.
		{
			label: 'plain undici loop writing NDJSON to a file',
			script: 'extractionUndiciCount',
			env: { BENCH_LOOP_FILE: 'ndjson' },
		},
		...(gzip
			? [
					{
						label: 'plain undici loop writing gzipped NDJSON to a file',
						script: 'extractionUndiciCount',
						env: { BENCH_LOOP_FILE: 'gzip' },
					},
				]
			: []),
		inN8n(
			"n8n's HTTP Request node, the same pages one by one (Loop Over Items), each to a binary file",
			'httpRequestFiles',
			false,
			fileHeap,
		),
		inN8n(
			"n8n's own footprint: same workflow, Limit 1, File",
			'workforceFileFootprint',
			false,
			fileHeap,
		),
		// Each label names its command: no label contains another, so BENCH_VARIANT picks one by its label.
		inN8n('Workforce node, Output File (NDJSON), n8n execute', 'workforceFile', false, fileHeap),
		...(gzip
			? [
					inN8n(
						'Workforce node, Output File (NDJSON, gzip), n8n execute',
						'workforceFileGzip',
						false,
						fileHeap,
					),
				]
			: []),
		// As users run n8n: a server that is up and idle when the run starts (bench/scenarios/n8nServer).
		inServer('Workforce node, Output File (NDJSON), n8n start', 'workforceFile'),
		...(gzip
			? [inServer('Workforce node, Output File (NDJSON, gzip), n8n start', 'workforceFileGzip')]
			: []),
		inServer("n8n's HTTP Request node, the same pages one by one, n8n start", 'httpRequestFiles'),
	],
});

// Issue 23: a year of time registrations, read at the latency of the internet and of loopback.
const latencyRecords = Number(process.env.BENCH_LATENCY_RECORDS ?? 1_000_000);
const parallel = Number(process.env.BENCH_PARALLEL ?? 4);
/** The Partition By settings compared, each beside the plain loop over the same partitions (BENCH_PARTITIONS_BY, comma-separated). */
const partitionsBy = (process.env.BENCH_PARTITIONS_BY ?? 'month').split(',');
const partitionName = (by: string) => by[0].toUpperCase() + by.slice(1);

/** From the first of the month 13 months ago to the end of this month: every generated record, in month windows. */
function yearWindow(): ExtractionWindow {
	const now = new Date();
	const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 13, 1));
	const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
	return {
		from: from.toISOString(),
		// ToDateTime is inclusive: the window's last instant.
		to: new Date(end.getTime() - 1).toISOString(),
		partitionBy: 'month',
		parallelRequests: parallel,
		partitionsBy,
	};
}

/**
 * An n8n with `window`'s workflows (bench/n8nInstance) for a long suite, files flushed before each
 * run; `peerPages`: the page walk for the HTTP Request peer first, at loopback speed; `also`: more
 * set-up once n8n is prepared.
 */
const n8nOverWindow = (
	window: (emulator: Emulator) => ExtractionWindow,
	peerPages: boolean,
	also?: (emulator: Emulator, window: ExtractionWindow) => void,
): Pick<Suite, 'prepare' | 'finish' | 'beforeEach' | 'runs'> => ({
	prepare: async (emulator: Emulator) => {
		const planned = window(emulator);
		const pages = peerPages ? await timeRegistrationPageUrls(emulator) : undefined;
		n8nInstance = await prepareN8n(emulator, pages, planned);
		process.env.BENCH_N8N_INSTANCE = JSON.stringify(n8nInstance);
		also?.(emulator, planned);
	},
	finish: () => {
		removeN8n(n8nInstance);
		delete process.env.BENCH_N8N_INSTANCE;
	},
	beforeEach: () => {
		execFileSync('sync');
	},
	runs: longRuns,
});

/** A year of time registrations in an n8n with the window's workflows, the emulator at `latency` for the runs. */
const yearInN8n = (
	window: ExtractionWindow,
	latency: LatencyInput,
	peerPages: boolean,
): Pick<Suite, 'emulator' | 'prepare' | 'finish' | 'beforeEach' | 'runs'> => ({
	// About 2 registrations a working day per employee: enough employees for the records to span a year.
	emulator: {
		workData: {
			timeRegistrations: latencyRecords,
			employees: Math.max(8, Math.ceil(latencyRecords / 520)),
		},
	},
	...n8nOverWindow(
		() => window,
		peerPages,
		(emulator) => emulator.ctx.latency.set(latency),
	),
});

/**
 * Return All over a year at one latency preset (test/emulator/core/latency.ts), each way beside
 * its floors: the plain loop over one stream, the same loop over the same month windows with the
 * same concurrency, n8n's HTTP Request node, and the Workforce node with partitions off and on.
 * Item-mode variants hold every record in n8n (BENCH_VARIANT picks variants).
 */
const latencySuite = (id: string, preset: 'internet' | 'loopback'): Suite => {
	const window = yearWindow();
	const server = (label: string, workflow: BenchWorkflow): Variant => ({
		...inServer(`${label}, n8n start`, workflow),
	});
	return {
		id,
		title: `Return All at ${preset} latency, ${latencyRecords.toLocaleString('en-US')} time registrations over a year`,
		...yearInN8n(window, { preset }, true),
		variants: [
			{
				label: 'plain undici loop, one stream (the floor)',
				script: 'extractionUndiciCount',
				baseline: true,
			},
			...partitionsBy.flatMap((by): Variant[] => [
				{
					label: `plain undici loop, ${by} windows, ${parallel} at a time (the parallel floor)`,
					script: 'extractionUndiciPartitions',
					env: {
						BENCH_PARALLEL: String(parallel),
						BENCH_PARTITION_BY: by,
						BENCH_WINDOW_FROM: window.from,
						BENCH_WINDOW_TO: new Date(Date.parse(window.to) + 1).toISOString(),
					},
				},
				server(
					`Workforce node, File, Partition By ${partitionName(by)}, ${parallel} Parallel Requests`,
					`workforceFilePartitioned.${by}`,
				),
			]),
			server('Workforce node, File, one stream', 'workforceFileWindow'),
			server(
				"n8n's HTTP Request node, the same pages one by one to binary files",
				'httpRequestFiles',
			),
			server(
				`Workforce node, items, Partition By Month, ${parallel} Parallel Requests`,
				'workforcePartitioned',
			),
			server('Workforce node, items, one stream', 'workforceWindow'),
			server("n8n's HTTP Request node + pagination (items)", 'httpRequest'),
		],
	};
};

/**
 * Issue 33: the service's concurrency limit below Parallel Requests. At the internet preset with
 * `maxConcurrent` = `limit` (429 with Retry-After above it, 503 from twice it), the node asks for
 * `asked` requests in flight; the baseline is the plain loop over the same week windows keeping
 * `limit` in flight (never refused). BENCH_LIMIT_CASES: `limit:asked` pairs, e.g. `3:4,2:8`.
 */
const limitSuite = (limit: number, asked: number): Suite => {
	const window = { ...yearWindow(), parallelRequests: asked, partitionsBy: ['week', 'month'] };
	return {
		id: `limit${limit}of${asked}`,
		title: `Return All at internet latency, the service refusing above ${limit} in flight, ${asked} Parallel Requests, ${latencyRecords.toLocaleString('en-US')} time registrations over a year`,
		...yearInN8n(
			window,
			{ preset: 'internet', maxConcurrent: limit, overloadAt: 2 * limit },
			false,
		),
		variants: [
			{
				label: `plain undici loop, week windows, ${limit} at a time (the limit's floor)`,
				script: 'extractionUndiciPartitions',
				baseline: true,
				env: {
					BENCH_PARALLEL: String(limit),
					BENCH_PARTITION_BY: 'week',
					BENCH_WINDOW_FROM: window.from,
					BENCH_WINDOW_TO: new Date(Date.parse(window.to) + 1).toISOString(),
				},
			},
			...window.partitionsBy.map((by) =>
				inServer(
					`Workforce node, File, Partition By ${partitionName(by)}, ${asked} Parallel Requests, n8n start`,
					`workforceFilePartitioned.${by}`,
				),
			),
		],
	};
};
const limitCases = (process.env.BENCH_LIMIT_CASES ?? '3:4,2:8')
	.split(',')
	.map((pair) => pair.split(':').map(Number) as [number, number]);

// Issue 46: n8n held to a small instance's memory (bench/scenarios/smallInstance).
const smallMib = process.env.BENCH_SMALL_MIB ?? '640';
const smallItems = (process.env.BENCH_SMALL_ITEMS ?? '20000,200000').split(',').map(Number);
const smallFileRecords = Number(process.env.BENCH_SMALL_FILE_RECORDS ?? 1_000_000);

/** From the first to the last work date the emulator holds (00:00 UTC), Partition By Week. */
function dataWindow(emulator: Emulator): ExtractionWindow {
	const data = emulator.ctx.sections.workData.data;
	let [first, last] = ['9999', '0000'];
	for (let i = 0; i < data.count; i++) {
		const day = data.timeRegistration(i).workDate as string;
		if (day < first) first = day;
		if (day > last) last = day;
	}
	return {
		from: `${first}T00:00:00.000Z`,
		to: `${last}T00:00:00.000Z`,
		partitionBy: 'week',
		parallelRequests: parallel,
		partitionsBy: ['week'],
	};
}

/**
 * `records` time registrations read in an n8n held to BENCH_SMALL_MIB, one fresh n8n per variant
 * (a variant may take it down); `pages`: the page walk for n8n's HTTP Request node to files.
 */
const smallSuite = (
	id: string,
	what: string,
	records: number,
	variants: Variant[],
	pages = false,
): Suite => ({
	id,
	title: `${what} in n8n held to ${smallMib} MiB, ${records.toLocaleString('en-US')} time registrations`,
	emulator: { workData: { timeRegistrations: records } },
	...n8nOverWindow(dataWindow, pages, (_, window) => {
		process.env.BENCH_SMALL_WINDOW = JSON.stringify({
			fromDateTime: window.from,
			toDateTime: window.to,
		});
	}),
	variants: variants.map((v) => ({
		...v,
		env: { BENCH_SMALL_MIB: smallMib, BENCH_SMALL_RECORDS: String(records), ...v.env },
	})),
});
const small = (label: string, workflow: BenchWorkflow | 'budget'): Variant => ({
	label,
	script: 'smallInstance',
	env:
		workflow === 'budget'
			? { BENCH_SMALL_CASE: 'budget' }
			: { BENCH_SMALL_CASE: 'workflow', BENCH_N8N_WORKFLOW: workflow },
});
const smallSuites: Suite[] = [
	...smallItems.map((records) =>
		smallSuite(`small${records / 1000}k`, 'Return All into items', records, [
			small(
				'Workforce node v2, default Item Memory Budget, Week, resumed execution after execution',
				'budget',
			),
			small('Workforce node v1 (no budget), one execution', 'workforce'),
			small("n8n's HTTP Request node + pagination + Split Out, one execution", 'httpSplitOut'),
		]),
	),
	smallSuite(
		'smallFile',
		'Output: File (NDJSON)',
		smallFileRecords,
		[
			small('Workforce node, File, one stream', 'workforceFile'),
			small(
				'Workforce node, File, Partition By Week, 4 Parallel Requests',
				'workforceFilePartitioned.week',
			),
			small(
				"n8n's HTTP Request node, the same pages one by one to binary files",
				'httpRequestFiles',
			),
		],
		true,
	),
];

/** What `npm run bench` measures. */
export const SUITES: Suite[] = [
	latencySuite('loopback', 'loopback'),
	latencySuite('internet', 'internet'),
	{
		id: 'extraction',
		title: `Return All, ${timeRegistrations.toLocaleString('en-US')} time registrations`,
		emulator: { workData: { timeRegistrations } },
		variants: [
			{ label: 'plain undici loop', script: 'extractionUndici', baseline: true },
			{ label: 'Workforce node (n8n engine)', script: 'extractionNode' },
			{ label: 'HTTP Request node + pagination', script: 'extractionHttpNode' },
		],
	},
	{
		id: 'n8n',
		title: `Return All in a running n8n (n8n execute), ${n8nRegistrations.toLocaleString('en-US')} time registrations`,
		emulator: { workData: { timeRegistrations: n8nRegistrations } },
		...withN8n(),
		variants: [
			{
				label: 'HTTP Request node + pagination',
				script: 'n8nExecute',
				baseline: true,
				env: { BENCH_N8N_WORKFLOW: 'httpRequest' },
			},
			{ label: 'Workforce node', script: 'n8nExecute', env: { BENCH_N8N_WORKFLOW: 'workforce' } },
		],
	},
	fileSuite('n8nFile', fileRecords, true),
	{
		id: 'n8nItems',
		title: `Item mode in a running n8n, ${itemRecords.toLocaleString('en-US')} time registrations`,
		emulator: { workData: { timeRegistrations: itemRecords } },
		...withN8n(),
		runs: longRuns,
		variants: [
			// Issue 33's target is against the loop; `n8n execute` prints the run data, which at
			// 200,000 records passes V8's string limit after n8n saved the run, so the figures come
			// from `n8n start` (the saved execution's executionTime).
			{
				label: 'plain undici loop, parse and keep nothing',
				script: 'extractionUndiciCount',
				baseline: true,
			},
			// What the node must hand n8n, kept by the loop: what holding the items costs, apart from n8n.
			{
				label: 'plain undici loop keeping every record as an item',
				script: 'extractionUndiciCount',
				env: { BENCH_LOOP_ITEMS: '1' },
			},
			...ballasts.map(
				(mb): Variant => ({
					label: `plain undici loop beside ${mb} MiB of live objects, keeping every record as an item`,
					script: 'extractionUndiciCount',
					env: { BENCH_LOOP_ITEMS: '1', BENCH_LOOP_BALLAST_MB: String(mb) },
				}),
			),
			// The node's and n8n's own times, each run also timed from its execution's start to stop.
			inServer('Workforce node, Output Items, n8n start', 'workforce', withSpan),
			// n8n's fixed cost of an execution, which the loop does not pay: its start to stop at one request.
			inServer(
				'Workforce node, Limit 1 (one request, one record), n8n start',
				'workforceFootprint',
				withSpan,
			),
			inServer(
				"n8n's HTTP Request node + pagination + Split Out, n8n start",
				'httpSplitOut',
				withSpan,
			),
			inN8n('HTTP Request node + pagination + Split Out, n8n execute', 'httpSplitOut'),
			inN8n('Workforce node, Output Items, n8n execute', 'workforce'),
		],
	},
	{
		id: 'triggerBackfill',
		title: `Trigger backfill, ${backfillRecords.toLocaleString('en-US')} time registrations, Max Changes per Poll ${process.env.BENCH_MAX_CHANGES ?? '10,000'}`,
		emulator: { workData: { timeRegistrations: backfillRecords } },
		runs: longRuns,
		variants: [
			{
				label: 'Workforce Trigger (n8n PollTriggerExecutor, durable cursor)',
				script: 'triggerBackfill',
				baseline: true,
			},
		],
	},
	fileSuite('n8nFileLarge', fileRecordsLarge, false),
	...limitCases.map(([limit, asked]) => limitSuite(limit, asked)),
	{
		id: 'payroll',
		title: `Payroll export, 365 days in 45-day windows (${payrollRegistrations.toLocaleString('en-US')} time registrations)`,
		emulator: { workData: { timeRegistrations: payrollRegistrations } },
		variants: [
			{ label: 'plain undici loop, same windows', script: 'payrollUndici', baseline: true },
			{ label: 'Workforce node (n8n engine)', script: 'payrollNode' },
		],
	},
	{
		id: 'machines',
		title: `${machines.toLocaleString('en-US')} machines pushed`,
		emulator: {},
		variants: [
			{
				label: 'node, one Create per item',
				script: 'machines',
				baseline: true,
				env: { BENCH_MACHINE_BATCH: '0', BENCH_COMPANY_ID: DEMO.companies.parent },
			},
			{
				label: `node, Create Many in batches of ${machineBatch}`,
				script: 'machines',
				env: { BENCH_MACHINE_BATCH: machineBatch, BENCH_COMPANY_ID: DEMO.companies.parent },
			},
		],
	},
	{
		id: 'document',
		title: 'Document of 29,999,000 bytes, upload + download',
		emulator: {},
		variants: [
			{ label: 'plain undici, streamed multipart', script: 'documentUndici', baseline: true },
			{ label: 'Workforce node (n8n engine, binary data on disk)', script: 'documentNode' },
		],
	},
	{
		id: 'idlePoll',
		title: `Idle trigger polls (time registrations), ${process.env.BENCH_IDLE_POLLS ?? 20} polls`,
		emulator: { workData: { timeRegistrations: 10_000 } },
		variants: [
			{ label: 'Workforce Trigger (n8n PollTriggerExecutor)', script: 'idlePoll', baseline: true },
		],
	},
	...smallSuites,
];
