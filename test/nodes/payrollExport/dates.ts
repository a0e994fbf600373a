/**
 * The day this test file started (UTC), read once: a run may cross midnight (WF_TEST_NOW a minute
 * before it), and a range sent before midnight must be expected as sent, not as the day after.
 */
const startDay = Date.now();

/** Work dates relative to the file's start day (UTC), as the tests need ranges inside the generated data and the one-year limit. */
export function daysAgo(n: number): string {
	return new Date(startDay - n * 86_400_000).toISOString().slice(0, 10);
}

export function dayNumber(date: string): number {
	return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}
