import { jsonOf } from '../../harness/execute';
import { runner, useEmulator } from '../../support/emulatorFixture';
import { binaryText } from './binary';
import { daysAgo } from './dates';

const base = { resource: 'payrollExport', operation: 'getFile' };

describe('Payroll Export > Get File', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 2000 } });
	const run = runner(fx, base);

	it('downloads the file named after the period, with its own parameters sent', async () => {
		const result = await run({
			fromWorkDate: daysAgo(30),
			toWorkDate: daysAgo(1),
			dataExportType: 30,
			dataFilter: 10,
			userPayrollTypeFilter: 'all-users',
			binaryPropertyName: 'payroll',
			filters: {
				voucherNumber: 'V-2026-11',
				absenceTypeIds: 'a1,a2',
				onlyDataFromExternalProjects: true,
			},
		});
		expect(result.error).toBeUndefined();
		const [request] = fx.apiRequests();
		expect(request.path).toBe('/api/payroll-export/file');
		expect(request.query).toEqual({
			fromWorkDate: [daysAgo(30)],
			toWorkDate: [daysAgo(1)],
			dataFilter: ['10'],
			userPayrollTypeFilter: ['all-users'],
			absenceTypeIds: ['a1', 'a2'],
			onlyDataFromExternalProjects: ['true'],
			voucherNumber: ['V-2026-11'],
			dataExportType: ['30'],
		});
		const [item] = result.items;
		const fileName = `payroll-export_${daysAgo(30)}_${daysAgo(1)}.csv`;
		expect(item.json).toMatchObject({ fileName, dataExportType: 30, windows: 1 });
		expect(item.binary?.payroll).toMatchObject({
			fileName,
			mimeType: 'text/csv',
			fileExtension: 'csv',
		});
		const text = await binaryText(item.binary!.payroll);
		expect(text.split('\r\n')[0]).toMatch(/^V-2026-11;\d{4}-\d{2}-\d{2};WD-\d+;5000;\d+\.\d{2}$/);
		// Only external projects: every cost line names one of them.
		const external = new Set(
			fx.emulator.ctx.sections.workData.data.projects
				.filter((p) => p.external)
				.map((p) => p.projectNumber),
		);
		expect(
			text
				.split('\r\n')
				.filter(Boolean)
				.every((l) => external.has(l.split(';')[2])),
		).toBe(true);
	});

	it("defaults to the journal export type and splits a long range, concatenating the windows' lines", async () => {
		const result = await run({ fromWorkDate: daysAgo(100), toWorkDate: daysAgo(1) });
		expect(result.error).toBeUndefined();
		const requests = fx.apiRequests();
		expect(requests).toHaveLength(3);
		expect(requests.every((r) => r.query.dataExportType[0] === '6')).toBe(true);
		const text = await binaryText(result.items[0].binary!.data);
		const lines = text.split('\r\n').filter(Boolean);
		expect(lines.length).toBeGreaterThan(10);
		const dates = lines.map((l) => l.split(';')[1]);
		expect(dates[0] >= daysAgo(100) && dates.at(-1)! <= daysAgo(1)).toBe(true);
		expect([...dates].sort()).toEqual(dates);
		expect(jsonOf(result)[0]).toMatchObject({
			fileName: `payroll-export_${daysAgo(100)}_${daysAgo(1)}.csv`,
			windows: 3,
		});
	});

	it('an empty file adds an execution hint; a bad output field name is refused', async () => {
		const result = await run({ dataExportType: 20, filters: { userIds: 'nobody' } });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].fileSize).toBe(0);
		expect(result.hints[0].message).toMatch(/is empty\. Likely causes: only approved data/);
		const bad = await run({ binaryPropertyName: ' ' });
		expect(bad.error?.message).toBe('Put Output File in Field is empty');
	});
});
