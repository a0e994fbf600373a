/*
 * Return All over every time registration the way a careful user would write it by hand: the
 * year split into the same partitions as the node's (the node's own planner, BENCH_PARTITION_BY:
 * day, week or month, month by default), BENCH_PARALLEL of them paged side by side, each window
 * clipped to [start, end) since ToDateTime is inclusive. Parses each page and keeps nothing: the
 * parallel floor.
 */
import {
	planPartitions,
	type PartitionBy,
} from '../../nodes/Workforce/resources/dataExtraction/partitions/plan';
import { report, targetFromEnv } from '../measure';
import {
	eachTimeRegistrationPage,
	fetchToken,
	monthWindows,
	refusals,
	warmUpExtraction,
} from './token';

const target = targetFromEnv();
const parallel = Number(process.env.BENCH_PARALLEL ?? 4);
const by = (process.env.BENCH_PARTITION_BY ?? 'month') as PartitionBy;

/** The windows the node would read for the same From/To (BENCH_WINDOW_TO is exclusive). */
function windows(): Array<{ from: string; to: string }> {
	const from = process.env.BENCH_WINDOW_FROM;
	const to = process.env.BENCH_WINDOW_TO;
	if (!from || !to) return monthWindows(from, to);
	const plan = planPartitions(
		{ FromDateTime: from, ToDateTime: new Date(Date.parse(to) - 1).toISOString() },
		{ by },
		Date.now(),
	)!;
	return plan.map(({ qs }) => ({ from: qs.FromDateTime as string, to: qs.ToDateTime as string }));
}

void report(
	async () => {
		const planned = windows();
		// One token for every window, as a hand-written client keeps it.
		const token = await fetchToken(target);
		let records = 0;
		let requests = 0;
		let next = 0;
		const worker = async () => {
			while (next < planned.length) {
				const window = planned[next++];
				const sent = await eachTimeRegistrationPage(
					target,
					(page) => {
						records += page.length;
					},
					window,
					token,
				);
				requests += sent;
			}
		};
		await Promise.all(Array.from({ length: Math.min(parallel, planned.length) }, worker));
		return {
			records,
			requests,
			note: `${planned.length} ${by} windows, ${parallel} at a time, ${refusals} refused and sent again`,
		};
	},
	() => warmUpExtraction(target),
);
