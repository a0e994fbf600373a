import { jsonOf } from '../../../harness/execute';
import { completenessFixture } from './fixture';
import { employeesOf, FILTERS, gapWords, MONTH, ZONE } from './oracle';

/**
 * Get Daily Summaries in node version 2 (issue 44): a summary is one employee's day, so the gap is
 * counted in employee days, its hours the day's standard hours, overtime lines and absences. The
 * check always reads through /readonly: it never locks, even when the export itself may.
 */
const summaries = {
	resource: 'payrollExport',
	operation: 'get',
	period: 'lastMonth',
	filters: FILTERS,
};

describe('Payroll Export > Get Daily Summaries: hours not yet approved (version 2)', () => {
	const { run, requests, expected } = completenessFixture(summaries, 'readonly', { perTest: true });

	it('names the employees and hours of the days not approved, in employee days', async () => {
		const { exported, gap } = await expected(0);
		expect(gap.length).toBeGreaterThan(0);
		const result = await run({});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual(exported);
		expect(requests()).toEqual([
			'/api/payroll-export/readonly 0',
			'/api/payroll-export/readonly 10',
		]);
		expect(result.hints.map((h) => h.message)).toEqual([
			`Payroll export: ${MONTH.from} to ${MONTH.to} (Last Month in ${ZONE}), all users, filters set: Override Export Settings for Fixed-Pay Employees, only approved: ${exported.length} employee days, ${employeesOf(exported)} employees.`,
			`The payroll export for ${MONTH.from} to ${MONTH.to} is not complete: ${gapWords(gap, 'employee day', 'not approved')}. Those workers would be paid short: have the hours approved and run again, or set Hours Not Yet Approved to Stop.`,
		]);
	});

	it('the export that locks (Read Only off) is checked through /readonly, which locks nothing', async () => {
		const { exported, gap } = await expected(0);
		const result = await run({ options: { readOnly: false } });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual(exported);
		expect(requests()).toEqual(['/api/payroll-export/ 0', '/api/payroll-export/readonly 10']);
		expect(result.hints[1].message).toContain(gapWords(gap, 'employee day', 'not approved'));
	});

	it('Stop with Continue (regular output): the error item carries the employees and hours, no summary goes out', async () => {
		const { gap } = await expected(0);
		const result = await run({ hoursNotApproved: 'stop' }, { continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json.error).toBe(
			`The payroll export for ${MONTH.from} to ${MONTH.to} stopped: ${gapWords(gap, 'employee day', 'not approved')}`,
		);
		expect(result.items[0].json.details).toMatchObject({
			completeness: { complete: false, employees: gap },
		});
	});
});
