/*
 * Return All over every time registration the way a careful user would write it by hand: the
 * year split into the same partitions as the node's (BENCH_PARTITIONS month windows by default),
 * BENCH_PARALLEL of them paged side by side, each window clipped to [start, end) since ToDateTime
 * is inclusive. Parses each page and keeps nothing: the parallel floor.
 */
import { report, targetFromEnv } from '../measure';
import { eachTimeRegistrationPage, monthWindows, warmUpExtraction } from './token';

const target = targetFromEnv();
const parallel = Number(process.env.BENCH_PARALLEL ?? 4);

void report(
	async () => {
		const windows = monthWindows(process.env.BENCH_WINDOW_FROM, process.env.BENCH_WINDOW_TO);
		let records = 0;
		let requests = 0;
		let next = 0;
		const worker = async () => {
			while (next < windows.length) {
				const window = windows[next++];
				const sent = await eachTimeRegistrationPage(
					target,
					(page) => {
						records += page.length;
					},
					window,
				);
				requests += sent;
			}
		};
		await Promise.all(Array.from({ length: Math.min(parallel, windows.length) }, worker));
		return { records, requests, note: `${windows.length} windows, ${parallel} at a time` };
	},
	() => warmUpExtraction(target),
);
