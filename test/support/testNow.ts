/**
 * The instant every unit test runs at unless it sets one: no outcome may depend on the day or
 * the time of day the suite happens to run (the emulator lays its demo data out from "now", the
 * node reads "today" for its default windows, the trigger for its first poll).
 *
 * `WF_TEST_NOW` chooses it: an ISO instant (the calendar sweep, a reproduction), or `real` for
 * the machine's clock. By default a Wednesday morning in the middle of a month, far from month,
 * year and DST edges: the sweep (`npm run test:calendar`) is where the edges are tried.
 */
export const DEFAULT_TEST_NOW = '2026-11-18T09:00:00.000Z';

/** The chosen start instant in epoch ms, or undefined for the machine's clock. */
export function testStartMs(env: string | undefined = process.env.WF_TEST_NOW): number | undefined {
	const text = (env ?? DEFAULT_TEST_NOW).trim();
	if (text.toLowerCase() === 'real') return undefined;
	const ms = Date.parse(text);
	if (!Number.isFinite(ms) || !/(Z|[+-]\d\d:\d\d)$/.test(text))
		throw new Error(
			`WF_TEST_NOW="${text}" is not an instant: give an ISO time with its zone (2027-01-01T00:00:00Z) or "real".`,
		);
	return ms;
}

/**
 * Makes `Date` read `startMs` at this call and move on with real time from there (ms by ms, no
 * timer): the calendar day is fixed, and code that waits on Date (retry deadlines, token expiry)
 * still sees time pass. Dates built from a value are untouched. jest's fake timers, where a test
 * installs them (`stopDateAt`), take over and hand back this Date when they are removed.
 */
export function shiftDate(startMs: number) {
	const RealDate = Date;
	const offset = startMs - RealDate.now();
	const now = () => RealDate.now() + offset;
	const Shifted = new Proxy(RealDate, {
		construct(target, args, newTarget) {
			return Reflect.construct(target, args.length ? args : [now()], newTarget);
		},
		// `Date()` without new: the current time as text.
		apply() {
			return new RealDate(now()).toString();
		},
		get(target, key, receiver) {
			if (key === 'now') return now;
			return Reflect.get(target, key, receiver);
		},
	});
	globalThis.Date = Shifted;
}
