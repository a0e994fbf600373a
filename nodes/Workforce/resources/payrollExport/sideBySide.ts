/** Results of the windows before the first that failed (all when none did), and that failure. */
export interface Leading<T> {
	results: T[];
	failed?: { index: number; error: unknown };
}

/**
 * Runs the payroll export's `count` windows, at most `parallel` at once, started and answered in
 * index order. The first failure stops new windows and is thrown once the rest settle;
 * with `leading` (issue 34) the windows before the first failed one are read to their end instead.
 * No window starts after a failure, so a 429 has nothing left to slow down (no request gate).
 */
export async function sideBySide<T>(
	count: number,
	parallel: number,
	task: (index: number) => Promise<T>,
	leading: boolean,
): Promise<Leading<T>> {
	const results: T[] = new Array<T>(count);
	let failed: Leading<T>['failed'];
	// Windows from here on are not started.
	const stopsAt = () => (failed === undefined ? count : leading ? failed.index : -1);
	let next = 0;
	// Each runner starts the next window as its last one ends.
	const runner = async () => {
		for (let index = next++; index < stopsAt(); index = next++) {
			try {
				results[index] = await task(index);
			} catch (error) {
				if (failed === undefined || (leading && index < failed.index)) failed = { index, error };
			}
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, Math.floor(parallel)) }, runner));
	if (failed && !leading) throw failed.error;
	return { results: failed ? results.slice(0, failed.index) : results, failed };
}
