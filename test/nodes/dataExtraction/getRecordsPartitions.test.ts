import { inWindow } from '../../emulator/extraction/extractionPages';
import { jsonOf } from '../../harness/execute';
import { DEMO, runner, useEmulator } from '../../support/emulatorFixture';

const DAY = 86_400_000;
const base = { resource: 'dataExtraction', operation: 'getRecords' };

/**
 * Get Records with Partition By: machine registrations take a window of at most 7 days, so a
 * longer full load is read as Day or Week partitions, each within the limit; a partition that
 * would be longer is refused before any request, naming it. Endpoints that ignore the window or
 * carry no date refuse Partition By in a full load (no window to split).
 */
describe('Data Extraction > Get Records: partitions', () => {
	const fx = useEmulator({ seed: { otherEndpoints: { registrations: 60 } } });
	const run = runner(fx, base);
	const section = () => fx.emulator.ctx.sections.otherEndpoints;
	const month = () => {
		const to = Math.floor(fx.emulator.ctx.clock.now().getTime() / DAY) * DAY;
		return { from: to - 30 * DAY, to };
	};
	/** Machine registrations over the last 30 days, Return All. */
	const runOverMonth = (parameters: Record<string, unknown>) => {
		const w = month();
		return run({
			endpoint: 'v1/machine-registrations',
			returnAll: true,
			fromDateTime: new Date(w.from).toISOString(),
			toDateTime: new Date(w.to).toISOString(),
			...parameters,
		});
	};
	const expectedIds = () => {
		const visible = new Set(fx.emulator.ctx.companies.structureOf(DEMO.companies.parent));
		const w = month();
		return section()
			.table('/v1/machine-registrations')
			.live()
			.filter((r) => visible.has(String(r.fields.companyId)))
			.filter((r) => inWindow(Date.parse(String(r.fields.stopDateTime)), w))
			.map((r) => r.id);
	};

	it('machine registrations over 30 days by Week: every partition within 7 days, every record once', async () => {
		const result = await runOverMonth({
			options: { partitionBy: 'week', parallelRequests: 3, chunkLimit: 5 },
		});
		expect(result.error).toBeUndefined();
		const ids = jsonOf(result).map((r) => r.id as string);
		const expected = expectedIds();
		expect(expected.length).toBeGreaterThan(5);
		expect(ids).toHaveLength(expected.length);
		expect(new Set(ids)).toEqual(new Set(expected));
		const windows = fx
			.apiRequests()
			.map((r) => [Date.parse(r.query.FromDateTime[0]), Date.parse(r.query.ToDateTime[0])]);
		expect(new Set(windows.map(([from]) => from)).size).toBeGreaterThanOrEqual(5);
		expect(windows.every(([from, to]) => to - from <= 7 * DAY)).toBe(true);
	});

	it('by Month, a partition longer than 7 days is refused before any request, naming the partition and the fix', async () => {
		const result = await runOverMonth({ options: { partitionBy: 'month' } });
		expect(result.error?.message).toMatch(
			/^partition \d of \d \(.+ to .+\): From Date Time to To Date Time spans [\d.]+ days; Machine Registrations allow at most 7$/,
		);
		expect((result.error as { description?: string }).description).toMatch(
			/Choose a shorter Partition By \(Day or Week\)/,
		);
		expect(fx.apiRequests()).toHaveLength(0);
	});

	it('an endpoint that ignores the window (checklists) in a full load: Partition By has no window to split', async () => {
		const result = await run({
			endpoint: 'v1/checklist-registrations',
			returnAll: true,
			options: { partitionBy: 'day' },
		});
		expect(result.error?.message).toBe('Partition By needs a date window');
		expect(fx.apiRequests()).toHaveLength(0);
	});

	it('incremental (Modified Since) on master data: partitions of the modification window, every record once', async () => {
		const since = new Date(Date.now() - 400 * DAY).toISOString();
		const single = await run({
			endpoint: 'v1/project',
			returnAll: true,
			options: { modifiedSince: since },
		});
		const parted = await run({
			endpoint: 'v1/project',
			returnAll: true,
			options: { modifiedSince: since, partitionBy: 'parts', partitionCount: 5, chunkLimit: 3 },
		});
		expect(parted.error).toBeUndefined();
		const ids = jsonOf(single).map((r) => r.id);
		expect(ids.length).toBeGreaterThan(3);
		expect(jsonOf(parted).map((r) => r.id)).toEqual(ids);
	});
});
