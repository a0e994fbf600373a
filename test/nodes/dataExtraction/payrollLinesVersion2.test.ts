import { executeNode } from '../../harness/execute';
import { useEmulator } from '../../support/emulatorFixture';
import { single } from '../../support/query';

/** Get Payroll Lines in node version 2: every employee by default, and the output says when a filter leaves some out. */
describe('Payroll lines, node version 2', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 600 } });
	const run = (operation: string, extra: Record<string, unknown>, typeVersion = 2) =>
		executeNode({
			credentials: fx.credentials,
			parameters: { resource: 'dataExtraction', operation, returnAll: true, ...extra },
			settings: { typeVersion },
		});

	it.each(['getPayrollLines', 'getPayrollLinesExtended'])(
		'%s sends UserPayrollTypeFilter=AllUsers when nothing is chosen',
		async (operation) => {
			const result = await run(operation, { lineExportFilter: 'All' });
			expect(result.error).toBeUndefined();
			expect(result.items.length).toBeGreaterThan(0);
			expect(single(fx.apiRequests()[0].query)).toMatchObject({
				ExportFilter: 'All',
				UserPayrollTypeFilter: 'AllUsers',
			});
			expect(result.hints).toEqual([]);
		},
	);

	it.each([
		['PaidByHour', "Paid by Hour (the service's default): fixed-pay employees are not in them"],
		['FixedPay', 'Fixed Pay: hourly paid employees are not in them'],
	])('with %s the output says who is left out', async (filter, leftOut) => {
		const result = await run('getPayrollLines', {
			lineExportFilter: 'All',
			lineUserPayrollTypeFilter: filter,
		});
		expect(result.items.length).toBeGreaterThan(0);
		expect(result.hints.map((h) => h.message)).toEqual([
			`These payroll lines have User Payroll Type Filter ${leftOut}. Choose All Users for every employee.`,
		]);
	});

	it('version 1 leaves the filter to the service (Paid by Hour) and adds no hint to a result', async () => {
		const result = await run('getPayrollLines', { lineExportFilter: 'All' }, 1);
		expect(result.items.length).toBeGreaterThan(0);
		expect(single(fx.apiRequests()[0].query).UserPayrollTypeFilter).toBeUndefined();
		expect(result.hints).toEqual([]);
	});
});
