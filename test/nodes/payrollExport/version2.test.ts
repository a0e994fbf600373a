import { executeNode, jsonOf } from '../../harness/execute';
import { useEmulator } from '../../support/emulatorFixture';
import { single } from '../../support/query';

/**
 * Payroll Export in node version 2 (issue 35, points 1 and 2): the period is explicit, a work date
 * the node did not get or cannot read is refused before any request, and the user filter is All
 * Users unless chosen otherwise, with the output saying when it leaves people out. The suite's
 * instant is 2026-11-18 (testNow.ts): last month is October 2026.
 */
const v2 = { settings: { typeVersion: 2 } };
const lines = { resource: 'payrollExport', operation: 'getSummaryLines' };

describe('Payroll Export, node version 2', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 3000 } });
	const data = () => fx.emulator.ctx.sections.workData.data;
	const fixedNumbers = () =>
		new Set(
			data()
				.employees.filter((e) => !e.hourly)
				.map((e) => e.employeeNumber),
		);

	it("a new node exports last month for all users: a clerk's payroll hand-off with nothing set", async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...lines, dataFilter: 10 },
			timezone: 'Europe/Oslo',
			...v2,
		});
		expect(result.error).toBeUndefined();
		const [request] = fx.apiRequests();
		expect(single(request.query)).toEqual({
			fromWorkDate: '2026-10-01',
			toWorkDate: '2026-10-31',
			dataFilter: '10',
			userPayrollTypeFilter: 'all-users',
		});
		const items = jsonOf(result);
		expect(items.some((l) => fixedNumbers().has(String(l.employeeNumber)))).toBe(true);
		expect(
			items.every((l) => String(l.date) >= '2026-10-01' && String(l.date) <= '2026-10-31'),
		).toBe(true);
		// Only the period exported (issue 44): All Data leaves nothing out, and nobody is filtered out.
		expect(result.hints.map((h) => h.message)).toEqual([
			`Payroll export: 2026-10-01 to 2026-10-31 (Last Month in Europe/Oslo), all users, all data: ${items.length} lines, 8 employees.`,
		]);
	});

	it("the service's default filter is still there, and the output says who it leaves out", async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: {
				...lines,
				dataFilter: 10,
				userPayrollTypeFilter: 'paid-by-hour',
				filters: { overridePayrollExportSettingsForFixedPayEmployees: true },
			},
			...v2,
		});
		expect(result.error).toBeUndefined();
		expect(single(fx.apiRequests()[0].query).userPayrollTypeFilter).toBe('paid-by-hour');
		const items = jsonOf(result);
		expect(items.length).toBeGreaterThan(0);
		expect(items.some((l) => fixedNumbers().has(String(l.employeeNumber)))).toBe(false);
		expect(result.hints.map((h) => h.message)).toEqual([
			`Payroll export: 2026-10-01 to 2026-10-31 (Last Month in UTC), hourly paid users only, filters set: Override Export Settings for Fixed-Pay Employees, all data: ${items.length} lines, 6 employees.`,
			'The payroll export for 2026-10-01 to 2026-10-31 has User Payroll Type Filter Paid by Hour: fixed-salary employees are not in it. Choose All Users for every employee.',
		]);
	});

	it('Get File names the file after the period', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { resource: 'payrollExport', operation: 'getFile', period: 'thisMonth' },
			...v2,
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			fromWorkDate: '2026-11-01',
			toWorkDate: '2026-11-18',
			fileName: expect.stringMatching(/^payroll-export_2026-11-01_2026-11-18\./),
		});
	});

	const refusals: Array<[string, Record<string, unknown>, string, RegExp]> = [
		[
			'a Date Range without dates (the picker dropped 01.10.2026)',
			{ period: 'dateRange' },
			'From Work Date is empty',
			/yyyy-MM-dd \(e\.g\. 2026-10-01\).*such as 01\.10\.2026, is dropped by the date picker/,
		],
		[
			'a Date Range without its end',
			{ period: 'dateRange', fromWorkDate: '2026-10-01T00:00:00' },
			'To Work Date is empty',
			/give the last work date as yyyy-MM-dd \(e\.g\. 2026-10-31\)/,
		],
		[
			'a date the node receives but cannot read (an expression)',
			{ period: 'dateRange', fromWorkDate: '={{ "01.10.2026" }}', toWorkDate: '2026-10-31' },
			'From Work Date is not a date: "01.10.2026"',
			/Give the work date as yyyy-MM-dd, e\.g\. 2026-10-01/,
		],
		[
			'a period the node does not know (an expression)',
			{ period: '={{ "lastQuarter" }}' },
			'Period has an unknown value: "lastQuarter"',
			/Last Month \(lastMonth\), This Month \(thisMonth\), Date Range \(dateRange\)/,
		],
	];

	it.each(refusals)(
		'refuses %s before any request',
		async (_name, parameters, message, description) => {
			for (const operation of ['get', 'getFile', 'getSummaryLines']) {
				fx.mark();
				const result = await executeNode({
					credentials: fx.credentials,
					parameters: { resource: 'payrollExport', operation, ...parameters },
					...v2,
				});
				expect([operation, result.error?.message]).toEqual([operation, message]);
				expect(result.error?.description).toMatch(description);
				expect(fx.apiRequests()).toHaveLength(0);
			}
		},
	);

	it("version 1 keeps the service's default range and Paid by Hour when nothing is set", async () => {
		const result = await executeNode({ credentials: fx.credentials, parameters: lines });
		expect(result.error).toBeUndefined();
		expect(single(fx.apiRequests()[0].query)).toEqual({
			dataFilter: '0',
			userPayrollTypeFilter: 'paid-by-hour',
		});
	});
});
