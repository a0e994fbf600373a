import { useEmulator } from '../../../support/emulatorFixture';
import {
	dataWindow,
	extractionRequests,
	failPartWay,
	FILE_FORMATS,
	type FileFormat,
	partIds,
	rerunOver,
	resumableRun,
	resumeOf,
	TIME_REGISTRATIONS,
	wholeWindow,
} from '../../../support/resumeRuns';

/**
 * Issue 34, File output in parts (NDJSON, CSV, gzip; By Records, so parts end inside pages): a
 * partition that fails for good part-way delivers the parts of the slices before it, each a whole
 * file, and one error item naming the rest of the window; the same node run over that item's
 * `resume` reads every remaining record once, so both runs together are the plain read of the
 * window, in order.
 */
describe('Data Extraction: a partitioned File output that fails part-way', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 2000, pageSize: 100 } });
	const params = (format: FileFormat): Record<string, unknown> =>
		wholeWindow(fx, {
			output: 'file',
			...format.fields,
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

	it.each(FILE_FORMATS)(
		'$name: whole parts of the slices before the failed one, the rest named, and a rerun over it reads the rest once',
		async (format) => {
			const plain = await resumableRun(fx, params(format));
			expect(plain.error).toBeUndefined();
			expect(plain.errorItems).toHaveLength(0);
			const all = await partIds(plain.items, format);
			expect(new Set(all).size).toBe(all.length);
			const pages = extractionRequests(fx);
			expect(pages).toBeGreaterThan(20);

			// From about two thirds of the way in, every request fails.
			fx.mark();
			const { run: failed } = await failPartWay(fx, Math.floor((pages * 2) / 3), params(format));
			const errorItem = failed.errorItems[0];
			const { error, resume, failed: where, delivered, description } = resumeOf(errorItem);
			const window = dataWindow(fx);
			expect(resume).toEqual({
				fromDateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
				toDateTime: window.toDateTime,
			});
			expect(Date.parse(resume.fromDateTime)).toBeGreaterThan(Date.parse(window.fromDateTime));
			// The failed slice is the one that starts there: its first page was asked for with it.
			const failedAsks = fx
				.apiRequests()
				.filter((r) => r.path === TIME_REGISTRATIONS && r.status === 500);
			expect(failedAsks[0].query.FromDateTime).toEqual([resume.fromDateTime]);
			expect(where).toEqual({
				partition: expect.stringMatching(/^partition \d of 6 \(.+ to .+\)$/),
				page: expect.any(Number),
				cause: expect.stringContaining('HTTP 500'),
				status: 500,
			});
			expect(error).toMatch(/^Get Time Registrations failed: partition \d of 6/);
			expect(description).toContain('{{ $json.details.resume.fromDateTime }}');
			expect(errorItem.pairedItem).toEqual({ item: 0 });

			// Every part whole and readable; together exactly the records before resume.fromDateTime.
			const parts = failed.items;
			expect(parts.length).toBeGreaterThan(1);
			const ids = await partIds(parts, format);
			expect(ids).toEqual(all.slice(0, ids.length));
			expect(delivered).toEqual({
				records: ids.length,
				parts: parts.length,
				fromDateTime: window.fromDateTime,
				toDateTime: new Date(Date.parse(resume.fromDateTime) - 1).toISOString(),
			});
			const dated = fx.emulator.ctx.sections.workData.data;
			const dayOf = new Map(
				Array.from({ length: dated.count }, (_, i) => [
					dated.timeRegistrationId(i),
					Date.parse(`${dated.timeRegistration(i).workDate as string}T00:00:00Z`),
				]),
			);
			// Issue 44: the message counts as `details` does (the failed slice's page, what went
			// out), and each part is named after the stretch it holds, not the whole window.
			expect(error).toBe(
				`Get Time Registrations failed: ${where.partition}: page ${where.page} still failed after 2 attempts (${ids.length} records in ${parts.length} files delivered before it stopped): ${where.cause}`,
			);
			const stamp = (iso: string) => iso.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
			const held = `time-registrations_${stamp(window.fromDateTime)}_${stamp(delivered.toDateTime as string)}_part-`;
			for (const part of parts) expect(part.binary?.data.fileName).toMatch(new RegExp(`^${held}`));
			expect(ids.every((id) => dayOf.get(id)! < Date.parse(resume.fromDateTime))).toBe(true);
			expect(dayOf.get(all[ids.length])! >= Date.parse(resume.fromDateTime)).toBe(true);
			for (const [index, part] of parts.entries()) {
				expect(part.json).toMatchObject({ part: index + 1, parts: parts.length });
				expect(part.pairedItem).toEqual({ item: 0 });
			}
			// Each part says the stretch of the window its records lie in: the first from the window's
			// start, the last to the end of what was delivered.
			expect(parts[0].json.stretch).toMatchObject({ fromDateTime: window.fromDateTime });
			expect(parts.at(-1)!.json.stretch).toMatchObject({ toDateTime: delivered.toDateTime });

			// The rerun over resume, as the error output feeds it: the rest, once.
			fx.mark();
			const rerun = await rerunOver(fx, errorItem, params(format));
			expect(rerun.error).toBeUndefined();
			expect(rerun.errorItems).toHaveLength(0);
			expect([...ids, ...(await partIds(rerun.items, format))]).toEqual(all);
			const asked = fx.apiRequests().find((r) => r.path === TIME_REGISTRATIONS)!;
			expect(asked.query.FromDateTime).toEqual([resume.fromDateTime]);
		},
	);
});
