import { readBytes, readText } from '../../../../nodes/shared/transport/body';

/** A streamed body: `count` chunks `gapMs` apart, then the end, or silence when `hangs`. */
function body(count: number, gapMs: number, hangs: boolean) {
	const state = { destroyed: false };
	async function* chunks() {
		for (let i = 0; i < count; i++) {
			if (i > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
			yield Buffer.from('x');
		}
		if (hangs) await new Promise(() => undefined);
	}
	const stream = Object.assign(chunks(), { destroy: () => (state.destroyed = true) });
	return { stream, state };
}

// The watchdog counts chunks in quarters of the idle time on the timers, faked here: no test time
// depends on the machine's speed.
describe('Reading a body: the idle watchdog', () => {
	beforeEach(() => jest.useFakeTimers({ now: Date.now() }));
	afterEach(() => jest.useRealTimers());

	it('a body silent for the idle time fails with ETIMEDOUT after 1 to 1.25 times it, and is destroyed', async () => {
		const { stream, state } = body(1, 0, true);
		let failure: unknown;
		readText(stream, 1000).catch((error: unknown) => (failure = error));
		await jest.advanceTimersByTimeAsync(1000);
		expect(failure).toBeUndefined();
		await jest.advanceTimersByTimeAsync(250);
		expect(failure).toMatchObject({
			code: 'ETIMEDOUT',
			message: 'the answer stopped arriving for 1000 ms',
		});
		expect(state.destroyed).toBe(true);
	});

	it('a body that keeps arriving is read whole however long it takes in total', async () => {
		const { stream, state } = body(8, 400, false);
		const read = readBytes(stream, 1000);
		await jest.advanceTimersByTimeAsync(8 * 400);
		expect((await read).toString()).toBe('xxxxxxxx');
		expect(state.destroyed).toBe(false);
	});
});
