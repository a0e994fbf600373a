import { executeNode, jsonOf } from '../../harness/execute';
import { useEmulator } from '../../support/emulatorFixture';

describe('Data Extraction > Get Payroll Lines', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 2000, pageSize: 300 } });

	it('Return All: every line (one per employee per day) exactly once over many pages, window parameters sent', async () => {
		const lines = fx.emulator.ctx.sections.workData.data.payrollLines();
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: {
				resource: 'dataExtraction',
				operation: 'getPayrollLines',
				returnAll: true,
				fromDateTime: '2000-01-01',
				toDateTime: '2100-01-01',
				lineExportFilter: 'All',
				lineUserPayrollTypeFilter: 'AllUsers',
			},
		});
		expect(result.error).toBeUndefined();
		const items = jsonOf(result);
		expect(items).toHaveLength(lines.count);
		expect(new Set(items.map((l) => l.id)).size).toBe(lines.count);
		expect(items[0]).toMatchObject({
			userId: expect.any(String),
			transDateTime: expect.any(String),
			standardQty: expect.any(Number),
		});
		expect(items[0].overtimeLines).toBeUndefined();
		const requests = fx.apiRequests();
		expect(requests.length).toBe(Math.ceil(lines.count / 300));
		expect(requests.every((r) => r.path === '/v1/payroll-lines')).toBe(true);
		expect(requests[0].query).toEqual({
			FromDateTime: ['2000-01-01T00:00:00Z'],
			ToDateTime: ['2100-01-01T00:00:00Z'],
			ExportFilter: ['All'],
			UserPayrollTypeFilter: ['AllUsers'],
		});
	});

	it('incremental: a change to a registration brings its line; Limit 1 makes one request', async () => {
		const data = fx.emulator.ctx.sections.workData.data;
		fx.emulator.ctx.clock.advance(60_000);
		const since = fx.emulator.ctx.clock.nowIso();
		data.changeTimeRegistration(data.timeRegistrationId(100), { hours: 11 });
		fx.emulator.ctx.clock.advance(1000);
		data.changeTimeRegistration(data.timeRegistrationId(1500), { hours: 3 });
		const result = await executeNode({
			credentials: fx.credentials,
			// Every line: whether registration 100's employee is paid by the hour depends on the day's demo data.
			parameters: {
				resource: 'dataExtraction',
				operation: 'getPayrollLines',
				returnAll: false,
				limit: 1,
				options: { modifiedSince: since },
				lineExportFilter: 'All',
				lineUserPayrollTypeFilter: 'AllUsers',
			},
		});
		const items = jsonOf(result);
		expect(items).toHaveLength(1);
		expect(items[0].userId).toBe(data.employees[data.user[100]].id);
		expect(fx.apiRequests()).toHaveLength(1);
		expect(fx.apiRequests()[0].query).toEqual({
			ModifiedSince: [since.replace('.000Z', 'Z')],
			ChunkLimit: ['1'],
			ExportFilter: ['All'],
			UserPayrollTypeFilter: ['AllUsers'],
		});
	});
});
