import { executeNode } from '../../../harness/execute';
import { useEmulator } from '../../../support/emulatorFixture';
import { addRandomFault, rng } from '../../../support/soak';

const PATH = '/v1/time-registrations';

/**
 * Partitioned Return All under the latency model with a concurrency limit below Parallel Requests
 * (so the service's own 429s come on top) and seeded random faults on the pages (500s, 503
 * bursts, 429 bursts, dropped, cut-off, stalled and held answers, revoked tokens): every run that
 * succeeds returns each record exactly once; a run that fails outputs nothing.
 */
describe('Data Extraction: partitions soak (latency model, random faults)', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 3000, pageSize: 200 } });
	const data = () => fx.emulator.ctx.sections.workData.data;
	afterAll(() => fx.emulator.ctx.latency.set({ preset: 'off' }));

	it('0 lost, 0 duplicated over seeded rounds', async () => {
		const days = Array.from({ length: data().count }, (_, i) =>
			Date.parse(`${data().timeRegistration(i).workDate as string}T00:00:00Z`),
		);
		const parameters = {
			resource: 'dataExtraction',
			operation: 'getTimeRegistrations',
			returnAll: true,
			fromDateTime: new Date(Math.min(...days)).toISOString(),
			toDateTime: new Date(Math.max(...days)).toISOString(),
			options: {
				partitionBy: 'parts',
				partitionCount: 6,
				parallelRequests: 4,
				chunkLimit: 200,
				retries: 4,
				retryDelay: 5,
				timeout: 2000,
			},
		};
		const expected = new Set(
			Array.from({ length: data().count }, (_, i) => i)
				.filter((i) => !data().isDeleted(i))
				.map((i) => data().timeRegistrationId(i)),
		);
		// Three requests at once, then 429 (Retry-After: 0); 503 from six.
		fx.emulator.ctx.latency.set({
			ttfbMs: 1,
			maxConcurrent: 3,
			overloadAt: 6,
			retryAfterSeconds: 0,
		});
		const random = rng(20261125);
		const figures = { runs: 0, failed: 0, lost: 0, duplicated: 0, faults: 0 };
		for (let round = 0; round < 10; round++) {
			for (let i = 0, n = 1 + Math.floor(random() * 3); i < n; i++)
				if (addRandomFault(random, fx.emulator.ctx.faults, PATH)) figures.faults++;
			const result = await executeNode({ credentials: fx.credentials, parameters });
			fx.emulator.ctx.faults.clear();
			figures.runs++;
			if (result.error) {
				figures.failed++;
				expect(result.items ?? []).toHaveLength(0);
				continue;
			}
			const seen = new Map<string, number>();
			for (const item of result.items) {
				const id = String(item.json.id);
				seen.set(id, (seen.get(id) ?? 0) + 1);
			}
			for (const id of expected) if (!seen.has(id)) figures.lost++;
			for (const n of seen.values()) if (n > 1) figures.duplicated += n - 1;
			expect(seen.size).toBe(expected.size);
		}
		expect(figures.faults).toBeGreaterThan(5);
		expect(figures.runs - figures.failed).toBeGreaterThan(5);
		expect(figures.lost).toBe(0);
		expect(figures.duplicated).toBe(0);
	});
});
