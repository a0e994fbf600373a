import { isPushback } from '../../../shared/extraction/retryPolicy';
import { RequestGate } from '../../helpers/requestGate';

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
	const gate = new RequestGate(parallel);
	const results: T[] = new Array<T>(count);
	let failure: { error: unknown } | undefined;
	const runs: Array<Promise<void>> = [];
	for (let index = 0; index < count && !failure; index++) {
		const slot = await gate.acquire(index);
		if (failure) {
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
					failure ??= { error };
					slot.release();
				},
			),
		);
	}
	await Promise.all(runs);
	if (failure) throw failure.error;
	return results;
}
