import { executeNode, jsonOf } from '../../harness/execute';
import { useEmulator } from '../../support/emulator-fixture';

describe('Data Extraction > Get Payroll Lines Extended', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 1500, pageSize: 250 } });

	it('returns every extended line once with overtimeLines, page facts and extra parameters on every page', async () => {
		const lines = fx.emulator.ctx.sections.workData.data.payrollLines();
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: {
				resource: 'dataExtraction',
				operation: 'getPayrollLinesExtended',
				returnAll: true,
				lineExportFilter: 'All',
				lineUserPayrollTypeFilter: 'AllUsers',
				options: { includePageFacts: true },
				additionalQuery: { parameter: [{ name: 'EmployeeNumber', value: '2001' }, { name: 'EmployeeNumber', value: '2002' }] },
			},
		});
		expect(result.error).toBeUndefined();
		const items = jsonOf(result);
		expect(items).toHaveLength(lines.count);
		expect(new Set(items.map((l) => l.id)).size).toBe(lines.count);
		const withOvertime = items.find((l) => (l.overtimeLines as unknown[]).length > 0)!;
		expect(withOvertime.overtimeLines).toEqual(expect.arrayContaining([expect.objectContaining({ lineType: expect.any(Number), overtimeType: 1, qty: expect.any(Number) })]));
		expect(items.at(-1)!._page).toEqual({ pageNumber: Math.ceil(lines.count / 250), syncTypeName: 'full', recordCount: lines.count - 250 * (Math.ceil(lines.count / 250) - 1), deletedRecordCount: 0 });
		for (const r of fx.apiRequests()) {
			expect(r.path).toBe('/v1/payroll-lines-extended');
			expect(r.search).toMatch(/^ExportFilter=All&UserPayrollTypeFilter=AllUsers&EmployeeNumber=2001&EmployeeNumber=2002/);
		}
	});
});
