/*
 * A workflow run inside a running n8n: `n8n execute` of one of the workflows bench/n8nInstance.ts
 * imported (BENCH_N8N_WORKFLOW). n8n saves the execution with its data (cli executions are
 * saved like any other), then prints it. The figure is the measured node's own executionTime as
 * n8n records it in the run data, not n8n's start-up; RSS is the n8n process's peak.
 */
import { spawn } from 'node:child_process';
import { closeSync, copyFileSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { n8nEnv } from '../../test/e2e/support/n8nEnv';
import { LOOP, SPLIT, timedRuns, type BenchN8n, type BenchWorkflow } from '../n8nInstance';
import { nodeFlags, ThreadCpu, vmHwmMb, type ScenarioResult } from '../measure';
import { lastSavedExecution, type SavedExecution } from '../savedExecution';

interface NodeRun {
	executionTime: number;
	data?: {
		main?: Array<
			Array<{ json: { data?: unknown[]; records?: number; bytes?: number; pages?: number } }>
		>;
	};
}

const savedNote = (saved: SavedExecution | undefined) =>
	saved
		? `saved execution: ${saved.status}, ${saved.dataLength ?? 0} characters of run data`
		: 'no saved execution found';

/**
 * n8n's heap limit: 8 GB by default so that item-mode runs get as far as they can; `stock` leaves
 * Node's own limit (what a plain `n8n start` gets; the File suites use it); a small limit
 * (BENCH_N8N_HEAP_MB=1024) shows what V8 only put off collecting under a large one.
 */
const HEAP = process.env.BENCH_N8N_HEAP_MB ?? '8192';
const HEAP_ARGS = HEAP === 'stock' ? [] : [`--max-old-space-size=${Number(HEAP)}`];
/** More flags for n8n's Node (`--cpu-prof`, `--trace-gc`, `--max-semi-space-size=64`). */
const NODE_ARGS = nodeFlags('BENCH_N8N_NODE_ARGS');

/** A run that does not end by then counts as failed (n8n leaves an execution it cannot save "running"). */
const KEEP_OUTPUT = process.env.BENCH_N8N_KEEP_OUTPUT;
const TIMEOUT_MS = Number(process.env.BENCH_N8N_TIMEOUT_S ?? 900) * 1000;

async function main() {
	const bench = JSON.parse(process.env.BENCH_N8N_INSTANCE ?? 'null') as BenchN8n | null;
	const which = process.env.BENCH_N8N_WORKFLOW as BenchWorkflow;
	if (!bench || !bench.workflows[which])
		throw new Error(
			'Run through bench/run (an n8n suite): BENCH_N8N_INSTANCE and BENCH_N8N_WORKFLOW are not set',
		);
	// The run data of 100,000 records is hundreds of MB: to a file, not through a pipe into a string.
	const file = join(bench.scratch, `run-${process.pid}.json`);
	const out = openSync(file, 'w');
	const child = spawn(
		bench.runtime.node,
		[
			...HEAP_ARGS,
			...NODE_ARGS,
			bench.runtime.bin,
			'execute',
			`--id=${bench.workflows[which]}`,
			'--rawOutput',
		],
		{
			env: n8nEnv(bench.instance),
			stdio: ['ignore', out, 'inherit'],
		},
	);
	// n8n's peak RSS, sampled (VmHWM only grows, so the last sample is close to the peak).
	let peakRssMb = 0;
	// And its CPU time (user + system, clock ticks of 10 ms): far less disturbed by a busy machine than wall time.
	let cpuTicks = 0;
	// And the same by thread: the JavaScript (MainThread) apart from the collector's helpers (V8Worker).
	const threads = new ThreadCpu();
	const sample = setInterval(() => {
		threads.sample(child.pid ?? 0);
		try {
			peakRssMb = Math.max(peakRssMb, vmHwmMb(child.pid ?? 0) ?? 0);
			const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			cpuTicks = Math.max(cpuTicks, Number(fields[11]) + Number(fields[12]));
		} catch {
			// not Linux, or the process has just exited
		}
	}, 100);
	const started = Date.now();
	const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
	const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
	clearTimeout(timer);
	clearInterval(sample);
	closeSync(out);
	const printed = statSync(file).size;
	const text = printed < 400_000_000 ? readFileSync(file, 'utf8') : '';
	// What n8n printed, kept for reading (`--trace-gc` prints there): BENCH_N8N_KEEP_OUTPUT names a folder.
	if (KEEP_OUTPUT) copyFileSync(file, join(KEEP_OUTPUT, `${which}-${process.pid}.out`));
	rmSync(file, { force: true });
	const saved = await lastSavedExecution(bench);
	const byThread = `CPU by thread: ${threads
		.byName()
		.map(([name, ms]) => `${name} ${ms} ms`)
		.join(', ')}`;
	// n8n prints log lines first, then the run as indented JSON from a line that is exactly `{` to
	// one that is exactly `}` (as test/e2e/support/n8nCli.ts reads it); it may log more after it.
	const start = text.indexOf('\n{\n');
	const end = start < 0 ? -1 : text.indexOf('\n}', start);
	if (code !== 0 || start < 0 || end < 0) {
		// Reported, not thrown: that n8n cannot finish (or save) a run this large is the figure.
		const why =
			code === null
				? `killed after ${Math.round((Date.now() - started) / 1000)} s without ending`
				: `exit ${code}`;
		const said = text.slice(-300).replace(/\s+/g, ' ').replace(/\|/g, '/');
		const result: ScenarioResult = {
			wallMs: 0,
			cpuMs: cpuTicks * 10,
			peakRssMb,
			note: `n8n execute failed (${why}): ...${said}; ${savedNote(saved)}; RSS of the n8n process; ${byThread}`,
		};
		process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
		return;
	}
	const run = JSON.parse(text.slice(start + 1, end + 2)) as {
		data: { resultData: { runData: Record<string, NodeRun[]>; error?: { message?: string } } };
	};
	const { runData, error } = run.data.resultData;
	if (error) throw new Error(`n8n execute failed: ${error.message ?? 'no message'}`);
	const node = runData[bench.node][0];
	const items = node.data?.main?.[0] ?? [];
	let records: number;
	const wallMs = timedRuns(which, runData, bench.node).reduce(
		(sum, run) => sum + run.executionTime,
		0,
	);
	let note = 'node executionTime in n8n; RSS of the n8n process';
	if (which === 'httpRequest') {
		// One item per page, records inside.
		records = items.reduce((n, item) => n + (item.json.data?.length ?? 0), 0);
	} else if (which === 'httpSplitOut') {
		const split = runData[SPLIT][0];
		records = split.data?.main?.[0]?.length ?? 0;
		note = 'HTTP Request + Split Out executionTime in n8n; RSS of the n8n process';
	} else if (which === 'httpRequestFiles') {
		// One run of the loop and of the HTTP Request node per page; the loop's last run outputs every page's item on "done".
		const files = runData[LOOP].at(-1)?.data?.main?.[0] ?? [];
		records = 0;
		note = `${files.length} pages stored as binary files, ${runData[bench.node].length} HTTP Request runs; executionTime of every run of the loop and the HTTP Request node in n8n; RSS of the n8n process`;
	} else if (which.startsWith('workforceFile')) {
		const summary = items[0]?.json ?? {};
		records = summary.records ?? 0;
		note = `File output: ${summary.pages} pages, ${summary.bytes} bytes stored; node executionTime in n8n; RSS of the n8n process`;
	} else records = items.length;
	// cpuMs: the whole n8n process (start-up included; subtract the footprint run's).
	const result: ScenarioResult = {
		wallMs,
		cpuMs: cpuTicks * 10,
		peakRssMb,
		records,
		note: `${note}; ${savedNote(saved)}; ${byThread}`,
	};
	process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
