import { RequestGate } from '../../../../nodes/Workforce/resources/dataExtraction/partitions/requestGate';

/** Takes a slot, lets it succeed and gives it back, `n` times; the limit then. */
async function succeed(gate: RequestGate, n: number) {
	for (let i = 0; i < n; i++) {
		const slot = await gate.acquire();
		slot.succeeded();
		slot.release();
	}
	return gate.limit;
}

/** Takes `n` slots at once (the gate must have room for them). */
const take = (gate: RequestGate, n: number) =>
	Promise.all(Array.from({ length: n }, () => gate.acquire()));

/** One round of `n` in flight, the last refused (429, or 503 when `overloaded`), all given back; the limit then. */
async function refusedAt(gate: RequestGate, n: number, overloaded = false) {
	const slots = await take(gate, n);
	slots[n - 1].pushedBack(null, overloaded);
	for (const slot of slots) slot.release();
	return gate.limit;
}

describe('RequestGate: the allowance learned from push-back', () => {
	it('a 429 with four in flight sets the limit to the three the service served, once per round', async () => {
		const gate = new RequestGate(4);
		const slots = await take(gate, 4);
		// Only the fourth was refused; answers to requests of the same round do not cut again.
		slots[3].pushedBack();
		slots[2].pushedBack();
		expect(gate.limit).toBe(3);
		for (const slot of slots) slot.release();
		// Slots taken after the cut, the third refused: the service serves two now (another client).
		expect(await refusedAt(gate, 3)).toBe(2);
		// Refused with nothing else in flight: one at a time, never fewer.
		const alone = await gate.acquire();
		alone.pushedBack();
		alone.release();
		expect(gate.limit).toBe(1);
		const still = await gate.acquire();
		still.pushedBack();
		still.release();
		expect(gate.limit).toBe(1);
	});

	it('a 503 (overloaded) halves the limit', async () => {
		const gate = new RequestGate(8);
		const slots = await take(gate, 8);
		slots[0].pushedBack(null, true);
		expect(gate.limit).toBe(4);
		for (const slot of slots) slot.release();
	});

	it('below the allowance it climbs one per round; above it, one try after 8 rounds, 16 after a refused try', async () => {
		const gate = new RequestGate(8);
		// Overloaded at 8: halved to 4, the allowance 4.
		expect(await refusedAt(gate, 8, true)).toBe(4);
		// Eight rounds of four at the allowance before a fifth is tried.
		expect(await succeed(gate, 8 * 4 - 1)).toBe(4);
		expect(await succeed(gate, 1)).toBe(5);
		// The try is refused with five in flight: back to four, and the next try waits 16 rounds.
		expect(await refusedAt(gate, 5)).toBe(4);
		expect(await succeed(gate, 15 * 4)).toBe(4);
		expect(await succeed(gate, 4)).toBe(5);
		// Served this time: the allowance grows with each successful try, never past the maximum.
		expect(await succeed(gate, 10_000)).toBe(8);
	});

	it('a try refused at the allowance in flight (the service still counting an answered request) goes back to the allowance, not below', async () => {
		const gate = new RequestGate(4);
		// A 429 at four: allowance three.
		await refusedAt(gate, 4);
		expect(await succeed(gate, 8 * 3)).toBe(4);
		// The try: refused with three in flight as the gate counts them (the fourth was just answered).
		expect(await refusedAt(gate, 3)).toBe(3);
		// The next try waits 16 rounds, as after any refused try.
		expect(await succeed(gate, 16 * 3 - 1)).toBe(3);
		expect(await succeed(gate, 1)).toBe(4);
		// Refused at four again (allowance three); then at three, not trying: the service serves fewer now.
		expect(await refusedAt(gate, 4)).toBe(3);
		expect(await refusedAt(gate, 3)).toBe(2);
	});

	it('a halved limit climbs back to the allowance one per round', async () => {
		const gate = new RequestGate(6);
		// A 429 at six: allowance five. Then an overload halves it to two.
		await refusedAt(gate, 6);
		expect(await refusedAt(gate, 5, true)).toBe(2);
		// The allowance after the overload is what it left: two.
		expect(await succeed(gate, 2 * 8)).toBe(3);
	});

	it('never lets more than the limit in, and the lowest priority number goes first', async () => {
		const gate = new RequestGate(2);
		const a = await gate.acquire(5);
		const b = await gate.acquire(5);
		const order: number[] = [];
		const late = gate.acquire(9).then((s) => (order.push(9), s));
		const early = gate.acquire(1).then((s) => (order.push(1), s));
		await Promise.resolve();
		expect(order).toEqual([]);
		a.release();
		const first = await early;
		expect(order).toEqual([1]);
		b.release();
		const second = await late;
		expect(order).toEqual([1, 9]);
		expect(gate.peak).toBe(2);
		first.release();
		second.release();
	});
});
