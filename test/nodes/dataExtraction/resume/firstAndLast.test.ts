import { useEmulator } from '../../../support/emulatorFixture';
import {
	dataWindow,
	extractionRequests,
	failPartWay,
	FILE_FORMATS,
	partIds,
	rerunOver,
	resumableRun,
	wholeWindow,
} from '../../../support/resumeRuns';

const NDJSON = FILE_FORMATS[0];

/**
 * Issue 34 at the window's ends: a failure in the very first page delivers nothing (no part, not
 * even an empty file) and names the whole window; a failure in the last page of the last
 * partition delivers everything before its slice. Either way the rerun over `resume` reads the rest.
 */
describe('Data Extraction: a run that fails in its first or its last page', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 1500, pageSize: 100 } });
	const params = (): Record<string, unknown> =>
		wholeWindow(fx, {
			output: 'file',
			splitParts: 'records',
			partRecords: 200,
			options: {
				partitionBy: 'week',
				parallelRequests: 1,
				chunkLimit: 50,
				retries: 0,
			},
		});
	let all: string[];
	let pages: number;
	beforeAll(async () => {
		fx.useClient();
		const plain = await resumableRun(fx, params());
		expect(plain.errorItems).toHaveLength(0);
		all = await partIds(plain.items, NDJSON);
		pages = extractionRequests(fx);
	});

	it('the very first page: nothing delivered, the whole window named', async () => {
		const { run: failed, resume, failed: where, delivered } = await failPartWay(fx, 0, params());
		expect(failed.items).toHaveLength(0);
		expect(resume).toEqual(dataWindow(fx));
		expect(where).toMatchObject({
			partition: expect.stringMatching(/^partition 1 of \d+ /),
			page: 1,
		});
		expect(delivered).toEqual({ records: 0, parts: 0, fromDateTime: null, toDateTime: null });

		const rerun = await rerunOver(fx, failed.errorItems[0], params());
		expect(rerun.errorItems).toHaveLength(0);
		expect(await partIds(rerun.items, NDJSON)).toEqual(all);
	});

	it('the last page of the last partition: everything before its slice delivered', async () => {
		const {
			run: failed,
			resume,
			failed: where,
			delivered,
		} = await failPartWay(fx, pages - 1, params());
		expect(resume.toDateTime).toBe(dataWindow(fx).toDateTime);
		const [, last] = /of (\d+) /.exec(where.partition)!;
		expect(where.partition).toMatch(new RegExp(`^partition ${last} of ${last} `));
		expect(where.page).toBeGreaterThanOrEqual(1);
		const ids = await partIds(failed.items, NDJSON);
		expect(ids.length).toBeGreaterThan(0);
		expect(ids.length).toBeLessThan(all.length);
		expect(ids).toEqual(all.slice(0, ids.length));
		expect(delivered.records).toBe(ids.length);

		const rerun = await rerunOver(fx, failed.errorItems[0], params());
		expect(rerun.errorItems).toHaveLength(0);
		expect([...ids, ...(await partIds(rerun.items, NDJSON))]).toEqual(all);
	});
});
