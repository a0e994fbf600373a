import { RequestGate } from '../../../../nodes/Workforce/helpers/requestGate';
import { executeNode, jsonOf } from '../../../harness/execute';
import { useEmulator } from '../../../support/emulatorFixture';

const PATH = 'time-registrations';

/**
 * Parallel Requests bounds the requests in flight, as the emulator counts them (admitted, not yet
 * answered to the last byte); the service's own concurrency limit (429 with Retry-After) makes the
 * node send fewer at once, and the run still finishes with every record once.
 */
describe('Data Extraction: partitions, requests in flight', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 2500, pageSize: 100 } });
	const data = () => fx.emulator.ctx.sections.workData.data;
	const latency = () => fx.emulator.ctx.latency;
	afterEach(() => latency().set({ preset: 'off' }));
	const params = (options: Record<string, unknown>) => {
		const days = Array.from({ length: data().count }, (_, i) =>
			Date.parse(`${data().timeRegistration(i).workDate as string}T00:00:00Z`),
		);
		return {
			resource: 'dataExtraction',
			operation: 'getTimeRegistrations',
			returnAll: true,
			fromDateTime: new Date(Math.min(...days)).toISOString(),
			toDateTime: new Date(Math.max(...days)).toISOString(),
			options: { partitionBy: 'day', chunkLimit: 40, ...options },
		};
	};
	const allIds = () =>
		Array.from({ length: data().count }, (_, i) => i)
			.filter((i) => !data().isDeleted(i))
			.map((i) => data().timeRegistrationId(i));

	it.each([1, 3])(
		'Parallel Requests %i: never more requests in flight at the service; every record once',
		async (parallel) => {
			latency().set({ ttfbMs: 2 });
			latency().resetCounters();
			const result = await executeNode({
				credentials: fx.credentials,
				parameters: params({ parallelRequests: parallel }),
			});
			expect(result.error).toBeUndefined();
			const ids = jsonOf(result).map((r) => r.id as string);
			expect(ids).toHaveLength(allIds().length);
			expect(new Set(ids)).toEqual(new Set(allIds()));
			const counters = latency().counters();
			expect(counters.admitted).toBeGreaterThan(20);
			expect(counters.maxInFlight).toBeLessThanOrEqual(parallel);
		},
	);

	it('requests do go side by side: with four allowed, four are held at the service at once', async () => {
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: PATH,
			count: 4,
			action: { kind: 'hold' },
		});
		const running = executeNode({
			credentials: fx.credentials,
			parameters: params({ parallelRequests: 4 }),
		});
		await fx.emulator.ctx.faults.whenHolding(4);
		expect(fx.apiRequests()).toHaveLength(4);
		fx.emulator.ctx.faults.release();
		expect((await running).error).toBeUndefined();
	});

	it("the service's concurrency limit (2, then 429 with Retry-After): the node sends fewer at once and finishes, every record once", async () => {
		latency().set({ maxConcurrent: 2, overloadAt: 100, retryAfterSeconds: 1 });
		latency().resetCounters();
		// Two requests admitted and held: every further request meets the limit.
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: PATH,
			count: 2,
			action: { kind: 'hold' },
		});
		const running = executeNode({
			credentials: fx.credentials,
			parameters: params({ parallelRequests: 6, retries: 2 }),
		});
		await fx.emulator.ctx.faults.whenHolding(2);
		while (latency().counters().rejected429 === 0) await new Promise((r) => setImmediate(r));
		fx.emulator.ctx.faults.release();
		const result = await running;
		expect(result.error).toBeUndefined();
		const ids = jsonOf(result).map((r) => r.id as string);
		expect(ids).toHaveLength(allIds().length);
		expect(new Set(ids)).toEqual(new Set(allIds()));
		const counters = latency().counters();
		expect(counters.rejected429).toBeGreaterThan(0);
		expect(counters.maxInFlight).toBeLessThanOrEqual(2);
	});
});

describe('RequestGate: AIMD', () => {
	it('halves on push-back once per round, climbs by one per round of successes, never past the maximum', async () => {
		const gate = new RequestGate(8);
		const slots = await Promise.all(Array.from({ length: 8 }, () => gate.acquire()));
		expect(gate.current).toBe(8);
		// Eight requests of one round pushed back: one cut, not eight.
		for (const slot of slots) slot.pushedBack();
		expect(gate.current).toBe(4);
		for (const slot of slots) slot.release();
		// A slot taken after the cut cuts again.
		const after = await gate.acquire();
		after.pushedBack();
		after.release();
		expect(gate.current).toBe(2);
		// Two successes raise it to 3, three more to 4, ... up to 8 and no further.
		const succeed = async (n: number) => {
			for (let i = 0; i < n; i++) {
				const slot = await gate.acquire();
				slot.succeeded();
				slot.release();
			}
		};
		await succeed(2);
		expect(gate.current).toBe(3);
		await succeed(3);
		expect(gate.current).toBe(4);
		await succeed(100);
		expect(gate.current).toBe(8);
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
