import { executeNode, jsonOf } from '../../../harness/execute';
import { useEmulator } from '../../../support/emulatorFixture';
import {
	dataWindow,
	extractionRequests,
	idsOf,
	rerunOver,
	RESUMABLE,
	resumeOf,
} from '../../../support/resumeRuns';

/**
 * Issue 34 in item mode (one item per record), with slices read side by side: one page of a
 * slice fails for good while the slices before it are still being read. Those are read to their
 * end and go out; the slices after it stop; the rerun over `resume` reads the rest once.
 */
describe('Data Extraction: items from a partitioned run that fails part-way', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 2000, pageSize: 100 } });
	const params = (): Record<string, unknown> => ({
		resource: 'dataExtraction',
		operation: 'getTimeRegistrations',
		returnAll: true,
		...dataWindow(fx),
		options: { partitionBy: 'day', parallelRequests: 4, chunkLimit: 40, retries: 0 },
	});

	it('the records of the complete slices go out, the rest is named, and the rerun reads it once', async () => {
		const plain = await executeNode({
			credentials: fx.credentials,
			parameters: params(),
			settings: RESUMABLE,
		});
		expect(plain.errorItems).toHaveLength(0);
		const all = idsOf(jsonOf(plain));
		const pages = extractionRequests(fx);

		// One request half way fails (no retries): whichever slice it belongs to fails for good.
		fx.mark();
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: 'time-registrations',
			skip: Math.floor(pages / 2),
			count: 1,
			action: { kind: 'status', status: 500 },
		});
		const failed = await executeNode({
			credentials: fx.credentials,
			parameters: params(),
			settings: RESUMABLE,
		});
		expect(failed.error).toBeUndefined();
		expect(failed.errorItems).toHaveLength(1);
		const { resume, failed: where, delivered } = resumeOf(failed.errorItems[0]);
		expect(where.status).toBe(500);
		const ids = idsOf(jsonOf(failed));
		expect(ids.length).toBeGreaterThan(0);
		expect(ids).toEqual(all.slice(0, ids.length));
		expect(delivered).toEqual({
			records: ids.length,
			fromDateTime: dataWindow(fx).fromDateTime,
			toDateTime: new Date(Date.parse(resume.fromDateTime) - 1).toISOString(),
		});
		for (const item of failed.items) expect(item.pairedItem).toEqual({ item: 0 });

		const rerun = await rerunOver(fx, failed.errorItems[0], params());
		expect(rerun.errorItems).toHaveLength(0);
		expect([...ids, ...idsOf(jsonOf(rerun))]).toEqual(all);
	});

	it('two input items: each its own stretch and error item, paired with its input', async () => {
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: 'time-registrations',
			skip: 5,
			count: 1,
			action: { kind: 'status', status: 500 },
		});
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: params(),
			items: [{ json: { run: 'a' } }, { json: { run: 'b' } }],
			settings: RESUMABLE,
		});
		expect(result.errorItems).toHaveLength(1);
		expect(result.errorItems[0].pairedItem).toEqual({ item: 0 });
		const first = result.items.filter((i) => (i.pairedItem as { item: number }).item === 0);
		const second = result.items.filter((i) => (i.pairedItem as { item: number }).item === 1);
		expect(resumeOf(result.errorItems[0]).delivered.records).toBe(first.length);
		expect(second.length).toBeGreaterThan(first.length);
	});
});
