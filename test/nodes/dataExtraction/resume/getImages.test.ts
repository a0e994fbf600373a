import { executeNode, jsonOf } from '../../../harness/execute';
import { useEmulator } from '../../../support/emulatorFixture';
import { rowKey } from '../../../support/imagesClient';
import { rerunOver, resumableRun, resumeOf } from '../../../support/resumeRuns';

/**
 * Issue 34's rule holds for every extraction operation (they share the engine): Get Images with
 * Partition By over the parents' change times (incremental) delivers the rows of the slices
 * before the one that failed and names the rest; the rerun over it reads the remaining rows once.
 */
describe('Data Extraction > Get Images: a partitioned run that fails part-way', () => {
	const fx = useEmulator({ images: { parentsPerSource: 40 } });
	let window: { modifiedSince: string; modifiedBefore: string };
	const params = (): Record<string, unknown> => ({
		resource: 'dataExtraction',
		operation: 'getImages',
		returnAll: true,
		options: {
			...window,
			chunkLimit: 7,
			partitionBy: 'parts',
			partitionCount: 6,
			parallelRequests: 1,
			retries: 0,
		},
	});
	beforeAll(async () => {
		// The window the parents were changed in (incremental mode reads by the parent's change).
		fx.useClient();
		const everything = await executeNode({
			credentials: fx.credentials,
			parameters: {
				resource: 'dataExtraction',
				operation: 'getImages',
				returnAll: true,
				options: { modifiedSince: '2000-01-01T00:00:00Z' },
			},
		});
		const times = jsonOf(everything).map((r) => Date.parse(r.parentModifiedDateTime as string));
		window = {
			modifiedSince: new Date(Math.min(...times)).toISOString(),
			modifiedBefore: new Date(Math.max(...times) + 1000).toISOString(),
		};
	});

	it('the rows before the failed slice go out, the rerun reads the rest once', async () => {
		const plain = await resumableRun(fx, params());
		expect(plain.errorItems).toHaveLength(0);
		const all = jsonOf(plain).map(rowKey);
		const pages = fx.apiRequests().filter((r) => r.path === '/v1/images').length;
		expect(pages).toBeGreaterThan(4);
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: '/v1/images',
			skip: Math.floor(pages / 2),
			count: 'unlimited',
			action: { kind: 'status', status: 502 },
		});
		const failed = await resumableRun(fx, params());
		expect(failed.errorItems).toHaveLength(1);
		const { resume, failed: where, delivered } = resumeOf(failed.errorItems[0]);
		expect(Date.parse(resume.modifiedBefore)).toBe(Date.parse(window.modifiedBefore));
		expect(where.status).toBe(502);
		const rows = jsonOf(failed).map(rowKey);
		expect(rows.length).toBeGreaterThan(0);
		expect(rows).toEqual(all.slice(0, rows.length));
		expect(delivered.records).toBe(rows.length);

		// Images come source by source within each slice, and the rerun cuts its own slices: the
		// remaining rows once each, in the rerun's order.
		const rerun = await rerunOver(fx, failed.errorItems[0], params(), true);
		expect(rerun.errorItems).toHaveLength(0);
		const rest = jsonOf(rerun).map(rowKey);
		expect(rest.length + rows.length).toBe(all.length);
		expect(new Set([...rows, ...rest])).toEqual(new Set(all));
	});
});
