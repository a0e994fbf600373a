import { jsonOf } from '../../../harness/execute';
import { useEmulator } from '../../../support/emulatorFixture';
import {
	dataWindow,
	extractionRequests,
	failPartWay,
	idsOf,
	rerunOver,
	resumableRun,
	TIME_REGISTRATIONS,
} from '../../../support/resumeRuns';

/**
 * Issue 34 in incremental mode: the window is Options > Modified Since/Before, so `resume` names
 * the rest under those names (Modified Before only when the run had one, so a rerun without it
 * reads up to its own now, as the first run would have), and the rerun reads the rest once.
 */
describe('Data Extraction: an incremental run that fails part-way', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 2000, pageSize: 100 } });
	const params = (modifiedBefore?: string): Record<string, unknown> => ({
		resource: 'dataExtraction',
		operation: 'getTimeRegistrations',
		returnAll: true,
		options: {
			modifiedSince: dataWindow(fx).fromDateTime,
			...(modifiedBefore ? { modifiedBefore } : {}),
			partitionBy: 'parts',
			partitionCount: 5,
			parallelRequests: 1,
			chunkLimit: 50,
			retries: 0,
		},
	});

	it.each([
		['with Modified Before', true],
		['without Modified Before', false],
	])('%s', async (_, bounded) => {
		// Eight days before the last work date: inside the data on whatever day the suite runs.
		const before = new Date(Date.parse(dataWindow(fx).toDateTime) - 8 * 86_400_000);
		const modifiedBefore = bounded ? `${before.toISOString().slice(0, 10)}T00:00:00Z` : undefined;
		const plain = await resumableRun(fx, params(modifiedBefore));
		expect(plain.errorItems).toHaveLength(0);
		const all = idsOf(jsonOf(plain));
		expect(all.length).toBeGreaterThan(500);
		const half = Math.floor(extractionRequests(fx) / 2);
		fx.mark();
		const { run: failed, resume, delivered } = await failPartWay(fx, half, params(modifiedBefore));
		expect(Object.keys(resume)).toEqual(
			modifiedBefore ? ['modifiedSince', 'modifiedBefore'] : ['modifiedSince'],
		);
		if (modifiedBefore) expect(resume.modifiedBefore).toBe(modifiedBefore);
		const failedAsk = fx
			.apiRequests()
			.find((r) => r.path === TIME_REGISTRATIONS && r.status === 500)!;
		expect(failedAsk.query.ModifiedSince).toEqual([resume.modifiedSince]);
		const ids = idsOf(jsonOf(failed));
		expect(ids).toEqual(all.slice(0, ids.length));
		// Modified Before is exclusive: the delivered stretch ends where the rest starts.
		expect(delivered).toEqual({
			records: ids.length,
			modifiedSince: dataWindow(fx).fromDateTime,
			modifiedBefore: resume.modifiedSince,
		});

		const rerun = await rerunOver(fx, failed.errorItems[0], params(modifiedBefore), true);
		expect(rerun.errorItems).toHaveLength(0);
		expect([...ids, ...idsOf(jsonOf(rerun))]).toEqual(all);
	});
});
