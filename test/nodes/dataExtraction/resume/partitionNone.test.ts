import { jsonOf } from '../../../harness/execute';
import { useEmulator } from '../../../support/emulatorFixture';
import {
	dataWindow,
	extractionRequests,
	failPartWay,
	FILE_FORMATS,
	idsOf,
	partIds,
	rerunOver,
	resumableRun,
	wholeWindow,
} from '../../../support/resumeRuns';

/**
 * Issue 34 with Partition By None: one token stream has no date boundary inside the window, so a
 * failure part-way delivers nothing (not the parts already stored, not the items read) and the
 * error item names the whole window; the rerun over it reads everything.
 */
describe('Data Extraction: an unpartitioned run that fails part-way', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 1000, pageSize: 100 } });
	const params = (output: Record<string, unknown>): Record<string, unknown> =>
		wholeWindow(fx, {
			...output,
			options: { chunkLimit: 50, retries: 0 },
		});

	it.each([
		['items', {}],
		['File parts', { output: 'file', splitParts: 'records', partRecords: 100 }],
	])('%s: nothing delivered, the whole window named', async (_, output) => {
		const plain = await resumableRun(fx, params(output));
		expect(plain.errorItems).toHaveLength(0);
		const file = 'output' in output;
		const all = file ? await partIds(plain.items, FILE_FORMATS[0]) : idsOf(jsonOf(plain));
		const {
			run: failed,
			resume,
			failed: where,
			delivered,
			description,
		} = await failPartWay(fx, Math.floor(extractionRequests(fx) / 2), params(output));
		expect(failed.items).toHaveLength(0);
		expect(resume).toEqual(dataWindow(fx));
		expect(where).toMatchObject({ partition: 'the whole window', status: 500 });
		// The page that failed, counted in the one stream.
		expect(where.page).toBe(Math.floor(all.length / 50 / 2) + 1);
		expect(delivered).toEqual({
			records: 0,
			...(file ? { parts: 0 } : {}),
			fromDateTime: null,
			toDateTime: null,
		});
		expect(description).toMatch(/^Nothing was output/);

		const rerun = await rerunOver(fx, failed.errorItems[0], params(output));
		expect(rerun.errorItems).toHaveLength(0);
		expect(file ? await partIds(rerun.items, FILE_FORMATS[0]) : idsOf(jsonOf(rerun))).toEqual(all);
	});
});
