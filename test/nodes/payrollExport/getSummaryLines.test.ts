import { jsonOf } from '../../harness/execute';
import { runner, useEmulator } from '../../support/emulatorFixture';
import { daysAgo } from './dates';

const base = { resource: 'payrollExport', operation: 'getSummaryLines' };

describe('Payroll Export > Get Import Lines', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 2000 } });
	const run = runner(fx, base);

	it('returns one item per export line, with the typed filters sent', async () => {
		const data = fx.emulator.ctx.sections.workData.data;
		const result = await run({
			fromWorkDate: daysAgo(20),
			toWorkDate: daysAgo(1),
			dataFilter: 5,
			userPayrollTypeFilter: 'fixed-pay',
			filters: {
				overridePayrollExportSettingsForFixedPayEmployees: true,
				payrollTypeIds: data.payrollTypes[0].id,
			},
		});
		expect(result.error).toBeUndefined();
		const [request] = fx.apiRequests();
		expect(request.path).toBe('/api/payroll-export/summary-as-lines');
		expect(request.query).toEqual({
			fromWorkDate: [daysAgo(20)],
			toWorkDate: [daysAgo(1)],
			dataFilter: ['5'],
			userPayrollTypeFilter: ['fixed-pay'],
			payrollTypeIds: [data.payrollTypes[0].id],
			overridePayrollExportSettingsForFixedPayEmployees: ['true'],
		});
		const fixedNumbers = new Set(
			data.employees.filter((e) => !e.hourly).map((e) => e.employeeNumber),
		);
		const items = jsonOf(result);
		// Only locked data: the last 20 days hold none (locking happens after month end), so the export is empty.
		expect(items).toHaveLength(0);
		expect(result.hints[0].message).toContain('Export Filter is Only Locked');
		const wider = await run({
			fromWorkDate: daysAgo(120),
			toWorkDate: daysAgo(80),
			dataFilter: 5,
			userPayrollTypeFilter: 'fixed-pay',
			filters: { overridePayrollExportSettingsForFixedPayEmployees: true },
		});
		const lines = jsonOf(wider);
		expect(lines.length).toBeGreaterThan(0);
		expect(lines.every((l) => fixedNumbers.has(String(l.employeeNumber)))).toBe(true);
		expect(lines[0]).toMatchObject({
			date: expect.any(String),
			payrollTypeCode: expect.any(String),
			qty: expect.any(Number),
		});
	});

	it('without dates relies on the service default range and splits nothing', async () => {
		const result = await run();
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests().map((r) => r.query)).toEqual([
			{ dataFilter: ['0'], userPayrollTypeFilter: ['paid-by-hour'] },
		]);
		expect(jsonOf(result).length).toBeGreaterThan(0);
		expect(jsonOf(result).every((l) => String(l.date) >= daysAgo(14))).toBe(true);
	});

	it('splits 100 days into three windows and merges their lines', async () => {
		const result = await run({ fromWorkDate: daysAgo(99), toWorkDate: daysAgo(0), dataFilter: 10 });
		expect(fx.apiRequests().map((r) => [r.query.fromWorkDate[0], r.query.toWorkDate[0]])).toEqual([
			[daysAgo(99), daysAgo(55)],
			[daysAgo(54), daysAgo(10)],
			[daysAgo(9), daysAgo(0)],
		]);
		const dates = jsonOf(result).map((l) => String(l.date));
		expect([...dates].sort()).toEqual(dates);
	});
});
