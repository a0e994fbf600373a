import { isPushback } from '../../../shared/extraction/retryPolicy';
import { RequestGate } from '../../helpers/requestGate';

/** Results of the windows before the first that failed (all when none did), and that failure. */
export interface Leading<T> {
	results: T[];
	failed?: { index: number; error: unknown };
}

/**
 * Runs the payroll export's `count` windows, at most `parallel` in flight (through the gate), and
 * answers in index order. The first failure stops new requests and is thrown once the rest settle;
 * with `leading` (issue 34) the windows before the first failed one are read to their end instead.
 */
export async function sideBySide<T>(
	count: number,
	parallel: number,
	task: (index: number) => Promise<T>,
	leading: boolean,
): Promise<Leading<T>> {
	const gate = new RequestGate(parallel);
	const results: T[] = new Array<T>(count);
	let failed: Leading<T>['failed'];
	// Windows from here on are not started.
	const stopsAt = () => (failed === undefined ? count : leading ? failed.index : -1);
	const runs: Array<Promise<void>> = [];
	for (let index = 0; index < stopsAt(); index++) {
		const slot = await gate.acquire(index);
		if (index >= stopsAt()) {
			slot.release();
			break;
		}
		const run = async () => {
			try {
				results[index] = await task(index);
				slot.succeeded();
			} catch (error) {
				if (isPushback(error)) slot.pushedBack();
				if (failed === undefined || (leading && index < failed.index)) failed = { index, error };
			}
			slot.release();
		};
		runs.push(run());
	}
	await Promise.all(runs);
	if (failed && !leading) throw failed.error;
	return { results: failed ? results.slice(0, failed.index) : results, failed };
}
