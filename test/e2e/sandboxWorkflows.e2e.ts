import { readFileSync } from 'node:fs';
import { join } from 'node:path';

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

	it("payroll hand-off: last month as a CSV with fixed columns whose totals are the service's own", async () => {
		// Single process: files in memory (base64 in the item); queue mode: read from n8n's store.
		const run = await e2e.run(
			'sandbox/payroll-hand-off',
			e2e.state.queue ? undefined : { N8N_DEFAULT_BINARY_DATA_MODE: 'default' },
		);
		expect(run.error).toBeUndefined();
		const lines = run.json('Approved payroll lines, last month');
		expect(lines.length).toBeGreaterThan(0);
		const api = await e2e.emulator.apiRequests();
		const now = new Date();
		const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
		const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
		const month = {
			fromWorkDate: [first.toISOString().slice(0, 10)],
			toWorkDate: [last.toISOString().slice(0, 10)],
			dataFilter: ['0'],
			userPayrollTypeFilter: ['all-users'],
		};
		expect(api.map((r) => `${r.method} ${r.path} ${r.status}`).sort()).toEqual([
			'GET /api/payroll-export/file 200',
			'GET /api/payroll-export/summary-as-lines 200',
		]);
		for (const request of api) expect(request.query).toMatchObject(month);

		expect(run.runData['CSV file'][0].data!.main![0]![0].binary!.data).toMatchObject({
			fileName: `payroll-${first.toISOString().slice(0, 7)}.csv`,
			mimeType: 'text/csv',
		});
		const [header, ...rows] = (await e2e.fileOf(run, 'CSV file'))
			.toString('utf8')
			.trim()
			.split(/\r?\n/)
			.map((line) => line.split(','));
		// Fixed columns, whatever the month holds: nothing nested, no ids, the work date as a date.
		expect(header).toEqual([
			'employeeNumber',
			'employeeName',
			'payrollTypeCode',
			'payrollTypeName',
			'quantity',
			'unit',
			'workDate',
		]);
		expect(rows.length).toBe(lines.length);
		const monthPrefix = first.toISOString().slice(0, 7);
		for (const row of rows) {
			expect(row).toHaveLength(header.length);
			expect(row[6]).toMatch(new RegExp(`^${monthPrefix}-\\d{2}$`));
			expect(row[5]).toBe('hours');
			expect(Number(row[4])).toBeGreaterThan(0);
		}
		// One row per employee, work date and payroll type.
		expect(new Set(rows.map((r) => `${r[0]} ${r[6]} ${r[2]}`)).size).toBe(rows.length);

		// Totals per employee and payroll type equal the service's own payroll file (export type
		// Payroll: "employee;code;quantity;from;to" over the period), fetched beside it.
		const totals = new Map<string, number>();
		for (const r of rows)
			totals.set(`${r[0]};${r[2]}`, (totals.get(`${r[0]};${r[2]}`) ?? 0) + Number(r[4]));
		const service = (await e2e.fileOf(run, 'Payroll file in the company format'))
			.toString('utf8')
			.trim()
			.split(/\r?\n/)
			.map((line) => line.split(';'));
		expect(service.length).toBe(totals.size);
		for (const [employee, code, qty, from, to] of service) {
			expect(totals.get(`${employee};${code}`)).toBeCloseTo(Number(qty), 2);
			expect([from, to]).toEqual([month.fromWorkDate[0], month.toWorkDate[0]]);
		}
	});

	it('payroll send-on: the same CSV, and the SFTP upload stays disabled until a credential is set', async () => {
		const run = await e2e.run('sandbox/payroll-send-on');
		expect(run.error).toBeUndefined();
		expect(run.json('CSV file')).toHaveLength(1);
		const workflow = JSON.parse(
			readFileSync(
				join(__dirname, '..', '..', 'sandbox', 'workflows', 'payroll-send-on.json'),
				'utf8',
			),
		) as { nodes: Array<{ type: string; disabled?: boolean; credentials?: unknown }> };
		const upload = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.ftp')!;
		expect(upload).toMatchObject({ disabled: true });
		expect(upload.credentials).toBeUndefined();
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
