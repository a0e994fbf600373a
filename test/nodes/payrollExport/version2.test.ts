import { executeNode, jsonOf } from '../../harness/execute';
import { calendarAt } from '../../support/calendarAt';
import { useEmulator } from '../../support/emulatorFixture';
import { useFakeDate } from '../../support/fakeDate';
import { single } from '../../support/query';

/**
 * Payroll Export in node version 2 (issue 35, points 1 and 2): the period is explicit (how it and
 * the work dates are read and refused: period.test.ts), and the user filter is All Users unless
 * chosen otherwise, with the output saying when it leaves people out. The periods expected are
 * derived from the instant (Date stopped per test), so the file passes at any WF_TEST_NOW.
 */
const v2 = { settings: { typeVersion: 2 } };
const lines = { resource: 'payrollExport', operation: 'getSummaryLines' };
const employees = (items: Array<Record<string, unknown>>) =>
	new Set(items.map((l) => String(l.employeeNumber))).size;

describe('Payroll Export, node version 2', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 3000 } });
	useFakeDate();
	const data = () => fx.emulator.ctx.sections.workData.data;
	const fixedNumbers = () =>
		new Set(
			data()
				.employees.filter((e) => !e.hourly)
				.map((e) => e.employeeNumber),
		);

	it("a new node exports last month for all users: a clerk's payroll hand-off with nothing set", async () => {
		const { from, to } = calendarAt(Date.now(), 'Europe/Oslo').lastMonth;
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...lines, dataFilter: 10 },
			timezone: 'Europe/Oslo',
			...v2,
		});
		expect(result.error).toBeUndefined();
		const [request] = fx.apiRequests();
		expect(single(request.query)).toEqual({
			fromWorkDate: from,
			toWorkDate: to,
			dataFilter: '10',
			userPayrollTypeFilter: 'all-users',
		});
		const items = jsonOf(result);
		expect(items.some((l) => fixedNumbers().has(String(l.employeeNumber)))).toBe(true);
		expect(items.every((l) => String(l.date) >= from && String(l.date) <= to)).toBe(true);
		// Only the period exported (issue 44): All Data leaves nothing out, and nobody is filtered out.
		expect(result.hints.map((h) => h.message)).toEqual([
			`Payroll export: ${from} to ${to} (Last Month in Europe/Oslo), all users, all data: ${items.length} lines, ${employees(items)} employees.`,
		]);
	});

	it("the service's default filter is still there, and the output says who it leaves out", async () => {
		const { from, to } = calendarAt(Date.now(), 'UTC').lastMonth;
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
			`Payroll export: ${from} to ${to} (Last Month in UTC), hourly paid users only, filters set: Override Export Settings for Fixed-Pay Employees, all data: ${items.length} lines, ${employees(items)} employees.`,
			`The payroll export for ${from} to ${to} has User Payroll Type Filter Paid by Hour: fixed-salary employees are not in it. Choose All Users for every employee.`,
		]);
	});

	it('Get File names the file after the period', async () => {
		const { from, to } = calendarAt(Date.now(), 'UTC').thisMonth;
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { resource: 'payrollExport', operation: 'getFile', period: 'thisMonth' },
			...v2,
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			fromWorkDate: from,
			toWorkDate: to,
			fileName: expect.stringMatching(new RegExp(`^payroll-export_${from}_${to}\\.`)),
		});
	});

	it("version 1 keeps the service's default range and Paid by Hour when nothing is set", async () => {
		const result = await executeNode({ credentials: fx.credentials, parameters: lines });
		expect(result.error).toBeUndefined();
		expect(single(fx.apiRequests()[0].query)).toEqual({
			dataFilter: '0',
			userPayrollTypeFilter: 'paid-by-hour',
		});
	});
});
