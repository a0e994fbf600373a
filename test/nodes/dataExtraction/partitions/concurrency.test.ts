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
