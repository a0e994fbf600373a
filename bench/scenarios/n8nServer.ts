/*
 * A workflow run in a running n8n server, as users run n8n: `n8n start` with Node's own heap
 * limit, left idle for a while (BENCH_N8N_IDLE_S, 20 s: long enough for V8 to shrink what start-up
 * grew, as on a server waiting for its schedule), then the workflow BENCH_N8N_WORKFLOW run through
 * the REST API as the editor's "Execute workflow" does. n8n saves the execution with its data.
 * The figure is the measured nodes' executionTime in the saved execution (read from n8n's database);
 * CPU (by thread) and the RSS growth (peak during the run minus RSS before it) are the n8n
 * process's during the run only, until the execution is saved.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';

import { n8nEnv } from '../../test/e2e/support/n8nEnv';
import { N8nServer } from '../../test/e2e/support/n8nServer';
import {
	finishedExecution,
	startManualRun,
	type StoredExecution,
} from '../../test/e2e/support/restRunner';
import { unflatten } from '../../test/e2e/support/executions';
import { waitFor } from '../../test/e2e/support/runtime';
import { BENCH_OWNER, SPLIT, timedRuns, type BenchN8n, type BenchWorkflow } from '../n8nInstance';
import { countNdjsonLinesIn } from '../ndjsonFile';
import {
	cpuByThreadName,
	nodeFlags,
	profileWindow,
	resetPeakRss,
	threadTicks,
	vmHwmMb,
	vmRssMb,
	type ScenarioResult,
} from '../measure';
import { savedRuns } from '../savedExecution';

const IDLE_S = Number(process.env.BENCH_N8N_IDLE_S ?? 20);
const NODE_ARGS = nodeFlags('BENCH_N8N_NODE_ARGS');
const KEEP_OUTPUT = process.env.BENCH_N8N_KEEP_OUTPUT;
/** BENCH_N8N_SPAN=1: the execution's own start to stop too, as a row of its own (n8n's set-up of the run and the trigger included). */
const SPAN_ROW = process.env.BENCH_N8N_SPAN === '1';

async function main() {
	const bench = JSON.parse(process.env.BENCH_N8N_INSTANCE ?? 'null') as BenchN8n | null;
	const which = process.env.BENCH_N8N_WORKFLOW as BenchWorkflow;
	if (!bench || !bench.workflows[which])
		throw new Error(
			'Run through bench/run (an n8n suite): BENCH_N8N_INSTANCE and BENCH_N8N_WORKFLOW are not set',
		);
	const log = KEEP_OUTPUT
		? createWriteStream(join(KEEP_OUTPUT, `server-${which}-${process.pid}.out`))
		: undefined;
	const child = spawn(bench.runtime.node, [...NODE_ARGS, bench.runtime.bin, 'start'], {
		env: n8nEnv(bench.instance, process.env, bench.runtime),
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	child.stdout.on('data', (d: Buffer) => log?.write(d));
	child.stderr.on('data', (d: Buffer) => log?.write(d));
	const pid = child.pid ?? 0;
	const server = new N8nServer(bench.runtime, bench.instance);
	try {
		await waitFor(
			`n8n on port ${bench.instance.port}`,
			async () =>
				(
					await fetch(`http://127.0.0.1:${bench.instance.port}/healthz/readiness`).catch(
						() => undefined,
					)
				)?.ok === true,
			120_000,
		);
		await server.setupOwner(BENCH_OWNER).catch(() => undefined);
		await server.login(BENCH_OWNER.email, BENCH_OWNER.password);
		// As a server is when a schedule or a webhook starts a run: up, and idle since.
		await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
		// The peak is the run's own: start-up's peak (higher than an idle server's RSS) is forgotten first.
		const rssBefore = vmRssMb(pid) ?? 0;
		const peakOfRun = resetPeakRss(pid);
		let peakRssMb = rssBefore;
		const sample = setInterval(() => (peakRssMb = Math.max(peakRssMb, vmHwmMb(pid) ?? 0)), 100);
		const ticksBefore = threadTicks(pid);
		const started = process.hrtime.bigint();
		const executionId = await startManualRun(server, bench.workflows[which], 'Start');
		const stored = (await finishedExecution(server, executionId, 900_000)) as StoredExecution & {
			startedAt: string;
			stoppedAt: string;
			dataTooLargeToDisplay?: boolean;
		};
		const ended = process.hrtime.bigint();
		clearInterval(sample);
		peakRssMb = Math.max(peakRssMb, vmHwmMb(pid) ?? 0);
		const threads = cpuByThreadName(ticksBefore, threadTicks(pid));
		const data = (typeof stored.data === 'string' ? unflatten(stored.data) : stored.data) as {
			resultData: {
				runData: Record<
					string,
					Array<{
						data?: { main?: Array<Array<{ json: Record<string, unknown>; binary?: Binaries }>> };
					}>
				>;
			};
		};
		// The times and item counts from n8n's database, after the timing: its REST answer leaves out
		// run data over EXECUTIONS_DATA_MAX_DISPLAY_SIZE (bench/savedExecution.ts).
		const saved = await savedRuns(bench, executionId);
		const runs = saved.runs[bench.node];
		if (!runs)
			throw new Error(
				`The execution ended ${stored.status} without a run of ${bench.node}: ${JSON.stringify(data.resultData).slice(0, 500)}`,
			);
		const wallMs = timedRuns(which, saved.runs, bench.node).reduce(
			(sum, run) => sum + run.executionTime,
			0,
		);
		// n8n's own span of the execution: its set-up, every node, until the run data is complete (not its saving).
		const spanMs = Date.parse(stored.stoppedAt) - Date.parse(stored.startedAt);
		// A File run's summary and stored file, from the REST answer (a File run's run data is small).
		const output = data.resultData.runData[bench.node]?.[0]?.data?.main?.[0];
		const summary = output?.[0]?.json ?? {};
		const cpuMs = threads.reduce((sum, [, ms]) => sum + ms, 0);
		const file =
			which === 'workforceFileGzip'
				? await checkGzipFile(server, summary, output?.[0]?.binary)
				: typeof summary.bytes === 'number'
					? `File output: ${summary.bytes} bytes stored`
					: '';
		const result: ScenarioResult = {
			wallMs,
			cpuMs,
			peakRssMb,
			// A File run's summary counts its records; an item run's items are its records (Split Out's
			// after n8n's HTTP Request node).
			records:
				typeof summary.records === 'number'
					? summary.records
					: (which === 'httpSplitOut' ? saved.runs[SPLIT] : runs)[0].items,
			...(SPAN_ROW ? { alsoMs: { 'execution start to stop': spanMs } } : {}),
			note: `${file ? `${file}; ` : ''}n8n start, idle ${IDLE_S} s, run through the REST API; execution ${stored.status}, ${spanMs} ms from its start to its stop, ${saved.characters} characters of run data saved${stored.dataTooLargeToDisplay ? ' (left out of the REST answer: over EXECUTIONS_DATA_MAX_DISPLAY_SIZE)' : ''}; RSS before the run ${rssBefore} MiB, growth ${Math.round(peakRssMb - rssBefore)} MiB${peakOfRun ? '' : ' (peak since start-up: /proc clear_refs not writable)'}; CPU of the run by thread: ${threads.map(([name, ms]) => `${name} ${ms} ms`).join(', ')}${NODE_ARGS.includes('--cpu-prof') ? `; ${profileWindow(started, ended)}` : ''}`,
		};
		process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
	} finally {
		child.kill('SIGTERM');
		await new Promise((resolve) => child.once('exit', resolve));
		log?.end();
	}
}

type Binaries = Record<string, { id?: string; mimeType?: string; fileName?: string }>;

/**
 * That the gzip workflow wrote gzip: the summary says compressed, and the stored file, downloaded
 * as the editor does (after the timing), is gzip that decompresses to one line a record.
 */
async function checkGzipFile(
	server: N8nServer,
	summary: Record<string, unknown>,
	binaries: Binaries | undefined,
): Promise<string> {
	const binary = Object.values(binaries ?? {})[0];
	if (summary.compressed !== true || !binary?.id)
		throw new Error(
			`The gzip workflow output no stored compressed file: ${JSON.stringify({ summary, binary })}`,
		);
	const bytes = await server.getBytes(
		`/rest/binary-data?id=${encodeURIComponent(binary.id)}&action=download`,
	);
	const { lines, textBytes, sha256 } = await countNdjsonLinesIn(bytes, true);
	if (lines !== summary.records || bytes.length !== summary.bytes)
		throw new Error(
			`${binary.fileName}: ${bytes.length} bytes gunzip to ${lines} lines; the summary says ${String(summary.bytes)} bytes, ${String(summary.records)} records`,
		);
	return `gzip file ${binary.fileName} (${binary.mimeType}) of ${bytes.length} bytes (${textBytes} bytes of NDJSON), gunzipped back: ${lines} lines, sha256 ${sha256}`;
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
