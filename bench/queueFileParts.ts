/*
 * `BENCH_QUEUE_SUITE=fileParts npm run bench:queue` (scripts/bench-queue.sh starts the queue-mode
 * stack first, BENCH_BACKFILL_RECORDS time registrations in the emulator): the File output on a
 * worker, binary data in Postgres (queue mode's default), executions saved, Split Into Parts left
 * at Automatic (BENCH_PART_MIB: parts of that size; BENCH_PART_RECORDS: of that many records). Per
 * variant (NDJSON, NDJSON + gzip, CSV), one workflow: the File output, then every part read back by
 * n8n's own nodes in the next steps (bench/partReadBack.ts: Loop Over Items, Execute Workflow, a
 * sub-workflow of Compression, Extract From File and a Code node's digest), each digest compared
 * with the service's records. Figures: wall time of the File output (from its run data) beside a
 * plain undici loop over the same pages in the same run, and of the whole run; the worker's RSS
 * growth while the File output ran (sampled every 200 ms) and over the whole run (VmHWM); parts and
 * their bytes in `binary_data`. NDJSON parts are also read straight from Postgres, as a second
 * check that does not go through n8n. Prints one markdown table. Figures only: nothing asserts speed.
 * BENCH_READ_BACK=0 leaves the read-back and both checks out (a memory run of the File output alone);
 * BENCH_WORKER_MEMORY=1 (scripts/bench-queue.sh) adds the worker's memory split at the File output's
 * RSS peak (bench/workerMemory.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

import type { Client } from 'pg';

import { DEMO } from '../test/emulator/seed/demo';
import { workforceCredential } from '../test/e2e/support/demoValues';
import { N8nServer } from '../test/e2e/support/n8nServer';
import { finishedExecution, startManualRun, workerOf } from '../test/e2e/support/restRunner';
import { unflatten } from '../test/e2e/support/executions';
import { postgres } from '../test/e2e/queue/queueSupport';
import { QUEUE_DIR, readStack } from '../test/e2e/queue/stackFile';
import { resetPeakRss, vmHwmMb, vmRssMb, type Target } from './measure';
import {
	compareParts,
	readBackNodes,
	readPartWorkflow,
	ServiceRecords,
	type PartDigest,
	type PartFormat,
} from './partReadBack';
import { RunProbe, type ProbeResult } from './runProbe';
import { eachTimeRegistrationPage } from './scenarios/token';
import { memoryLogOf, type MemorySample } from './workerMemory';

const records = Number(process.env.BENCH_BACKFILL_RECORDS ?? 1_000_000);
const partRecords = Number(process.env.BENCH_PART_RECORDS ?? 0);
const partMiB = Number(process.env.BENCH_PART_MIB ?? 0);
const readBackParts = process.env.BENCH_READ_BACK !== '0';
const OWNER = {
	email: 'bench@example.com',
	firstName: 'Bench',
	lastName: 'Queue',
	password: 'Bench-Passw0rd-wf',
};
const SPLIT = partRecords
	? `parts of ${partRecords} records`
	: partMiB
		? `parts of ${partMiB} MiB`
		: 'parts (Automatic)';
const VARIANTS: Array<{ label: string; format: PartFormat }> = [
	{ label: `Workforce node, File NDJSON, ${SPLIT}`, format: 'ndjson' as const },
	{ label: `Workforce node, File NDJSON + gzip, ${SPLIT}`, format: 'ndjsonGzip' as const },
	{ label: `Workforce node, File CSV, ${SPLIT}`, format: 'csv' as const },
].filter((v) => !process.env.BENCH_VARIANT || v.label.includes(process.env.BENCH_VARIANT));

const t0 = Date.now();
const say = (msg: string) =>
	process.stderr.write(`[bench:queue] ${msg} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);
const n = (value: number) => Math.round(value).toLocaleString('en-US');

interface Row {
	label: string;
	/** The File output alone (its node's time in the run data); the baseline's whole loop. */
	wallMs: number;
	/** The whole run: File output, then every part read back by n8n's nodes. */
	runMs?: number;
	growthMb?: number;
	runGrowthMb?: number;
	parts?: number;
	bytes?: number;
	checked?: string;
	probe?: ProbeResult;
	memory?: MemorySplit;
}

/** The worker's memory at the File output's RSS peak, as growth over its last line before the run (MiB). */
interface MemorySplit {
	rss: number;
	heapTotal: number;
	heapUsed: number;
	/** Of the heap committed: the young generation's semi-space. */
	newCommitted: number;
	external: number;
	arrayBuffers: number;
	/** RSS growth neither in V8's heap nor external: malloc'd elsewhere, or freed but kept by the allocator. */
	rest: number;
	/** Used size of the heap spaces that grew most, at the peak. */
	spaces: string;
	/** Highest in the window: V8's heap used, ArrayBuffers. */
	maxHeapUsed: number;
	maxArrayBuffers: number;
	/** Full and young collections in the window; heap used after the full ones (lowest to highest). */
	full: number;
	young: number;
	afterFull: string;
}

/** The split from the worker's own memory log (bench/workerMemory.ts), or undefined without one. */
function memorySplit(
	pid: number,
	runFrom: number,
	from: number,
	to: number,
): MemorySplit | undefined {
	const file = memoryLogOf(QUEUE_DIR, pid);
	if (!existsSync(file)) return undefined;
	const lines = readFileSync(file, 'utf8')
		.split('\n')
		.filter(Boolean)
		.map((line) => JSON.parse(line) as MemorySample);
	const before = lines.filter((l) => l.at < runFrom).at(-1);
	const window = lines.filter((l) => l.at >= from && l.at <= to);
	if (!before || window.length === 0) return undefined;
	const peak = window.reduce((a, b) => (b.rss > a.rss ? b : a));
	const grew = (key: 'rss' | 'heapTotal' | 'heapUsed' | 'external' | 'arrayBuffers') =>
		Math.round(peak[key] - before[key]);
	const afterFull = window.flatMap((l) => l.afterFull).sort((a, b) => a - b);
	return {
		rss: grew('rss'),
		heapTotal: grew('heapTotal'),
		heapUsed: grew('heapUsed'),
		newCommitted: Math.round((peak.newCommitted ?? 0) - (before.newCommitted ?? 0)),
		external: grew('external'),
		arrayBuffers: grew('arrayBuffers'),
		rest: grew('rss') - grew('heapTotal') - grew('external'),
		spaces: Object.entries(peak.spaces)
			.map(([space, mb]) => [space, Math.round(mb - (before.spaces[space] ?? 0))] as const)
			.filter(([, mb]) => mb !== 0)
			.sort((a, b) => b[1] - a[1])
			.map(([space, mb]) => `${space} ${mb}`)
			.join(', '),
		maxHeapUsed: Math.round(Math.max(...window.map((l) => l.heapUsed)) - before.heapUsed),
		maxArrayBuffers: Math.round(
			Math.max(...window.map((l) => l.arrayBuffers)) - before.arrayBuffers,
		),
		full: window.reduce((sum, l) => sum + l.full, 0),
		young: window.reduce((sum, l) => sum + l.young, 0),
		afterFull: afterFull.length
			? `${Math.round(afterFull[0] - before.heapUsed)} to ${Math.round(afterFull.at(-1)! - before.heapUsed)}`
			: '',
	};
}

/**
 * The plain loop, which also keeps the service's records in order for the read-back check (ids and
 * a 16-byte digest each: one pass, not two, 5,000,000 records take minutes). Digesting is timed and
 * left out of the loop's time: the loop waits for it before asking for the next page.
 */
async function baseline(target: Target, service: ServiceRecords, probe: RunProbe): Promise<Row> {
	const started = Date.now();
	let digestMs = 0;
	await eachTimeRegistrationPage(target, (page) => {
		const from = performance.now();
		for (const r of page as Array<{ id: unknown }>) service.add(r);
		digestMs += performance.now() - from;
	});
	return {
		label: 'plain undici loop, parse (baseline; keeping the check digests not counted)',
		wallMs: Date.now() - started - digestMs,
		checked: `${n(service.ids.length)} records`,
		probe: await probe.stop(undefined),
	};
}

/** Every worker's RSS every 200 ms: the File output's own peak, apart from the read-back after it. */
function sampleRss(pids: number[]) {
	const samples: Array<{ at: number; pid: number; mb: number }> = [];
	const timer = setInterval(() => {
		for (const pid of pids) {
			const mb = vmRssMb(pid);
			if (mb !== undefined) samples.push({ at: Date.now(), pid, mb });
		}
	}, 200);
	return {
		stop: () => clearInterval(timer),
		peak: (pid: number, from: number, to: number) =>
			Math.max(
				...samples.filter((s) => s.pid === pid && s.at >= from && s.at <= to).map((s) => s.mb),
			),
	};
}

type Item = { json: Record<string, unknown>; binary?: Record<string, { id?: string }> };
type RunData = Record<
	string,
	Array<{ startTime: number; executionTime: number; data?: { main: Item[][] } }>
>;

/** The bench's own check of NDJSON parts, straight from `binary_data`: the first record that differs. */
async function readFromPostgres(
	db: Client,
	items: Item[],
	format: PartFormat,
	ids: string[],
): Promise<string> {
	let at = 0;
	for (const item of items) {
		const fileId = String(item.binary!.data.id).split(':')[1];
		const { rows } = await db.query<{ data: Buffer }>(
			'SELECT data FROM binary_data WHERE "fileId" = $1',
			[fileId],
		);
		const text = (format === 'ndjsonGzip' ? gunzipSync(rows[0].data) : rows[0].data).toString(
			'utf8',
		);
		for (let start = 0; start < text.length; ) {
			const end = text.indexOf('\n', start);
			const id = String((JSON.parse(text.slice(start, end)) as { id: unknown }).id);
			if (id !== ids[at]) return `record ${at}: ${id} where the service has ${ids[at]}`;
			at++;
			start = end + 1;
		}
	}
	return at === ids.length ? '' : `${at} records where the service has ${ids.length}`;
}

async function main() {
	const stack = readStack();
	const server = new N8nServer(stack.runtime, stack.main.instance);
	await server.setupOwner(OWNER);
	await server.login(OWNER.email, OWNER.password);
	const draft = workforceCredential('unsaved', 'Workforce (bench emulator)', stack.emulator.urls);
	const credential = { ...draft, id: await server.createCredential(draft) };
	const target: Target = {
		integration: stack.emulator.urls.integration,
		extraction: stack.emulator.urls.extraction,
		identity: stack.emulator.urls.identity,
		...DEMO.clients.admin,
	};
	const db = await postgres('n8n');
	const pidOf = (name: string) => stack.processes.find((p) => p.name === name)!.pid;
	const postgresLog = stack.processes.find((p) => p.name === 'postgres')!.log;
	const startProbe = async () =>
		await RunProbe.start(db, postgresLog, {
			workers: stack.workers.map((w) => w.pid),
			postgres: pidOf('postgres'),
			emulator: pidOf('emulator'),
		});
	const service = new ServiceRecords();
	const rows: Row[] = [await baseline(target, service, await startProbe())];
	say(`baseline ${n(rows[0].wallMs)} ms, ${n(service.ids.length)} records in the service`);
	try {
		for (const variant of VARIANTS) {
			const readPart = await server.createWorkflow(readPartWorkflow(variant.format));
			const readBack = readBackNodes(readPart);
			const workflowId = await server.createWorkflow({
				name: `Bench: ${variant.label}`,
				nodes: [
					{
						id: 'b1',
						name: 'Start',
						type: 'n8n-nodes-base.manualTrigger',
						typeVersion: 1,
						position: [0, 0],
						parameters: {},
					},
					{
						id: 'b2',
						name: 'Extract',
						type: 'n8n-nodes-workforce.workforce',
						typeVersion: 1,
						position: [200, 0],
						parameters: {
							resource: 'dataExtraction',
							operation: 'getTimeRegistrations',
							returnAll: true,
							output: 'file',
							fileFormat: variant.format === 'csv' ? 'csv' : 'ndjson',
							compress: variant.format === 'ndjsonGzip',
							...(partRecords ? { splitParts: 'records', partRecords } : {}),
							...(partMiB ? { splitParts: 'size', partSizeMiB: partMiB } : {}),
						},
						credentials: { workforceApi: { id: credential.id, name: credential.name } },
					},
					...(readBackParts ? readBack.nodes : []),
				],
				connections: {
					Start: { main: [[{ node: 'Extract', type: 'main', index: 0 }]] },
					...(readBackParts
						? {
								Extract: { main: [[{ node: 'Each Part', type: 'main', index: 0 }]] },
								...readBack.connections,
							}
						: {}),
				},
				settings: {},
			});
			const before = new Map(stack.workers.map((w) => [w.pid, vmRssMb(w.pid) ?? 0]));
			for (const w of stack.workers) resetPeakRss(w.pid);
			const rss = sampleRss(stack.workers.map((w) => w.pid));
			const probe = await startProbe();
			const started = Date.now();
			const executionId = await startManualRun(server, workflowId, 'Start');
			const stored = await finishedExecution(server, executionId, 3_600_000);
			const runMs = Date.now() - started;
			rss.stop();
			const worker = workerOf(executionId, stack.workers);
			const pid = stack.workers.find((w) => w.name === worker)?.pid;
			const probed = await probe.stop(pid);
			const data = (typeof stored.data === 'string' ? unflatten(stored.data) : stored.data) as {
				resultData: { runData: RunData; error?: { message?: string; node?: { name?: string } } };
			};
			const extract = data.resultData.runData.Extract?.[0];
			const wallMs = extract?.executionTime ?? runMs;
			const growthMb =
				pid && extract
					? rss.peak(pid, extract.startTime, extract.startTime + extract.executionTime) -
						before.get(pid)!
					: undefined;
			const runGrowthMb = pid ? (vmHwmMb(pid) ?? NaN) - before.get(pid)! : undefined;
			const memory =
				pid && extract
					? memorySplit(pid, started, extract.startTime, extract.startTime + extract.executionTime)
					: undefined;
			if (memory)
				say(`${variant.label}: memory at the File output's RSS peak ${JSON.stringify(memory)}`);
			say(
				`${variant.label}: ${stored.status} on ${worker}, File output ${n(wallMs)} ms, whole run ${n(runMs)} ms, RSS growth ${growthMb} / ${runGrowthMb} MiB`,
			);
			if (stored.status !== 'success') {
				const error = data.resultData.error;
				rows.push({
					label: variant.label,
					wallMs,
					runMs,
					growthMb,
					runGrowthMb,
					checked: `FAILED in ${error?.node?.name ?? '?'}: ${error?.message}`,
					probe: probed,
					memory,
				});
				continue;
			}
			const items = extract!.data!.main[0];
			const stats = await db.query<{ n: string; bytes: string }>(
				`SELECT count(*) AS n, coalesce(sum("fileSize"), 0) AS bytes FROM binary_data WHERE "sourceType" = 'execution' AND "sourceId" = $1`,
				[executionId],
			);
			// n8n's read-back: one digest per part, in the order of the parts.
			const digests = (data.resultData.runData['Read Back'] ?? []).map(
				(run) => run.data!.main[0][0].json as unknown as PartDigest,
			);
			let checked = !readBackParts
				? 'not read back (BENCH_READ_BACK=0)'
				: digests.length === items.length
					? compareParts(digests, service, variant.format)
					: `${digests.length} parts read back of ${items.length}`;
			if (readBackParts && variant.format !== 'csv') {
				const direct = await readFromPostgres(db, items, variant.format, service.ids);
				checked += direct ? `; Postgres read: ${direct}` : '; same read from Postgres';
			}
			rows.push({
				label: variant.label,
				wallMs,
				runMs,
				growthMb,
				runGrowthMb,
				parts: items.length,
				bytes: Number(stats.rows[0].bytes),
				checked,
				probe: probed,
				memory,
			});
			say(`${variant.label}: ${checked}`);
			// The next variant starts from a database without this one's parts.
			await server.rest('POST', '/rest/executions/delete', { ids: [executionId] });
		}
	} finally {
		await db.end();
	}
	const base = rows[0].wallMs;
	const s = (ms: number | undefined) => (ms === undefined ? '' : (ms / 1000).toFixed(1));
	const mib = (mb: number | undefined) => (mb === undefined ? '' : n(mb));
	const threads = (cpu: Array<[string, number]>) =>
		cpu
			.slice(0, 4)
			.map(([name, ms]) => `${name} ${s(ms)}`)
			.join(', ');
	const table = [
		`File output in parts, queue mode (main + 2 workers, Postgres, binary data in the database, executions saved), ${n(records)} records, ${new Date().toISOString()}`,
		'',
		'| Variant | File output (s) | Ratio | Whole run with read-back (s) | Worker RSS growth, File output / whole run (MiB) | Parts | Bytes in Postgres | Load average | Read back by n8n (Extract From File) |',
		'| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
		...rows.map(
			(r) =>
				`| ${r.label} | ${s(r.wallMs)} | ${(r.wallMs / base).toFixed(2)} | ${s(r.runMs)} | ${r.growthMb === undefined ? '' : `${mib(r.growthMb)} / ${mib(r.runGrowthMb)}`} | ${r.parts ?? ''} | ${r.bytes === undefined ? '' : n(r.bytes)} | ${r.probe?.loadAverage.toFixed(1) ?? ''} | ${r.checked ?? ''} |`,
		),
		'',
		'Where the time went (CPU seconds over the whole run, from /proc; Postgres time in statements on binary_data over 200 ms, from its log):',
		'',
		'| Variant | Whole run (s) | Worker CPU by thread (s) | Postgres CPU (s) | Emulator CPU (s) | binary_data statements: parse / bind / execute (s) |',
		'| --- | ---: | --- | ---: | ---: | --- |',
		...rows.map((r) => {
			const st = r.probe?.binaryStatements;
			return `| ${r.label} | ${s(r.runMs ?? r.wallMs)} | ${r.probe ? threads(r.probe.workerCpu) : ''} | ${s(r.probe?.postgresCpuMs)} | ${s(r.probe?.emulatorCpuMs)} | ${st?.count ? `${st.count}: ${s(st.ms.parse ?? 0)} / ${s(st.ms.bind ?? 0)} / ${s(st.ms.execute ?? 0)}` : ''} |`;
		}),
		...(rows.some((r) => r.memory)
			? [
					'',
					"The worker's memory at the File output's RSS peak (bench/workerMemory.ts, every 200 ms), growth over its last line before the run (MiB); rest = RSS neither in V8's heap (committed) nor external:",
					'',
					'| Variant | RSS | V8 heap committed / used | Young generation committed | External / of it ArrayBuffers | Rest | Heap spaces used | Highest in the window: heap used / ArrayBuffers | Full / young collections | Heap used after each full one |',
					'| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |',
					...rows.flatMap(({ label, memory: m }) =>
						m
							? [
									`| ${label} | ${m.rss} | ${m.heapTotal} / ${m.heapUsed} | ${m.newCommitted} | ${m.external} / ${m.arrayBuffers} | ${m.rest} | ${m.spaces} | ${m.maxHeapUsed} / ${m.maxArrayBuffers} | ${m.full} / ${m.young} | ${m.afterFull} |`,
								]
							: [],
					),
				]
			: []),
	].join('\n');
	writeFileSync(join(QUEUE_DIR, 'bench-file-parts.md'), `${table}\n`);
	writeFileSync(join(QUEUE_DIR, 'bench-file-parts.json'), JSON.stringify(rows, null, 2));
	process.stdout.write(`${table}\n`);
}

main().catch((error: unknown) => {
	process.stderr.write(
		`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
	);
	process.exit(1);
});
