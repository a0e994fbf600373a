/**
 * The trigger notes its start with Date.now(), the credential its renewal time, and the emulator
 * stamps changes with its clock (in `system` mode real time plus an offset, also Date.now()).
 * Faking only Date, and keeping it still, gives node and service one clock that moves only when
 * the test says so: minutes between polls without waiting, and no answer that depends on how many
 * milliseconds the machine took between two statements. Timers (setTimeout, sockets) stay real,
 * so sleeps, retries and request timeouts behave as they do in n8n. The emulator's own
 * `ctx.clock.advance` still moves the service's clock alone, to model a clock running apart.
 */
export function useFakeDate() {
	// The first test starts at the next whole minute of the suite's instant (testNow.ts, fixed
	// unless WF_TEST_NOW=real), so nothing here reads the real calendar.
	// Each test starts an hour after the previous one ended, so changes a test made (stamped
	// with its fake time) never fall inside the next test's windows.
	let next = Math.ceil(Date.now() / 60_000) * 60_000;
	beforeEach(() => {
		stopDateAt(next);
	});
	afterEach(() => {
		next = Math.max(Date.now(), next) + 3_600_000;
		jest.useRealTimers();
	});
	return {
		advance(ms: number) {
			jest.setSystemTime(Date.now() + ms);
		},
	};
}

/** Date stopped at `now` (ms), timers real: the clock of useFakeDate, for a test that sets it itself. */
export function stopDateAt(now: number) {
	jest.useFakeTimers({
		doNotFake: [
			'hrtime',
			'nextTick',
			'performance',
			'queueMicrotask',
			'requestAnimationFrame',
			'cancelAnimationFrame',
			'requestIdleCallback',
			'cancelIdleCallback',
			'setImmediate',
			'clearImmediate',
			'setInterval',
			'clearInterval',
			'setTimeout',
			'clearTimeout',
		],
		advanceTimers: false,
		now,
	});
}
