import { executeNode, jsonOf } from '../../harness/execute';
import { useEmulator } from '../../support/emulatorFixture';

describe('Data Extraction > Get Payroll Lines Extended', () => {
	// A fresh service per case: one case deletes a line that another counts.
	const fx = useEmulator(
		{ workData: { timeRegistrations: 1500, pageSize: 250 } },
		{ perTest: true },
	);

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
				additionalQuery: {
					parameter: [
						{ name: 'EmployeeNumber', value: '2001' },
						{ name: 'EmployeeNumber', value: '2002' },
					],
				},
			},
		});
		expect(result.error).toBeUndefined();
		const items = jsonOf(result);
		expect(items).toHaveLength(lines.count);
		expect(new Set(items.map((l) => l.id)).size).toBe(lines.count);
		const withOvertime = items.find((l) => (l.overtimeLines as unknown[]).length > 0)!;
		expect(withOvertime.overtimeLines).toEqual(
			expect.arrayContaining([
				expect.objectContaining({
					lineType: expect.any(Number),
					overtimeType: expect.any(Number),
					qty: expect.any(Number),
				}),
			]),
		);
		expect(items.at(-1)!._page).toEqual({
			pageNumber: Math.ceil(lines.count / 250),
			syncTypeName: 'full',
			recordCount: lines.count - 250 * (Math.ceil(lines.count / 250) - 1),
			deletedRecordCount: 0,
		});
		for (const r of fx.apiRequests()) {
			expect(r.path).toBe('/v1/payroll-lines-extended');
			expect(r.search).toMatch(
				/^ExportFilter=All&UserPayrollTypeFilter=AllUsers&EmployeeNumber=2001&EmployeeNumber=2002/,
			);
		}
	});

	it('passes overtimeType through per line as the service sets it (behaviour notes): automatic levels 0 and netted out of qty, manual 1; a type the company pays on top shows as 1', async () => {
		const data = fx.emulator.ctx.sections.workData.data;
		const parameters = {
			resource: 'dataExtraction',
			operation: 'getPayrollLinesExtended',
			returnAll: true,
			lineExportFilter: 'All',
			lineUserPayrollTypeFilter: 'AllUsers',
		};
		type Line = {
			id: string;
			qty: number;
			standardQty: number;
			overtime50Qty: number;
			overtimeLines: Array<{ lineType: number; overtimeType: number; qty: number }>;
		};
		const usual = jsonOf(
			await executeNode({ credentials: fx.credentials, parameters }),
		) as unknown as Line[];
		const levels = usual.flatMap((l) =>
			l.overtimeLines.map((o) => `${o.lineType}:${o.overtimeType}`),
		);
		expect(new Set(levels)).toEqual(new Set(['20:0', '30:0', '41:1']));
		const netted = usual.find((l) => l.overtime50Qty > 0)!;
		expect(netted.standardQty).toBe(7.5);
		data.setOvertimeType(data.payrollTypes[1].id, 1);
		try {
			const onTop = jsonOf(
				await executeNode({ credentials: fx.credentials, parameters }),
			) as unknown as Line[];
			const same = onTop.find((l) => l.id === netted.id)!;
			expect(same.overtimeLines.find((o) => o.lineType === 20)).toMatchObject({ overtimeType: 1 });
			expect(same.qty).toBeCloseTo(netted.qty + netted.overtime50Qty);
		} finally {
			data.setOvertimeType(data.payrollTypes[1].id, 0);
		}
	});

	it('incremental: a payroll line whose registrations were all deleted is a tombstone (id, isDeleted, deletedDateTime = modifiedDateTime), passed on without overtimeLines', async () => {
		const data = fx.emulator.ctx.sections.workData.data;
		const clock = fx.emulator.ctx.clock;
		clock.advance(60_000);
		const since = clock.nowIso();
		clock.advance(1000);
		const lines = data.payrollLines();
		const i = [...Array(lines.count).keys()].find((k) => !lines.deleted[k])!;
		const id = lines.id(i);
		const at = new Date(
			data.deleteTimeRegistrations(
				Array.from(lines.regs.subarray(lines.start[i], lines.start[i + 1])).map((r) =>
					data.timeRegistrationId(r),
				),
			),
		).toISOString();
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: {
				resource: 'dataExtraction',
				operation: 'getPayrollLinesExtended',
				returnAll: true,
				lineExportFilter: 'All',
				lineUserPayrollTypeFilter: 'AllUsers',
				options: { modifiedSince: since },
			},
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			{ id, isDeleted: true, deletedDateTime: at, modifiedDateTime: at },
		]);
	});
});
