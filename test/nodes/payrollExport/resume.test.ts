import { executeNode, jsonOf } from '../../harness/execute';
import { useEmulator } from '../../support/emulatorFixture';
import { fileBytes } from '../../support/fileOutput';
import { failFrom, failPartWay, resumableRun, resumeOf } from '../../support/resumeRuns';
import { daysAgo } from './dates';

const PAYROLL_EXPORT = { api: 'integration', path: 'payroll-export' } as const;

/**
 * Issue 34 for Payroll Export over a long range: its 45-day windows are read side by side; in
 * node version 2 with On Error: Continue (using error output) a window that fails for good leaves
 * the windows before it on the main output (rows, or the file of those rows) and one error item
 * naming the rest as From/To Work Date; the same node over those dates (Period: Date Range) reads
 * the rest. Version 1 keeps one error item and nothing else.
 */
describe('Payroll Export: a long range that fails part-way', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 2000 } });
	// Nine windows of 45 days.
	const year = { period: 'dateRange', fromWorkDate: daysAgo(364), toWorkDate: daysAgo(0) };
	const params = (operation: string) => ({
		resource: 'payrollExport',
		operation,
		...year,
		dataFilter: 10,
		userPayrollTypeFilter: 'all-users',
		filters: { exportAllPayrollTypes: true, includeAllAbsence: true },
		options: { parallelRequests: 3 },
	});
	const exportRequests = () =>
		fx.apiRequests().filter((r) => r.path.startsWith('/api/payroll-export'));
	const windowStart = (k: number) => {
		const day = Math.round(Date.parse(`${year.fromWorkDate}T00:00:00Z`) / 86_400_000) + 45 * k;
		return new Date(day * 86_400_000).toISOString().slice(0, 10);
	};
	const rerun = async (errorItem: { json: object }, operation: string) => {
		fx.emulator.ctx.faults.clear();
		return await resumableRun(
			fx,
			{
				...params(operation),
				fromWorkDate: '={{ $json.details.resume.fromWorkDate }}',
				toWorkDate: '={{ $json.details.resume.toWorkDate }}',
			},
			{ items: [{ json: errorItem.json as never }] },
		);
	};

	it.each(['get', 'getSummaryLines'])(
		'%s: the rows of the windows before the failed one, the rest named, the rerun reads it',
		async (operation) => {
			const plain = await resumableRun(fx, params(operation));
			expect(plain.errorItems).toHaveLength(0);
			const all = jsonOf(plain);
			expect(exportRequests()).toHaveLength(9);
			// One window at a time from here, so the sixth request is the sixth window.
			fx.mark();
			const {
				run: failed,
				resume,
				failed: where,
				delivered,
			} = await failPartWay(
				fx,
				5,
				{ ...params(operation), options: { parallelRequests: 1 } },
				PAYROLL_EXPORT,
			);
			expect(resume).toEqual({ fromWorkDate: windowStart(5), toWorkDate: year.toWorkDate });
			expect(where).toMatchObject({ page: 1, status: 500 });
			expect(where.partition).toMatch(
				new RegExp(`^window 6 of 9 \\(${windowStart(5)} to \\d{4}-\\d{2}-\\d{2}\\)$`),
			);
			const rows = jsonOf(failed);
			expect(rows.length).toBeGreaterThan(0);
			expect(rows).toEqual(all.slice(0, rows.length));
			expect(delivered).toEqual({
				records: rows.length,
				fromWorkDate: year.fromWorkDate,
				toWorkDate: new Date(Date.parse(`${windowStart(5)}T00:00:00Z`) - 86_400_000)
					.toISOString()
					.slice(0, 10),
			});

			const rest = await rerun(failed.errorItems[0], operation);
			expect(rest.errorItems).toHaveLength(0);
			expect([...rows, ...jsonOf(rest)]).toEqual(all);
		},
	);

	it('getFile: the file of the windows before the failed one, the rest named, the rerun gives the remaining bytes', async () => {
		const plain = await resumableRun(fx, params('getFile'));
		expect(plain.errorItems).toHaveLength(0);
		const whole = await fileBytes(plain.items[0]);
		const {
			run: failed,
			resume,
			delivered,
		} = await failPartWay(
			fx,
			7,
			{ ...params('getFile'), options: { parallelRequests: 1 } },
			PAYROLL_EXPORT,
		);
		expect(failed.items).toHaveLength(1);
		expect(resume.fromWorkDate).toBe(windowStart(7));
		const head = await fileBytes(failed.items[0]);
		expect(head.length).toBeGreaterThan(0);
		expect(failed.items[0].json).toMatchObject({
			fromWorkDate: year.fromWorkDate,
			toWorkDate: delivered.toWorkDate,
			windows: 7,
			fileSize: head.length,
		});
		expect(delivered).toMatchObject({ parts: 1, bytes: head.length });

		const rest = await rerun(failed.errorItems[0], 'getFile');
		expect(Buffer.concat([head, await fileBytes(rest.items[0])]).equals(whole)).toBe(true);
	});

	it('a failure in the first (only) window: nothing delivered, the whole range named', async () => {
		failFrom(fx, 0, PAYROLL_EXPORT);
		const month = { fromWorkDate: daysAgo(30), toWorkDate: daysAgo(1) };
		const failed = await resumableRun(fx, { ...params('get'), ...month });
		expect(failed.items).toHaveLength(0);
		const { resume, delivered } = resumeOf(failed.errorItems[0]);
		expect(resume).toEqual(month);
		expect(delivered).toEqual({ records: 0, fromWorkDate: null, toWorkDate: null });
	});

	it('the description, word for word: the work dates output (rows, or the file of those days) or nothing, and how to read the rest', async () => {
		const rest =
			'Read the rest with this node again: Period Date Range, From Work Date {{ $json.details.resume.fromWorkDate }} and To Work Date {{ $json.details.resume.toWorkDate }} (the error output item carries them).';
		const fail = async (operation: string) => {
			const result = await resumableRun(fx, {
				...params(operation),
				options: { parallelRequests: 1 },
			});
			expect(result.errorItems).toHaveLength(1);
			return { items: result.items, ...resumeOf(result.errorItems[0]) };
		};
		failFrom(fx, 5, PAYROLL_EXPORT);
		const rows = await fail('get');
		expect(rows.items.length).toBeGreaterThan(1);
		expect(rows.description).toBe(
			`The work dates before ${windowStart(5)} were output (${rows.items.length} rows); the rest was not. ${rest}`,
		);
		fx.emulator.ctx.faults.clear();
		failFrom(fx, 7, PAYROLL_EXPORT);
		const file = await fail('getFile');
		expect(file.description).toBe(
			`The work dates before ${windowStart(7)} were output (the file of those days); the rest was not. ${rest}`,
		);
		fx.emulator.ctx.faults.clear();
		failFrom(fx, 0, PAYROLL_EXPORT);
		const none = await fail('get');
		expect(none.description).toBe(`Nothing was output: the first window failed. ${rest}`);
	});

	it('version 1: one error item, nothing else', async () => {
		failFrom(fx, 5, PAYROLL_EXPORT);
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...params('get'), options: { parallelRequests: 1 } },
			settings: { typeVersion: 1, onError: 'continueErrorOutput' },
		});
		expect(result.items).toHaveLength(0);
		expect(result.errorItems).toHaveLength(1);
		expect(Object.keys(result.errorItems[0].json)).toEqual(['error']);
	});
});
