import { jsonOf } from '../../../harness/execute';
import { single } from '../../../support/query';
import { completenessFixture } from './fixture';
import { employeesOf, FILTERS, gapWords, MONTH, serviceRows, ZONE } from './oracle';

/**
 * Get Import Lines in node version 2 says what of the period is not in the export (issue 44): the
 * clerk's run on the 1st in Oslo, before one team's month-end days are approved. Expected figures
 * come from the emulator's registrations and the service's own exports (oracle.ts).
 */
const lines = {
	resource: 'payrollExport',
	operation: 'getSummaryLines',
	period: 'lastMonth',
	filters: FILTERS,
};

describe('Payroll Export > Get Import Lines: hours not yet approved (version 2)', () => {
	const {
		fx,
		run,
		requests: dataFilters,
		expected,
	} = completenessFixture(lines, 'summary-as-lines');
	const month = { fromWorkDate: MONTH.from, toWorkDate: MONTH.to };

	it('exports the approved lines as they are and names who has hours not approved, with one more request', async () => {
		const { exported, gap } = await expected(0);
		// The month's last days of the late team at least (emulator's lateApproval.ts).
		expect(gap.length).toBeGreaterThan(0);
		const result = await run({});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual(exported);
		expect(dataFilters()).toEqual([
			'/api/payroll-export/summary-as-lines 0',
			'/api/payroll-export/summary-as-lines 10',
		]);
		expect(result.hints.map((h) => h.message)).toEqual([
			`Payroll export: ${MONTH.from} to ${MONTH.to} (Last Month in ${ZONE}), all users, filters set: Override Export Settings for Fixed-Pay Employees, only approved: ${exported.length} lines, ${employeesOf(exported)} employees.`,
			`The payroll export for ${MONTH.from} to ${MONTH.to} is not complete: ${gapWords(gap, 'line', 'not approved')}. Those workers would be paid short: have the hours approved and run again, or set Hours Not Yet Approved to Stop.`,
		]);
		// The period is an info; the gap a warning, shown in the editor's warning colour.
		expect(result.hints.map((h) => h.type ?? 'info')).toEqual(['info', 'warning']);
	});

	it('Stop: no line goes out, and the error names the employees and hours', async () => {
		const { gap } = await expected(0);
		const result = await run({ hoursNotApproved: 'stop' });
		expect(result.items).toEqual([]);
		expect(result.error?.message).toBe(
			`The payroll export for ${MONTH.from} to ${MONTH.to} stopped: ${gapWords(gap, 'line', 'not approved')}`,
		);
		expect(result.error?.description).toMatch(/Hours Not Yet Approved is Stop/);
	});

	it('Stop with Continue (using error output): one error item with the employees and hours, for a workflow to wait and retry', async () => {
		const { exported, gap } = await expected(0);
		const result = await run({ hoursNotApproved: 'stop' }, { onError: 'continueErrorOutput' });
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
		expect(result.errorItems).toHaveLength(1);
		const [item] = result.errorItems;
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(item.json.details).toEqual({
			completeness: {
				complete: false,
				missing: 'not approved',
				lines: gap.reduce((a, e) => a + e.lines, 0),
				hours: gap.reduce((a, e) => a + e.hours, 0),
				employees: gap,
			},
			period: expect.objectContaining({
				fromWorkDate: MONTH.from,
				toWorkDate: MONTH.to,
				period: 'lastMonth',
				timeZone: ZONE,
				dataFilter: 'only approved',
				lines: exported.length,
				employees: employeesOf(exported),
			}),
		});
	});

	it('Only Locked: what is not locked is named', async () => {
		const { exported, gap } = await expected(5);
		expect(gap.length).toBeGreaterThan(0);
		const result = await run({ dataFilter: 5 });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual(exported);
		expect(dataFilters()).toEqual([
			'/api/payroll-export/summary-as-lines 5',
			'/api/payroll-export/summary-as-lines 10',
		]);
		expect(result.hints[1].message).toBe(
			`The payroll export for ${MONTH.from} to ${MONTH.to} is not complete: ${gapWords(gap, 'line', 'not locked')}. They are exported with Export Filter Only Approved or All Data, or once locked.`,
		);
	});

	it("All Data leaves nothing out: no extra request, only the period; Don't Check neither", async () => {
		const all = await serviceRows(fx.emulator, 'summary-as-lines', { ...month, dataFilter: '10' });
		fx.mark();
		const result = await run({ dataFilter: 10 });
		expect(jsonOf(result)).toEqual(all);
		expect(dataFilters()).toEqual(['/api/payroll-export/summary-as-lines 10']);
		expect(result.hints.map((h) => h.message)).toEqual([
			`Payroll export: ${MONTH.from} to ${MONTH.to} (Last Month in ${ZONE}), all users, filters set: Override Export Settings for Fixed-Pay Employees, all data: ${all.length} lines, ${employeesOf(all)} employees.`,
		]);
		fx.mark();
		const unchecked = await run({ hoursNotApproved: 'skip' });
		expect(dataFilters()).toEqual(['/api/payroll-export/summary-as-lines 0']);
		expect(unchecked.hints).toHaveLength(1);
	});

	it('one more request per 45-day window: 100 days are three windows and three checks', async () => {
		fx.mark();
		const result = await run({
			period: 'dateRange',
			fromWorkDate: '2026-07-24',
			toWorkDate: '2026-10-31',
		});
		expect(result.error).toBeUndefined();
		const windows = fx
			.apiRequests()
			.map((r) => single(r.query))
			.map((q) => `${String(q.fromWorkDate)} ${String(q.toWorkDate)} ${String(q.dataFilter)}`);
		expect(windows.sort()).toEqual(
			['2026-07-24 2026-09-06', '2026-09-07 2026-10-21', '2026-10-22 2026-10-31'].flatMap((w) => [
				`${w} 0`,
				`${w} 10`,
			]),
		);
		expect(result.hints[0].message).toMatch(
			/^Payroll export: 2026-07-24 to 2026-10-31 \(Date Range, Europe\/Oslo\), all users,/,
		);
	});

	it('an unknown Hours Not Yet Approved (from an expression) is refused by name before any request, in every operation', async () => {
		for (const operation of ['get', 'getFile', 'getSummaryLines']) {
			fx.mark();
			const result = await run({ operation, hoursNotApproved: '={{ "later" }}' });
			expect([operation, result.error?.message]).toEqual([
				operation,
				'Hours Not Yet Approved has an unknown value: "later"',
			]);
			expect(result.error?.description).toMatch(/Export and Warn \(warn\), Stop \(stop\)/);
			expect(fx.apiRequests()).toEqual([]);
		}
	});

	it('version 1 is as before: one request, no period, no check', async () => {
		fx.mark();
		const result = await run(
			{ fromWorkDate: MONTH.from, toWorkDate: MONTH.to },
			{ typeVersion: 1 },
		);
		expect(result.error).toBeUndefined();
		expect(dataFilters()).toEqual(['/api/payroll-export/summary-as-lines 0']);
		expect(result.hints.map((h) => h.message).join(' ')).not.toMatch(
			/Payroll export:|not complete/,
		);
	});
});
