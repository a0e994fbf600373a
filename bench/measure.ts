import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

/** What a scenario child process reports back to the bench runner. */
export interface ScenarioResult {
	wallMs: number;
	/** CPU time of the scenario process during the work (user + system, every thread), in ms. */
	cpuMs?: number;
	records?: number;
	requests?: number;
	/** Peak resident set size of the scenario process, in MiB. */
	peakRssMb: number;
	note?: string;
	/** The same run timed other ways (ms), by what each times: a row each, with its ratio to the baseline. */
	alsoMs?: Record<string, number>;
}

/** Peak RSS of this process so far, in MiB (maxRSS is reported in KiB). */
export function peakRssMb(): number {
	return Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10;
}

/**
 * Times `work` and reports the result on stdout as one JSON line for the runner. `warmUp` runs
 * first, untimed and with its requests not counted (code loaded and compiled, as in a running
 * n8n): it must go through the same code path with its own token. `check` runs after the timing
 * and the peak RSS, and adds what it found to the note (it throws when the work was wrong).
 */
export async function report(
	work: () => Promise<Omit<ScenarioResult, 'wallMs' | 'peakRssMb'>>,
	warmUp?: () => Promise<unknown>,
	check?: (outcome: Omit<ScenarioResult, 'wallMs' | 'peakRssMb'>) => Promise<string>,
) {
	if (warmUp) {
		await warmUp();
		await markStart();
	}
	// Profiled: the window and the CPU by thread (the collector's helpers are not in the profile).
	const profiled = process.execArgv.includes('--cpu-prof');
	const ticksBefore = profiled ? threadTicks(process.pid) : undefined;
	const started = process.hrtime.bigint();
	const cpuBefore = process.cpuUsage();
	const outcome = await work();
	const ended = process.hrtime.bigint();
	const threads = ticksBefore && cpuByThreadName(ticksBefore, threadTicks(process.pid));
	const wallMs = Number(ended - started) / 1e6;
	// Less noisy than wall time on a shared machine, and it counts the garbage collector's threads.
	const cpu = process.cpuUsage(cpuBefore);
	const result: ScenarioResult = {
		wallMs: Math.round(wallMs),
		cpuMs: Math.round((cpu.user + cpu.system) / 1000),
		peakRssMb: peakRssMb(),
		...outcome,
	};
	if (threads)
		result.note = [
			result.note,
			`CPU by thread: ${threads.map(([name, ms]) => `${name} ${ms} ms`).join(', ')}`,
			profileWindow(started, ended),
		]
			.filter(Boolean)
			.join('; ');
	if (check) result.note = [result.note, await check(outcome)].filter(Boolean).join('; ');
	process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
}

/**
 * The timed window on the monotonic clock in µs, the clock of a `.cpuprofile`'s timestamps (V8's
 * and `process.hrtime` both read CLOCK_MONOTONIC), for bench/profileSummary.ts to cut the untimed
 * start-up, warm-up and checks out of a `--cpu-prof` profile, also another process's on this machine.
 */
export function profileWindow(started: bigint, ended: bigint): string {
	return `profile window ${started / 1000n}-${ended / 1000n} µs`;
}

/** The emulator's bases and the demo admin client, passed to scenario processes by the runner. */
export interface Target {
	integration: string;
	extraction: string;
	identity: string;
	clientId: string;
	clientSecret: string;
}

export function targetFromEnv(): Target {
	const raw = process.env.BENCH_TARGET;
	if (!raw) throw new Error('BENCH_TARGET is not set; run scenarios through bench/run');
	return JSON.parse(raw) as Target;
}

/** Tells the runner to start counting requests from here, and waits until it has. */
export async function markStart(): Promise<void> {
	process.stdout.write('BENCH_MARK\n');
	await new Promise<void>((resolve) => {
		process.stdin.once('data', () => {
			process.stdin.pause();
			resolve();
		});
	});
}

/** Node flags from an environment variable (space-separated), e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where a run's time goes. */
export function nodeFlags(variable: string): string[] {
	return (process.env[variable] ?? '').split(' ').filter(Boolean);
}

/** Peak RSS of another process so far (VmHWM of /proc/<pid>/status), in MiB; undefined when it has gone (or not on Linux). */
export function vmHwmMb(pid: number): number | undefined {
	return statusMb(pid, 'VmHWM');
}

/** RSS of another process now (VmRSS), in MiB. */
export function vmRssMb(pid: number): number | undefined {
	return statusMb(pid, 'VmRSS');
}

/** Starts another process's peak RSS (VmHWM) again from its RSS now (Linux 4.0 and later; false where it cannot). */
export function resetPeakRss(pid: number): boolean {
	try {
		writeFileSync(`/proc/${pid}/clear_refs`, '5');
		return true;
	} catch {
		return false;
	}
}

function statusMb(pid: number, field: string): number | undefined {
	try {
		const kb = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
		return kb ? Math.round(Number(kb[1]) / 102.4) / 10 : undefined;
	} catch {
		return undefined;
	}
}

/**
 * CPU time of each thread of a process so far (clock ticks of 10 ms), by thread id, with the
 * thread's name: Node names its threads (MainThread, V8Worker for the garbage collector's and
 * compiler's helpers, libuv-worker for file and DNS work), which splits a process's CPU into the
 * JavaScript that ran and the collection that ran beside it. Linux only; empty elsewhere.
 */
export function threadTicks(pid: number): Map<number, { name: string; ticks: number }> {
	const threads = new Map<number, { name: string; ticks: number }>();
	let tids: string[];
	try {
		tids = readdirSync(`/proc/${pid}/task`);
	} catch {
		return threads;
	}
	for (const tid of tids) {
		try {
			const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
			const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			threads.set(Number(tid), { name, ticks: Number(fields[11]) + Number(fields[12]) });
		} catch {
			// the thread has just ended
		}
	}
	return threads;
}

/** CPU (ms) each kind of thread spent between two `threadTicks`, by thread name, most first. */
export function cpuByThreadName(
	before: ReturnType<typeof threadTicks>,
	after: ReturnType<typeof threadTicks>,
): Array<[string, number]> {
	const sums = new Map<string, number>();
	for (const [tid, { name, ticks }] of after)
		sums.set(name, (sums.get(name) ?? 0) + (ticks - (before.get(tid)?.ticks ?? 0)) * 10);
	return [...sums].filter(([, ms]) => ms > 0).sort((a, b) => b[1] - a[1]);
}

/** Keeps the latest ticks of every thread ever seen (threads end, their CPU stays counted), and sums them by name. */
export class ThreadCpu {
	private readonly seen = new Map<number, { name: string; ticks: number }>();

	sample(pid: number): void {
		for (const [tid, thread] of threadTicks(pid)) this.seen.set(tid, thread);
	}

	/** CPU ms by thread name, largest first. */
	byName(): Array<[string, number]> {
		const sums = new Map<string, number>();
		for (const { name, ticks } of this.seen.values())
			sums.set(name, (sums.get(name) ?? 0) + ticks * 10);
		return [...sums].sort((a, b) => b[1] - a[1]);
	}
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
