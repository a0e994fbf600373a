import { isPushback } from '../../../shared/extraction/retryPolicy';
import { RequestGate } from '../../helpers/requestGate';

/** The windows answered before the first that failed, and that failure. */
export interface Leading<T> {
	/** Results of windows 0 .. failed - 1 (all of them when none failed), in index order. */
	results: T[];
	failed?: { index: number; error: unknown };
}

/**
 * Runs `count` independent requests (the payroll export's 45-day windows) with at most `parallel`
 * in flight, and answers their results in index order. The first failure fails the whole: no
 * further request starts, and the ones in flight are awaited (nothing is left running) before
 * the failure is thrown. A 429 or 503 lowers the requests in flight (the gate).
 */
export async function sideBySide<T>(
	count: number,
	parallel: number,
	task: (index: number) => Promise<T>,
): Promise<T[]> {
	const { results, failed } = await windowsInOrder(count, parallel, task, false);
	if (failed) throw failed.error;
	return results;
}

/**
 * As sideBySide, for a run that delivers what is complete (issue 34): a window that fails stops
 * the windows after it, those before it are read to their end, and their results come back with
 * the failure of the first window that failed in date order.
 */
export async function leadingWindows<T>(
	count: number,
	parallel: number,
	task: (index: number) => Promise<T>,
): Promise<Leading<T>> {
	return await windowsInOrder(count, parallel, task, true);
}

async function windowsInOrder<T>(
	count: number,
	parallel: number,
	task: (index: number) => Promise<T>,
	leading: boolean,
): Promise<Leading<T>> {
	const gate = new RequestGate(parallel);
	const results: T[] = new Array<T>(count);
	let failed: { index: number; error: unknown } | undefined;
	// Windows from here on are not started: every one after a failure, or (leading) after the first failed.
	const stopsAt = () => (failed === undefined ? count : leading ? failed.index : -1);
	const runs: Array<Promise<void>> = [];
	for (let index = 0; index < stopsAt(); index++) {
		const slot = await gate.acquire(index);
		if (index >= stopsAt()) {
			slot.release();
			break;
		}
		runs.push(
			task(index).then(
				(value) => {
					results[index] = value;
					slot.succeeded();
					slot.release();
				},
				(error: unknown) => {
					if (isPushback(error)) slot.pushedBack();
					// Leading: the earliest failure in date order is where the complete stretch ends.
					if (failed === undefined || (leading && index < failed.index)) failed = { index, error };
					slot.release();
				},
			),
		);
	}
	await Promise.all(runs);
	return { results: failed ? results.slice(0, failed.index) : results, failed };
}
