/**
 * Requests in flight over a run, from `BENCH_REQUEST_LOG` files (arrival and end of each request
 * the emulator served): where a run below the service's limit loses time (BENCHMARKS.md, "Below
 * the service's concurrency limit"). `node .build/bench/inFlight.js <L> <file.jsonl>...`
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

interface Logged {
	time: string;
	end?: string;
	status?: number;
	search: string;
}

const limit = Number(process.argv[2]);
for (const file of process.argv.slice(3)) {
	const logged = readFileSync(file, 'utf8')
		.split('\n')
		.filter(Boolean)
		.map((line) => JSON.parse(line) as Logged);
	const start = Date.parse(logged[0].time);
	const served = logged.filter((r) => r.status === 200 && r.end);
	// +1 at each arrival, -1 at each end; time spent at each count.
	const events = served
		.flatMap((r) => [
			[Date.parse(r.time) - start, 1],
			[Date.parse(r.end!) - start, -1],
		])
		.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
	const spent = new Map<number, number>();
	let [count, last] = [0, 0];
	for (const [at, step] of events) {
		spent.set(count, (spent.get(count) ?? 0) + at - last);
		[count, last] = [count + step, at];
	}
	// A window (slice or loop window) is one `From..To` query; its requests are its pages.
	const pages = new Map<string, number>();
	for (const r of served) {
		const query = new URLSearchParams(r.search);
		const window = `${query.get('FromDateTime')}..${query.get('ToDateTime')}`;
		pages.set(window, (pages.get(window) ?? 0) + 1);
	}
	const below = [...spent].filter(([n]) => n < limit).reduce((sum, [, ms]) => sum + ms, 0);
	const lost = [...spent].reduce((sum, [n, ms]) => sum + (n < limit ? (limit - n) * ms : 0), 0);
	const s = (ms: number) => (ms / 1000).toFixed(1);
	console.log(
		`${basename(file)}: ${s(last)} s, ${served.length} requests (${logged.length - served.length} refused), ${pages.size} windows`,
	);
	console.log(
		`  time at each count in flight: ${[...spent]
			.sort((a, b) => a[0] - b[0])
			.map(([n, ms]) => `${n}: ${s(ms)} s`)
			.join(', ')}`,
	);
	console.log(
		`  below ${limit}: ${s(below)} s (${Math.round((100 * below) / last)} %), ${s(lost / limit)} s of the limit's capacity unused`,
	);
}
