/*
 * Where a queue-mode run's wall time went, seen from outside the processes (bench only, nothing in
 * the package): CPU of the worker by thread, of Postgres (every process under its postmaster) and
 * of the emulator, sampled from /proc while the run goes; the load average meanwhile; and the time
 * Postgres itself spent in statements on `binary_data`, from its own log (log_min_duration_statement,
 * set for the run and reset after it; parameters never logged).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { Client } from 'pg';

import { ThreadCpu } from './measure';

/** utime + stime of a whole process (every thread), ms; 0 when it has gone. */
function processCpuMs(pid: number): number {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return (Number(fields[11]) + Number(fields[12])) * 10;
	} catch {
		return 0;
	}
}

/** `pid` and every process below it. */
function processTree(pid: number): number[] {
	const children = new Map<number, number[]>();
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
		} catch {
			// gone meanwhile
		}
	}
	const all: number[] = [];
	for (const queue = [pid]; queue.length; ) {
		const next = queue.shift()!;
		all.push(next);
		queue.push(...(children.get(next) ?? []));
	}
	return all;
}

/** CPU of a set of processes since `start`: the latest figure of every pid ever seen, minus its figure then. */
class TreeCpu {
	private readonly first = new Map<number, number>();
	private readonly last = new Map<number, number>();

	constructor(private readonly root: number) {
		for (const pid of processTree(root)) this.first.set(pid, processCpuMs(pid));
	}

	sample() {
		for (const pid of processTree(this.root)) {
			const ms = processCpuMs(pid);
			if (ms > 0) this.last.set(pid, ms);
		}
	}

	ms(): number {
		let sum = 0;
		for (const [pid, ms] of this.last) sum += ms - (this.first.get(pid) ?? 0);
		return sum;
	}
}

export interface ProbeResult {
	workerCpu: Array<[string, number]>;
	postgresCpuMs: number;
	emulatorCpuMs: number;
	loadAverage: number;
	/** Postgres' own time in statements on binary_data over log_min_duration_statement, by phase (parse, bind, execute). */
	binaryStatements: { count: number; ms: Record<string, number> };
}

export class RunProbe {
	/** Thread CPU of each worker at the start and as last sampled (the run's worker is known only after it). */
	private readonly workers = new Map<number, { start: ThreadCpu; last: ThreadCpu }>();
	private readonly postgresCpu: TreeCpu;
	private readonly emulatorCpu: TreeCpu;
	private readonly loads: number[] = [];
	private readonly timer: NodeJS.Timeout;
	private readonly logFrom: number;

	private constructor(
		private readonly db: Client,
		private readonly postgresLog: string,
		pids: { workers: number[]; postgres: number; emulator: number },
	) {
		for (const pid of pids.workers) {
			const start = new ThreadCpu();
			start.sample(pid);
			this.workers.set(pid, { start, last: new ThreadCpu() });
		}
		this.postgresCpu = new TreeCpu(pids.postgres);
		this.emulatorCpu = new TreeCpu(pids.emulator);
		this.logFrom = statSync(postgresLog).size;
		this.timer = setInterval(() => this.sample(), 2_000);
	}

	/** Postgres logs statements over 200 ms from now on, without their parameters (a part is 128 MiB). */
	static async start(
		db: Client,
		postgresLog: string,
		pids: { workers: number[]; postgres: number; emulator: number },
	): Promise<RunProbe> {
		await db.query('ALTER SYSTEM SET log_parameter_max_length = 0');
		await db.query('ALTER SYSTEM SET log_min_duration_statement = 200');
		await db.query('SELECT pg_reload_conf()');
		const probe = new RunProbe(db, postgresLog, pids);
		probe.sample();
		return probe;
	}

	private sample() {
		for (const [pid, cpu] of this.workers) cpu.last.sample(pid);
		this.postgresCpu.sample();
		this.emulatorCpu.sample();
		this.loads.push(Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]));
	}

	/** Figures of the run; thread CPU of `workerPid`, the worker that ran it. */
	async stop(workerPid: number | undefined): Promise<ProbeResult> {
		clearInterval(this.timer);
		this.sample();
		await this.db.query('ALTER SYSTEM RESET log_min_duration_statement');
		await this.db.query('ALTER SYSTEM RESET log_parameter_max_length');
		await this.db.query('SELECT pg_reload_conf()');
		const cpu = workerPid ? this.workers.get(workerPid) : undefined;
		const earlier = new Map(cpu?.start.byName() ?? []);
		const workerCpu = (cpu?.last.byName() ?? [])
			.map(([name, ms]) => [name, ms - (earlier.get(name) ?? 0)] as [string, number])
			.filter(([, ms]) => ms > 0);
		const log = readFileSync(this.postgresLog, 'utf8').slice(this.logFrom);
		const ms: Record<string, number> = {};
		let count = 0;
		for (const match of log.matchAll(
			/duration: ([\d.]+) ms {2}(parse|bind|execute)[^:]*: ([^\n]*)/g,
		)) {
			if (!/binary_data/i.test(match[3])) continue;
			ms[match[2]] = (ms[match[2]] ?? 0) + Number(match[1]);
			if (match[2] === 'execute') count++;
		}
		return {
			workerCpu,
			postgresCpuMs: this.postgresCpu.ms(),
			emulatorCpuMs: this.emulatorCpu.ms(),
			loadAverage: this.loads.reduce((a, b) => a + b, 0) / this.loads.length,
			binaryStatements: { count, ms },
		};
	}
}
