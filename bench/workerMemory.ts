/*
 * Bench only, never in the package: loaded into the queue-mode workers by
 * `BENCH_WORKER_MEMORY=1 npm run bench:queue` (scripts/bench-queue.sh: NODE_OPTIONS=--require of
 * this file, workers only). Every 200 ms it appends one JSON line to
 * .e2e/queue/memory-<pid>.ndjson: the worker's RSS split as Node reports it (V8's heap committed
 * and used, and by space; memory outside the heap: external, of which ArrayBuffers) and the
 * collections since the last line, with V8's heap used as each full collection was reported
 * (about what it left alive). It reads only; how the worker collects is left as it is.
 * bench/queueFileParts.ts reads the lines of the File output's window.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';

/** One line of the log; sizes in MiB. */
export interface MemorySample {
	at: number;
	rss: number;
	heapTotal: number;
	heapUsed: number;
	/** Memory V8 is told of outside its heap (ArrayBuffers included). */
	external: number;
	arrayBuffers: number;
	/** Used size of each heap space (new, old, large_object, ...). */
	spaces: Record<string, number>;
	/** Committed size of the young generation's semi-space (V8 sizes it to the allocation rate). */
	newCommitted: number;
	/** Collections since the last line: full (mark-compact) and young (scavenge), and their time. */
	full: number;
	young: number;
	gcMs: number;
	/** Heap used as each full collection since the last line was reported. */
	afterFull: number[];
}

export function memoryLogOf(queueDir: string, pid: number): string {
	return join(queueDir, `memory-${pid}.ndjson`);
}

const mib = (bytes: number) => Math.round(bytes / 104_857.6) / 10;

function sampleEvery(ms: number, file: string) {
	let full = 0;
	let young = 0;
	let gcMs = 0;
	let afterFull: number[] = [];
	new PerformanceObserver((list) => {
		for (const entry of list.getEntries() as Array<
			PerformanceEntry & { detail?: { kind?: number } }
		>) {
			gcMs += entry.duration;
			if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
				full++;
				afterFull.push(mib(getHeapStatistics().used_heap_size));
			} else if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) young++;
		}
	}).observe({ entryTypes: ['gc'] });
	setInterval(() => {
		const m = process.memoryUsage();
		const spaces: Record<string, number> = {};
		let newCommitted = 0;
		for (const s of getHeapSpaceStatistics()) {
			spaces[s.space_name.replace(/_space$/, '')] = mib(s.space_used_size);
			if (s.space_name === 'new_space') newCommitted = mib(s.space_size);
		}
		const sample: MemorySample = {
			at: Date.now(),
			rss: mib(m.rss),
			heapTotal: mib(m.heapTotal),
			heapUsed: mib(m.heapUsed),
			external: mib(m.external),
			arrayBuffers: mib(m.arrayBuffers),
			spaces,
			newCommitted,
			full,
			young,
			gcMs: Math.round(gcMs),
			afterFull,
		};
		appendFileSync(file, `${JSON.stringify(sample)}\n`);
		full = young = gcMs = 0;
		afterFull = [];
	}, ms).unref();
}

// Only in `n8n worker` (NODE_OPTIONS reaches the npm installs the worker starts too).
if (process.argv.includes('worker'))
	sampleEvery(200, memoryLogOf(join(__dirname, '..', '..', '.e2e', 'queue'), process.pid));
