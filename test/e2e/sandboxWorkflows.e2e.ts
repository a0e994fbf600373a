import { useE2e } from './support/e2e';

/** The sandbox's demo workflows (sandbox/workflows/*.json) must run as shipped. */
describe('Sandbox demo workflows in a real n8n', () => {
	const e2e = useE2e();
	beforeEach(() => e2e.emulator.mark());
	const manual = Object.entries(e2e.state.workflows)
		.filter(([key, w]) => key.startsWith('sandbox/') && w.manual)
		.map(([key]) => key);

	it('project push: each spreadsheet row becomes a project', async () => {
		const run = await e2e.run('sandbox/project-push');
		expect(run.error).toBeUndefined();
		const rows = run.json('Spreadsheet rows');
		expect(rows.length).toBeGreaterThan(1);
		const created = run.json('Create project in Workforce');
		expect(created.map((p) => p.projectNumber)).toEqual(rows.map((r) => r.projectNumber));
		const api = await e2e.emulator.apiRequests();
		expect(api.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(
			rows.map(() => 'POST /api/v4/integration/projects 201'),
		);
		// n8n's routing sends the items' requests at once, so they may arrive in any order.
		const byNumber = (a: { projectNumber?: unknown }, b: { projectNumber?: unknown }) =>
			String(a.projectNumber).localeCompare(String(b.projectNumber));
		expect(api.map((r) => r.body as { projectNumber?: unknown }).sort(byNumber)).toEqual(
			[...rows].sort(byNumber).map((r) =>
				expect.objectContaining({
					projectNumber: r.projectNumber,
					name: r.name,
					workBreakLunchStartTime: r.lunch,
				}),
			),
		);
	});

	it('payroll hand-off: approved rows of last month, one request, a CSV file named after the month', async () => {
		const run = await e2e.run('sandbox/payroll-hand-off');
		expect(run.error).toBeUndefined();
		const rows = run.json('Approved payroll, last month');
		expect(rows.length).toBeGreaterThan(0);
		const [request] = await e2e.emulator.apiRequests();
		const now = new Date();
		const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
		const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
		expect(request).toMatchObject({
			method: 'GET',
			path: '/api/payroll-export/readonly',
			status: 200,
		});
		expect(request.query).toMatchObject({
			fromWorkDate: [first.toISOString().slice(0, 10)],
			toWorkDate: [last.toISOString().slice(0, 10)],
			dataFilter: ['0'],
			userPayrollTypeFilter: ['all-users'],
		});
		const file = run.runData['CSV file'][0].data!.main![0]![0].binary!.data as {
			fileName: string;
			mimeType: string;
			fileSize?: string | number;
		};
		expect(file).toMatchObject({
			fileName: `payroll-${first.toISOString().slice(0, 7)}.csv`,
			mimeType: 'text/csv',
		});
	});

	it('document upload: the generated report lands on project P-1002 in section Reports', async () => {
		const run = await e2e.run('sandbox/document-upload');
		expect(run.error).toBeUndefined();
		const [uploaded] = run.json('Upload to project P-1002');
		expect(uploaded).toMatchObject({ successful: true, section: 'Reports' });
		const api = await e2e.emulator.apiRequests();
		expect(
			api.map(
				(r) =>
					`${r.method} ${r.path.replace(/projects\/[^/]+\/documents/, 'projects/{id}/documents')} ${r.status}`,
			),
		).toEqual([
			'GET /api/v4/integration/projects/by-project-number/P-1002 200',
			'POST /api/v4/integration/projects/{id}/documents 200',
		]);
		expect(api[1].body).toEqual({
			parts: [
				{
					field: 'file',
					fileName: 'site-report.txt',
					mimeType: 'text/plain',
					size: expect.any(Number),
				},
			],
		});
	});

	// Also the project push a second time: the same project numbers answer the existing projects.
	it.each(manual)('%s runs without error and every node outputs items', async (key) => {
		const run = await e2e.run(key);
		expect(run.error).toBeUndefined();
		expect(run.code).toBe(0);
		const empty = Object.keys(run.runData).filter((name) => run.json(name).length === 0);
		expect(empty).toEqual([]);
		expect((await e2e.emulator.apiRequests()).every((r) => (r.status ?? 0) < 400)).toBe(true);
	});
});
