/*
 * Issue 46: one case in an n8n held to a small instance's memory (BENCH_SMALL_MIB, 640: n8n Cloud's
 * Pro-1), its whole process tree in a memory cgroup where the machine allows (else Node's heap
 * limit: test/e2e/support/memoryHold.ts). BENCH_SMALL_CASE:
 * - `budget`: Return All into items, node version 2 with its default Item Memory Budget, Partition
 *   By Week, the error output's item feeding the next execution until one ends without it (the
 *   resume pattern across executions); every record once is checked against BENCH_SMALL_RECORDS.
 * - a workflow of bench/n8nInstance.ts (BENCH_N8N_WORKFLOW): one execution.
 * A case that takes n8n down is a figure, not a failure: "n8n went down". One that does not is
 * followed by the next execution (a one-record run), which must succeed on the same n8n process.
 */
import { N8nServer } from '../../test/e2e/support/n8nServer';
import { holdMemory, sampleHeld } from '../../test/e2e/support/memoryHold';
import { resumeExecutions } from '../../test/e2e/support/itemsBudgetRuns';
import { asExecution, finishedExecution, startManualRun } from '../../test/e2e/support/restRunner';
import type { Window } from '../../test/e2e/support/resumeDemo';
import { vmHwmMb, type ScenarioResult } from '../measure';
import { BENCH_OWNER, SPLIT, type BenchN8n, type BenchWorkflow } from '../n8nInstance';
import { savedRuns } from '../savedExecution';

const MIB = Number(process.env.BENCH_SMALL_MIB ?? 640);
const CREDENTIAL = { id: 'benchWorkforce01', name: 'Workforce (bench emulator)' };
const MiB = (bytes: number | undefined) =>
	bytes === undefined ? 'not measured' : `${Math.round(bytes / 2 ** 20)} MiB`;

async function main() {
	const bench = JSON.parse(process.env.BENCH_N8N_INSTANCE ?? 'null') as BenchN8n | null;
	const which = process.env.BENCH_SMALL_CASE ?? 'workflow';
	if (!bench)
		throw new Error(
			'Run through bench/run (a small-instance suite): BENCH_N8N_INSTANCE is not set',
		);
	const hold = holdMemory(MIB, `wf-bench-${process.pid}`);
	const server = new N8nServer(bench.runtime, bench.instance);
	server.hold = hold;
	await server.start();
	try {
		await server.setupOwner(BENCH_OWNER).catch(() => undefined);
		await server.login(BENCH_OWNER.email, BENCH_OWNER.password);
		const pid = server.pid ?? 0;
		const idle = hold.anonBytes();
		// The group's memory without its page cache: the files a File run writes are cache the kernel
		// reclaims first, and the group's own peak counts them.
		const sample = sampleHeld(hold);
		const down = server.exited().then((code) => ({ down: true as const, code }));
		const started = Date.now();
		let outcome:
			| { down: true; code: number | null }
			| { down: false; records: number; note: string };
		try {
			outcome = await Promise.race([
				down,
				which === 'budget' ? budget(server) : workflow(server, bench),
			]);
		} catch (error) {
			// The REST call that was waiting when n8n died fails too: the exit decides.
			outcome = await Promise.race([
				down,
				new Promise<never>((_, reject) => setTimeout(() => reject(error), 5000)),
			]);
		}
		const wallMs = Date.now() - started;
		const anonPeak = sample.stop();
		const memory = `group peak since start-up ${MiB(hold.peakBytes())} (page cache included), without page cache ${MiB(idle)} idle, ${MiB(anonPeak)} at most during the case; n8n's own VmHWM ${vmHwmMb(pid) ?? '?'} MiB; held by ${hold.how}`;
		let result: ScenarioResult;
		if (outcome.down) {
			result = {
				wallMs,
				peakRssMb: Math.round(anonPeak / 2 ** 20),
				note: `n8n went down after ${(wallMs / 1000).toFixed(1)} s (${outcome.code === null ? 'killed by a signal: the memory limit' : `exit ${outcome.code}`}): ${lastLine(server.log)}; ${memory}`,
			};
		} else {
			// The next execution on the same n8n process: a one-record run.
			const next = asExecution(
				await finishedExecution(
					server,
					await startManualRun(server, bench.workflows.workforceFootprint, 'Start'),
				),
				[],
			);
			if (next.status !== 'success' || server.pid !== pid)
				throw new Error(`The next execution: ${next.status} on n8n ${server.pid} (was ${pid})`);
			result = {
				wallMs,
				peakRssMb: Math.round(anonPeak / 2 ** 20),
				records: outcome.records,
				note: `${outcome.note}; n8n alive, the next execution ran (${next.status}); ${memory}`,
			};
		}
		process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
	} finally {
		await server.stop();
		hold.release();
	}
}

/** The resume pattern across executions until one ends without the error item. */
async function budget(server: N8nServer) {
	const window = JSON.parse(process.env.BENCH_SMALL_WINDOW ?? 'null') as Window | null;
	const expected = Number(process.env.BENCH_SMALL_RECORDS);
	if (!window || !expected)
		throw new Error('BENCH_SMALL_WINDOW and BENCH_SMALL_RECORDS are not set');
	let most = 0;
	const { runs, ids } = await resumeExecutions(
		server,
		CREDENTIAL,
		window,
		(run) => {
			if (run.status !== 'success')
				throw new Error(`Execution ${run.executionId} ended ${run.status}`);
			most = Math.max(most, run.records.length);
		},
		100,
	);
	const unique = new Set(ids).size;
	if (ids.length !== expected || unique !== expected)
		throw new Error(`${ids.length} records (${unique} distinct) delivered of ${expected}`);
	return {
		down: false as const,
		records: ids.length,
		note: `${runs} executions (each a clean stop at the budget but the last, at most ${most} records), every record once`,
	};
}

/** One execution of a bench workflow, its records counted from what n8n saved. */
async function workflow(server: N8nServer, bench: BenchN8n) {
	const which = process.env.BENCH_N8N_WORKFLOW as BenchWorkflow;
	const stored = await finishedExecution(
		server,
		await startManualRun(server, bench.workflows[which], 'Start'),
		1_800_000,
	);
	const run = asExecution(stored, []);
	if (run.status !== 'success')
		throw new Error(`Execution ${stored.id} ended ${run.status}: ${run.error?.message}`);
	const summary = run.runData[bench.node]?.[0]?.data?.main?.[0]?.[0]?.json as
		| { records?: number }
		| undefined;
	const saved = await savedRuns(bench, stored.id);
	// A File run's summary counts its records; items runs count their items (Split Out's after n8n's
	// HTTP Request node); n8n's HTTP Request node writing pages to files reads every record.
	const records =
		typeof summary?.records === 'number'
			? summary.records
			: which === 'httpRequestFiles'
				? Number(process.env.BENCH_SMALL_RECORDS)
				: saved.runs[which === 'httpSplitOut' ? SPLIT : bench.node][0].items;
	return {
		down: false as const,
		records,
		note: `one execution, ${saved.characters} characters of run data saved`,
	};
}

function lastLine(log: string): string {
	const lines = log
		.trim()
		.split('\n')
		.filter((l) => /memory|heap|killed|error/i.test(l));
	return (lines[lines.length - 1] ?? log.trim().split('\n').pop() ?? '').slice(0, 200);
}

// Exits at once: a REST call waiting on an n8n that went down would keep polling until its timeout.
main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
