/*
 * `npm run bench:queue` (scripts/bench-queue.sh starts the queue-mode stack first): the trigger
 * backfill in a real n8n 2.41.1 in queue mode with execution data saved. A Workforce Trigger on time
 * registrations from a date before every record, Max Changes per Poll BENCH_MAX_CHANGES (10,000),
 * is activated on the main and polled through n8n's own scheduler (pollNow) until a poll emits
 * nothing; each poll's items run as an execution on a worker and are saved in Postgres. Then every
 * id of every saved execution (read back from `execution_data`) is checked against a plain
 * incremental read of the same window. Prints one markdown table. Figures only: nothing asserts speed.
 */
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

import type { Client } from 'pg';

import { DEMO } from '../test/emulator/seed/demo';
import { workforceCredential } from '../test/e2e/support/demoValues';
import { N8nServer } from '../test/e2e/support/n8nServer';
import { waitFor } from '../test/e2e/support/runtime';
import {
	POLL_ONLY_WHEN_ASKED,
	TRIGGER,
	timeRegistrationTriggerWorkflow,
} from '../test/e2e/support/triggerWorkflow';
import { activate, pollNow, postgres } from '../test/e2e/queue/queueSupport';
import { QUEUE_DIR, readStack } from '../test/e2e/queue/stackFile';
import { BACKFILL_START, backfillReference, compareWithReference } from './backfillReference';
import { LogTail } from './logTail';
import { median, vmHwmMb, type Target } from './measure';
import { emulatorPageMs, pageRequestTimes } from './queueEmulator';
import {
	executionRows,
	pollerErrors,
	pollTasks,
	savedItems,
	type ExecutionRow,
	type PollTask,
} from './queueRecords';

const records = Number(process.env.BENCH_BACKFILL_RECORDS ?? 1_000_000);
const maxChanges = Number(process.env.BENCH_MAX_CHANGES ?? 10_000);
/** Safety cap: twice the polls the backfill needs, and some. */
const maxPolls = Math.ceil(records / maxChanges) * 2 + 10;
/** The trigger's Page Size (its default). */
const PAGE_SIZE = 2500;
const OWNER = {
	email: 'bench@example.com',
	firstName: 'Bench',
	lastName: 'Queue',
	password: 'Bench-Passw0rd-wf',
};

const t0 = Date.now();
const say = (msg: string) =>
	process.stderr.write(`[bench:queue] ${msg} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);
const ms = (from: Date | null, to: Date | null) =>
	from && to ? to.getTime() - from.getTime() : NaN;
const n = (value: number) => Math.round(value).toLocaleString('en-US');

async function main() {
	const stack = readStack();
	const main = new N8nServer(stack.runtime, stack.main.instance);
	await main.setupOwner(OWNER);
	await main.login(OWNER.email, OWNER.password);
	const draft = workforceCredential('unsaved', 'Workforce (bench emulator)', stack.emulator.urls);
	const credential = { ...draft, id: await main.createCredential(draft) };
	const workflowId = await main.createWorkflow(
		timeRegistrationTriggerWorkflow({
			name: 'Bench: trigger backfill',
			idPrefix: 'b0a80f0e-0000-4000-8000-00000000b00',
			credential,
			startDate: BACKFILL_START,
			triggerOptions: { maxChangesPerPoll: maxChanges },
			// Every poll of the run is a forced one (pollNow), none overlaps another.
			pollTimes: POLL_ONLY_WHEN_ASKED,
		}),
	);
	const n8nProcesses = [stack.main, ...stack.workers];
	const peakAtStart = n8nProcesses.map((p) => vmHwmMb(p.pid));
	const db = await postgres('n8n');
	try {
		const mainLog = new LogTail(stack.main.log);
		const started = new Date();
		// Activation itself polls once (n8n's PollTriggerExecutor, outside the scheduler's tables) and
		// hands its changes to an execution; the scheduled polls start from the cursor it commits.
		await activate(main, workflowId);
		await waitFor(
			'the execution of the activation poll',
			async () => (await executionRows(db, workflowId)).length > 0,
			120_000,
		);
		const pollWallMs = [Date.now() - started.getTime()];
		say(
			`workflow ${workflowId} active, its activation poll executed; polling (Max Changes per Poll ${n(maxChanges)}, ${n(records)} records)`,
		);
		let lastPollStart = started.toISOString();
		let failedPolls = 0;
		let capped = false;
		for (;;) {
			if (pollWallMs.length >= maxPolls) {
				// The figures still count: what was emitted twice shows why the backfill did not end.
				say(`no empty poll after ${maxPolls} polls (the safety cap): stopped`);
				capped = true;
				break;
			}
			const executionsBefore = (await executionRows(db, workflowId)).length;
			const errorsBefore = (await pollerErrors(db, workflowId)).consecutiveErrors;
			lastPollStart = new Date().toISOString();
			const pollStarted = Date.now();
			const status = await pollNow(workflowId);
			const tasks = await pollTasks(db, workflowId);
			const task = tasks[tasks.length - 1];
			if (status !== 'succeeded' || !task)
				throw new Error(`Poll ended ${status}: see .e2e/queue/main.log`);
			// The cursor is committed with the execution row, after the poll's occurrence ends: the next poll must read it.
			// A poll that failed also ends "dispatched" (to the error workflow), and one that timed out emits nothing: both count on the poller's errors.
			// Whether it emitted shows in no table before its execution row: n8n's scheduler marks every
			// finished occurrence withChanges. An empty poll says so in the main's debug log.
			let failed = false;
			let empty = false;
			await waitFor(
				`the execution of poll ${pollWallMs.length + 1} (task ${task.id}) or its "no new data" in .e2e/queue/main.log`,
				async () => {
					failed = (await pollerErrors(db, workflowId)).consecutiveErrors > errorsBefore;
					empty = mainLog.seen(new RegExp(`Poll returned no new data.*"taskId": "${task.id}"`));
					return failed || empty || (await executionRows(db, workflowId)).length > executionsBefore;
				},
				120_000,
			);
			pollWallMs.push(Date.now() - pollStarted);
			if (failed) {
				failedPolls++;
				const errors = await pollerErrors(db, workflowId);
				say(
					`poll ${pollWallMs.length} failed (${errors.consecutiveErrors} in a row; back-off until ${errors.backoffUntil?.toISOString() ?? '-'}): see .e2e/queue/main.log`,
				);
				if (failedPolls > 5) throw new Error('More than 5 failed polls: see .e2e/queue/main.log');
				if (errors.backoffUntil)
					await new Promise((r) =>
						setTimeout(r, Math.max(0, errors.backoffUntil!.getTime() - Date.now()) + 500),
					);
				continue;
			}
			if (empty) {
				say(`poll ${pollWallMs.length}: nothing new, the backfill is complete`);
				break;
			}
			say(
				`poll ${pollWallMs.length}: ${ms(task.startedAt, task.finishedAt)} ms in the poll, ${pollWallMs[pollWallMs.length - 1]} ms until its execution was created`,
			);
		}
		const pollsDoneMs = Date.now() - started.getTime();
		let executions: ExecutionRow[] = [];
		await waitFor(
			'every execution finished',
			async () => {
				executions = await executionRows(db, workflowId);
				return executions.every((e) => !['new', 'running', 'queued', 'waiting'].includes(e.status));
			},
			3_600_000,
		);
		const lastStop = Math.max(...executions.map((e) => e.stoppedAt?.getTime() ?? 0));
		const peakAtEnd = n8nProcesses.map((p) => vmHwmMb(p.pid));
		say(`${executions.length} executions finished; reading their saved items`);

		const emitted = new Map<string, number>();
		let largest = { id: '', items: 0, characters: 0 };
		for (const execution of executions) {
			const { ids, characters } = await savedItems(db, execution.id, TRIGGER);
			for (const id of ids) emitted.set(id, (emitted.get(id) ?? 0) + 1);
			if (
				ids.length > largest.items ||
				(ids.length === largest.items && characters > largest.characters)
			)
				largest = { id: execution.id, items: ids.length, characters };
		}
		const target: Target = { ...stack.emulator.urls, ...DEMO.clients.admin };
		const expected = await backfillReference(target, lastPollStart);
		const { lost, duplicated, unexpected } = compareWithReference(emitted, expected);
		const tasks = await pollTasks(db, workflowId);
		const pageTimes = await pageRequestTimes(stack.emulator.urls.control);
		const pageMs = await emulatorPageMs(target, PAGE_SIZE);
		print({
			capped,
			pageTimes,
			pageMs,
			started,
			pollsDoneMs,
			lastStop,
			tasks,
			executions,
			pollWallMs,
			failedPolls,
			emitted,
			expected,
			lost,
			duplicated,
			unexpected,
			largest,
			peakAtStart,
			peakAtEnd,
			names: n8nProcesses.map((p) => p.name),
			version: stack.runtime.version,
		});
		await main.deactivateWorkflow(workflowId);
		// Figures, not assertions, but a backfill that lost, repeated or did not end must not look like a clean run.
		if (capped || lost || duplicated || unexpected) process.exitCode = 1;
	} catch (error) {
		await diagnose(db, workflowId);
		throw error;
	} finally {
		await db.end();
	}
}

/** On failure: what n8n recorded of the run (polls, executions, the poller's state), for the report. */
async function diagnose(db: Client, workflowId: string) {
	const file = join(QUEUE_DIR, 'bench-diagnostics.json');
	const poller = await db
		.query(`SELECT * FROM poller_state WHERE "workflowId" = $1`, [workflowId])
		.catch(() => ({ rows: [] }));
	const state = {
		tasks: await pollTasks(db, workflowId).catch(() => []),
		executions: await executionRows(db, workflowId).catch(() => []),
		poller: poller.rows,
	};
	writeFileSync(file, JSON.stringify(state, null, 2));
	say(`what n8n recorded: ${file}`);
}

function print(r: {
	capped: boolean;
	pageTimes: number[];
	pageMs: number;
	started: Date;
	pollsDoneMs: number;
	lastStop: number;
	tasks: PollTask[];
	executions: ExecutionRow[];
	pollWallMs: number[];
	failedPolls: number;
	emitted: Map<string, number>;
	expected: Set<string>;
	lost: number;
	duplicated: number;
	unexpected: number;
	largest: { id: string; items: number; characters: number };
	peakAtStart: Array<number | undefined>;
	peakAtEnd: Array<number | undefined>;
	names: string[];
	version: string;
}) {
	const spread = (values: number[]) =>
		values.length ? `${n(median(values))} / ${n(Math.max(...values))}` : '';
	// Each execution belongs to the last poll started before its row was created (the activation's to none):
	// the row is committed with the cursor while the scheduler is still closing the poll's occurrence.
	const pollOf = (e: ExecutionRow) =>
		[...r.tasks].reverse().find((t) => t.startedAt && t.startedAt <= e.createdAt);
	const withData = new Set(r.executions.map((e) => pollOf(e)?.id).filter(Boolean));
	const withChanges = r.tasks.filter((t) => withData.has(t.id));
	// The pages each poll with changes read (requests between its start and end), and the time between two of them.
	const pages = withChanges.map((t) =>
		r.pageTimes.filter((time) => time >= t.startedAt!.getTime() && time <= t.finishedAt!.getTime()),
	);
	const gaps = pages.flatMap((times) => times.slice(1).map((time, i) => time - times[i]));
	const statuses = [...new Set(r.executions.map((e) => e.status))]
		.map((s) => `${r.executions.filter((e) => e.status === s).length} ${s}`)
		.join(', ');
	const rows: Array<[string, string]> = [
		[
			r.capped
				? `Polls (the activation's, then the scheduled ones): STOPPED at the safety cap of ${maxPolls}, none empty`
				: "Polls (the activation's, then the scheduled ones; the last one empty)",
			`1 + ${r.tasks.length} (${withChanges.length} of the scheduled ones with changes${r.failedPolls ? `, ${r.failedPolls} failed` : ''})`,
		],
		['Executions', `${r.executions.length} (${statuses})`],
		['Wall time, activation to the empty poll (s)', (r.pollsDoneMs / 1000).toFixed(1)],
		[
			'Wall time, activation to the last execution finished (s)',
			((r.lastStop - r.started.getTime()) / 1000).toFixed(1),
		],
		[
			'Per poll, from its start (pollNow; the first: activation) to its execution created (ms, median / max)',
			spread(r.pollWallMs),
		],
		[
			"Scheduler's pick-up: occurrence due to poll started (ms, median / max)",
			spread(r.tasks.map((t) => ms(t.runAt, t.startedAt))),
		],
		[
			'The poll itself, with changes: started to ended (ms, median / max)',
			spread(withChanges.map((t) => ms(t.startedAt, t.finishedAt))),
		],
		['Pages read per poll with changes (median / max)', spread(pages.map((p) => p.length))],
		[
			`Inside a poll, from one page request to the next (${n(PAGE_SIZE)} records; ms, median / max)`,
			spread(gaps),
		],
		[
			`The emulator alone: one page of ${n(PAGE_SIZE)}, plain request (ms, median of 5)`,
			n(r.pageMs),
		],
		[
			'Poll started to its execution row committed with the cursor (ms, median / max)',
			spread(
				r.executions
					.map((e) => ms(pollOf(e)?.startedAt ?? null, e.createdAt))
					.filter(Number.isFinite),
			),
		],
		[
			'Queue: execution created to started on a worker (ms, median / max)',
			spread(r.executions.map((e) => ms(e.createdAt, e.startedAt))),
		],
		[
			'Worker: execution started to stopped (ms, median / max)',
			spread(r.executions.map((e) => ms(e.startedAt, e.stoppedAt))),
		],
		[
			'Largest execution',
			`${n(r.largest.items)} items, ${n(r.largest.characters)} characters of run data saved (execution ${r.largest.id})`,
		],
		[
			'Emitted (over all saved executions)',
			`${n([...r.emitted.values()].reduce((a, b) => a + b, 0))} items, ${n(r.emitted.size)} distinct ids`,
		],
		['Reference (plain incremental read of the window)', `${n(r.expected.size)} ids`],
		['Lost / duplicated / unexpected', `${r.lost} / ${r.duplicated} / ${r.unexpected}`],
		...r.names.map((name, i): [string, string] => [
			`Peak RSS of ${name} (MiB, VmHWM at start → at end)`,
			`${r.peakAtStart[i] ?? '?'} → ${r.peakAtEnd[i] ?? '?'}`,
		]),
	];
	const lines = [
		`Queue-mode trigger backfill, ${new Date().toISOString().slice(0, 10)}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, n8n ${r.version} (main + 2 workers, Postgres, Redis), ${n(records)} time registrations, Max Changes per Poll ${n(maxChanges)}`,
		'',
		'| Figure | Value |',
		'|---|---:|',
		...rows.map(([figure, value]) => `| ${figure} | ${value} |`),
	];
	const table = lines.join('\n');
	writeFileSync(join(QUEUE_DIR, 'bench-result.md'), `${table}\n`);
	console.log(table);
}

main().catch((error: Error) => {
	process.stderr.write(`[bench:queue] failed: ${error.stack ?? error.message}\n`);
	process.exit(1);
});
