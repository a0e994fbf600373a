import type { IDataObject } from 'n8n-workflow';

import { executeNode } from '../../../harness/execute';
import { useEmulator } from '../../../support/emulatorFixture';
import { ndjsonRecords } from '../../../support/fileOutput';
import {
	dataWindow,
	extractionRequests,
	failFrom,
	idsOf,
	rerunOver,
	RESUMABLE,
	resumeOf,
} from '../../../support/resumeRuns';

/**
 * Issue 34, File output in parts (NDJSON, By Records): a partition that fails for good part-way
 * delivers the parts of the slices before it, each a whole file, and one error item naming the
 * rest of the window; the same node run over that item's `resume` reads every remaining record
 * once, so both runs together are the plain read of the window, in order.
 */
describe('Data Extraction: a partitioned File output that fails part-way (NDJSON parts)', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 2000, pageSize: 100 } });
	const params = (): Record<string, unknown> => ({
		resource: 'dataExtraction',
		operation: 'getTimeRegistrations',
		returnAll: true,
		...dataWindow(fx),
		output: 'file',
		splitParts: 'records',
		partRecords: 120,
		options: {
			partitionBy: 'parts',
			partitionCount: 6,
			// One slice at a time: the requests go out in order, so the fault picks the slice.
			parallelRequests: 1,
			chunkLimit: 50,
			retries: 1,
			retryDelay: 0,
		},
	});
	const recordsOf = async (items: Parameters<typeof ndjsonRecords>[0][]) => {
		const records: IDataObject[] = [];
		for (const item of items) records.push(...(await ndjsonRecords(item)));
		return records;
	};

	it('delivers whole parts of the slices before the failed one, names the rest, and a rerun over it reads the rest once', async () => {
		const plain = await executeNode({
			credentials: fx.credentials,
			parameters: params(),
			settings: RESUMABLE,
		});
		expect(plain.error).toBeUndefined();
		expect(plain.errorItems).toHaveLength(0);
		const all = idsOf(await recordsOf(plain.items));
		expect(new Set(all).size).toBe(all.length);
		const pages = extractionRequests(fx);
		expect(pages).toBeGreaterThan(20);

		// From about two thirds of the way in, every request fails.
		fx.mark();
		failFrom(fx, Math.floor((pages * 2) / 3));
		const failed = await executeNode({
			credentials: fx.credentials,
			parameters: params(),
			settings: RESUMABLE,
		});
		expect(failed.error).toBeUndefined();
		expect(failed.errorItems).toHaveLength(1);
		const { error, resume, failed: where, delivered, description } = resumeOf(failed.errorItems[0]);
		const window = dataWindow(fx);
		expect(resume.toDateTime).toBe(window.toDateTime);
		expect(resume.fromDateTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
		expect(Date.parse(resume.fromDateTime)).toBeGreaterThan(Date.parse(window.fromDateTime));
		expect(where.partition).toMatch(/^partition \d of 6 \(/);
		expect(where.page).toBeGreaterThanOrEqual(1);
		expect(where.status).toBe(500);
		expect(error).toMatch(/^Get Time Registrations failed: partition \d of 6/);
		expect(description).toContain('{{ $json.details.resume.fromDateTime }}');
		expect(failed.errorItems[0].pairedItem).toEqual({ item: 0 });

		// Every part whole and readable; together exactly the records before resume.fromDateTime.
		const parts = failed.items;
		expect(parts.length).toBeGreaterThan(1);
		const records = await recordsOf(parts);
		expect(delivered).toEqual({
			records: records.length,
			parts: parts.length,
			fromDateTime: window.fromDateTime,
			toDateTime: new Date(Date.parse(resume.fromDateTime) - 1).toISOString(),
		});
		expect(idsOf(records)).toEqual(all.slice(0, records.length));
		expect(
			records.every(
				(r) => Date.parse(`${r.workDate as string}T00:00:00Z`) < Date.parse(resume.fromDateTime),
			),
		).toBe(true);
		for (const [index, part] of parts.entries()) {
			expect(part.json.part).toBe(index + 1);
			expect(part.json.parts).toBe(parts.length);
			expect(part.pairedItem).toEqual({ item: 0 });
			// Each part says the stretch its records lie in, chained part to part.
			const stretch = part.json.stretch as { fromDateTime: string; toDateTime: string };
			if (index === 0) expect(stretch.fromDateTime).toBe(window.fromDateTime);
			if (index === parts.length - 1) expect(stretch.toDateTime).toBe(delivered.toDateTime);
		}

		// The rerun over resume: the rest, once.
		fx.mark();
		const rerun = await rerunOver(fx, failed.errorItems[0], params());
		expect(rerun.error).toBeUndefined();
		expect(rerun.errorItems).toHaveLength(0);
		const rest = idsOf(await recordsOf(rerun.items));
		expect([...idsOf(records), ...rest]).toEqual(all);
		const asked = fx.apiRequests().find((r) => r.api === 'extraction')!;
		expect(asked.query.FromDateTime).toEqual([resume.fromDateTime]);
	});
});
