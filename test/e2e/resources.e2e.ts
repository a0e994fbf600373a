import { useE2e } from './support/e2e';

/** One operation of each of the remaining resources (Project and Work Order have files of their own). */
describe('Every resource in a real n8n', () => {
	const e2e = useE2e();
	beforeEach(() => e2e.emulator.mark());
	const lines = async () =>
		(await e2e.emulator.apiRequests()).map((r) => `${r.method} ${r.path} ${r.status}`);

	it("Machine Type > Get Many: the company's machine types, each with its typeId", async () => {
		const run = await e2e.run('machineTypeGetMany');
		expect(run.error).toBeUndefined();
		const types = run.json('Get Machine Types');
		expect(types.length).toBeGreaterThan(0);
		expect(types.every((t) => typeof t.typeId !== 'undefined')).toBe(true);
		expect(await lines()).toEqual(['GET /api/MachineType 200']);
		// The service's own answer, read after the log: the same records.
		expect(types).toEqual(await e2e.emulator.serviceGet('/api/MachineType'));
	});

	it('Machine > Get Many: every machine the service lists', async () => {
		const run = await e2e.run('machineGetMany');
		expect(run.error).toBeUndefined();
		const machines = run.json('Get Machines');
		expect(machines.length).toBeGreaterThan(0);
		const api = await e2e.emulator.apiRequests();
		expect(api.length).toBeGreaterThan(0);
		expect(
			api.every((r) => r.method === 'GET' && r.status === 200 && r.api === 'integration'),
		).toBe(true);
		expect(new Set(machines.map((m) => m.id)).size).toBe(machines.length);
	});

	it('User > Get Many: the users of the company (v4)', async () => {
		const run = await e2e.run('userGetMany');
		expect(run.error).toBeUndefined();
		const users = run.json('Get Users');
		expect(users.length).toBeGreaterThan(0);
		const api = await e2e.emulator.apiRequests();
		expect(api.length).toBeGreaterThan(0);
		expect(
			api.every((r) => r.method === 'GET' && r.status === 200 && r.path.includes('/v4/')),
		).toBe(true);
	});

	it('Employee > Get Many with a limit: three employees (v5), one request', async () => {
		const run = await e2e.run('employeeGetMany');
		expect(run.error).toBeUndefined();
		expect(run.json('Get Employees')).toHaveLength(3);
		const api = await e2e.emulator.apiRequests();
		expect(api).toHaveLength(1);
		expect(api[0]).toMatchObject({ method: 'GET', status: 200 });
		expect(api[0].path).toContain('/v5/');
	});

	it('Data Extraction > Get Images: every image once, page by page from the extraction API', async () => {
		const run = await e2e.run('dataExtractionGetImages');
		expect(run.error).toBeUndefined();
		const images = run.json('Get Images');
		expect(images.length).toBeGreaterThan(50);
		const api = await e2e.emulator.apiRequests();
		expect(api.length).toBeGreaterThan(1);
		expect(
			api.every(
				(r) =>
					r.api === 'extraction' &&
					r.path === '/v1/images' &&
					r.status === 200 &&
					r.query.ChunkLimit[0] === '50',
			),
		).toBe(true);
		expect(api[0].query.FromDateTime).toEqual(['2000-01-01T00:00:00Z']);
		expect(api.slice(1).every((r) => r.query.ContinuationToken?.length === 1)).toBe(true);
	});

	it('Payroll Export > Get over a year: 9 windows of at most 45 days, no gap, no overlap; rows merged', async () => {
		const run = await e2e.run('payrollExportYear');
		expect(run.error).toBeUndefined();
		const api = await e2e.emulator.apiRequests();
		// The windows are asked side by side (Parallel Requests), so the log holds them in arrival order.
		const windows = api
			.map((r) => ({
				from: r.query.fromWorkDate[0],
				to: r.query.toWorkDate[0],
				status: r.status,
				path: r.path,
			}))
			.sort((a, b) => a.from.localeCompare(b.from));
		expect(windows).toHaveLength(9);
		const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
		expect(day(windows[8].to) - day(windows[0].from)).toBe(364);
		for (let i = 0; i < windows.length; i++) {
			expect(windows[i]).toMatchObject({ status: 200, path: '/api/payroll-export/readonly' });
			expect(day(windows[i].to) - day(windows[i].from)).toBeLessThanOrEqual(44);
			if (i > 0) expect(day(windows[i].from)).toBe(day(windows[i - 1].to) + 1);
		}
		const rows = run.json('Payroll Year');
		expect(rows.length).toBeGreaterThan(500);
		const keys = rows.map(
			(r) => `${String(r.userId)}|${String(r.transDateTime)}|${String(r.payrollTypeId ?? '')}`,
		);
		expect(new Set(keys).size).toBe(keys.length);
		const dates = rows.map((r) => String(r.transDateTime).slice(0, 10)).sort();
		expect(dates[0] >= windows[0].from && dates.at(-1)! <= windows[8].to).toBe(true);
		expect(
			api.every(
				(r) =>
					r.query.dataFilter?.[0] === '10' && r.query.userPayrollTypeFilter?.[0] === 'all-users',
			),
		).toBe(true);
	});
});
