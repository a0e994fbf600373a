import { single } from '../../../support/query';
import { completenessFixture } from './fixture';
import { employeesOf, FILTERS, gapWords, MONTH, ZONE } from './oracle';

/**
 * Get File in node version 2 (issue 44): the file's format is the company's, so the check reads the
 * import lines under the same filters and All Data's (two requests per window) before the file is
 * fetched; the file item carries the period and the completeness for an IF node.
 */
const file = {
	resource: 'payrollExport',
	operation: 'getFile',
	period: 'lastMonth',
	dataExportType: 10,
	filters: FILTERS,
};

describe('Payroll Export > Get File: hours not yet approved (version 2)', () => {
	const { fx, run, requests, expected } = completenessFixture(file, 'summary-as-lines');
	const text = (exported: Array<Record<string, unknown>>, filter: string) =>
		`${MONTH.from} to ${MONTH.to} (Last Month in ${ZONE}), all users, filters set: Override Export Settings for Fixed-Pay Employees, ${filter}: ${exported.length} lines, ${employeesOf(exported)} employees`;

	it('the file item says the period and what is not in it, for an IF on $json.completeness.complete', async () => {
		const { exported, gap } = await expected(0);
		const result = await run({});
		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([
			'/api/payroll-export/summary-as-lines 0',
			'/api/payroll-export/summary-as-lines 10',
			'/api/payroll-export/file 0',
		]);
		// The file's own query is untouched by the check (no dataExportType on the lines).
		expect(single(fx.apiRequests()[0].query).dataExportType).toBeUndefined();
		expect(single(fx.apiRequests()[2].query).dataExportType).toBe('10');
		const [item] = result.items;
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(item.json.period).toEqual({
			text: text(exported, 'only approved'),
			fromWorkDate: MONTH.from,
			toWorkDate: MONTH.to,
			period: 'lastMonth',
			timeZone: ZONE,
			userPayrollTypeFilter: 'all-users',
			userIds: [],
			dataFilter: 'only approved',
			lines: exported.length,
			employees: employeesOf(exported),
		});
		expect(item.json.completeness).toEqual({
			complete: false,
			missing: 'not approved',
			lines: gap.reduce((a, e) => a + e.lines, 0),
			hours: gap.reduce((a, e) => a + e.hours, 0),
			employees: gap,
		});
		expect(result.hints.map((h) => h.message)).toEqual([
			`Payroll export: ${text(exported, 'only approved')}.`,
			`The payroll export for ${MONTH.from} to ${MONTH.to} is not complete: ${gapWords(gap, 'line', 'not approved')}. Those workers would be paid short: have the hours approved and run again, or set Hours Not Yet Approved to Stop.`,
		]);
	});

	it('Stop fetches no file; with Continue (using error output) the error item names the employees and hours', async () => {
		const { gap } = await expected(0);
		const result = await run({ hoursNotApproved: 'stop' }, { onError: 'continueErrorOutput' });
		expect(requests()).toEqual([
			'/api/payroll-export/summary-as-lines 0',
			'/api/payroll-export/summary-as-lines 10',
		]);
		expect(result.items).toEqual([]);
		expect(result.errorItems.map((i) => i.json.error)).toEqual([
			`The payroll export for ${MONTH.from} to ${MONTH.to} stopped: ${gapWords(gap, 'line', 'not approved')}`,
		]);
		expect(result.errorItems[0].json.details).toMatchObject({ completeness: { employees: gap } });
	});

	it('Only Locked: the file item names what is not locked', async () => {
		const { exported, gap } = await expected(5);
		const result = await run({ dataFilter: 5 });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.completeness).toMatchObject({
			complete: false,
			missing: 'not locked',
			employees: gap,
		});
		expect((result.items[0].json.period as { text: string }).text).toBe(
			text(exported, 'only locked'),
		);
	});

	it("All Data: one request, complete; Don't Check: one request, the file's size instead of lines", async () => {
		const result = await run({ dataFilter: 10 });
		expect(requests()).toEqual(['/api/payroll-export/file 10']);
		expect(result.items[0].json.completeness).toEqual({
			complete: true,
			missing: null,
			lines: 0,
			hours: 0,
			employees: [],
		});
		fx.mark();
		const unchecked = await run({ hoursNotApproved: 'skip' });
		expect(requests()).toEqual(['/api/payroll-export/file 0']);
		const { fileSize, completeness, period } = unchecked.items[0].json as {
			fileSize: number;
			completeness: { complete: unknown };
			period: { text: string; lines: unknown };
		};
		expect(completeness.complete).toBeNull();
		expect(period.lines).toBeNull();
		expect(period.text).toMatch(new RegExp(`only approved: a file of ${fileSize} bytes$`));
	});
});
