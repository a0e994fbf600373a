import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Execution } from './support/e2e';

import { useE2e } from './support/e2e';

/** The sandbox's demo workflows (sandbox/workflows/*.json) must run as shipped. */
describe('Sandbox demo workflows in a real n8n', () => {
	const e2e = useE2e();
	beforeEach(() => e2e.emulator.mark());
	// The backfill has a file of its own (warehouseBackfill.e2e.ts): its loop's first run outputs
	// nothing on "done" by design, and it needs a service of its own size.
	const manual = Object.entries(e2e.state.workflows)
		.filter(([key, w]) => key.startsWith('sandbox/') && w.manual)
		.map(([key]) => key)
		.filter((key) => key !== 'sandbox/warehouse-backfill');

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
			userPayrollTypeFilter: ['all-users'],
		};
		// Each export and its check against All Data (issue 44): Get File's check reads the lines of
		// the same filters and All Data's before the file.
		expect(
			api.map((r) => `${r.method} ${r.path} ${r.status} ${String(r.query.dataFilter)}`).sort(),
		).toEqual([
			'GET /api/payroll-export/file 200 0',
			'GET /api/payroll-export/summary-as-lines 200 0',
			'GET /api/payroll-export/summary-as-lines 200 0',
			'GET /api/payroll-export/summary-as-lines 200 10',
			'GET /api/payroll-export/summary-as-lines 200 10',
		]);
		for (const request of api) expect(request.query).toMatchObject(month);
		// The file item says what of the month is not approved; the demo's IF branches on it.
		const [fileItem] = run.json('Payroll file in the company format');
		const completeness = fileItem.completeness as { complete: boolean; employees: unknown[] };
		expect(completeness.complete).toBe(completeness.employees.length === 0);
		expect((fileItem.period as { text: string }).text).toContain(
			`${month.fromWorkDate[0]} to ${month.toWorkDate[0]} (Last Month in `,
		);
		const branch = completeness.complete
			? 'Complete: ready to send'
			: 'Hours not yet approved: wait and run again';
		expect(run.json(branch)).toHaveLength(1);

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

	it('nightly extraction: what changed since the last run as an NDJSON file on disk, and the next run starts where it ended', async () => {
		const first = await e2e.runCli('sandbox/nightly-extraction');
		expect(first.error).toBeUndefined();
		const window1 = windowOf(first);
		expect(window1.modifiedSince).toBe('2000-01-01T00:00:00Z');
		const api1 = await e2e.emulator.apiRequests();
		expect(api1.map((r) => r.query.ModifiedSince?.[0])).toEqual(
			api1.map(() => window1.modifiedSince),
		);
		expect(api1.map((r) => r.query.ModifiedBefore?.[0])).toEqual(
			api1.map(() => window1.modifiedBefore),
		);
		// The file on disk holds every record the service has from before the window's end.
		const file1 = writtenRecords(first);
		const expected = await e2e.emulator.timeRegistrationsBefore(Date.parse(window1.modifiedBefore));
		expect(expected.length).toBeGreaterThan(100);
		expect(file1.filter((r) => !r.isDeleted).map((r) => r.id)).toEqual(
			expect.arrayContaining(expected.map((r) => r.id)),
		);
		expect(file1.filter((r) => !r.isDeleted)).toHaveLength(expected.length);
		expect(first.json('Remember where this run ended')).toEqual([
			expect.objectContaining({ records: file1.length, nextRunReadsFrom: window1.modifiedBefore }),
		]);

		const { ids } = (await e2e.emulator.post('/work-data/time-registrations', {
			action: 'add',
			hours: 2,
			description: 'Nightly demo: added between two runs',
		})) as { ids: string[] };
		// The demo's window ends at now on a whole second and Modified Before is exclusive: a record
		// added in the second the next run starts falls in the run after it. Start the second run
		// in a later second than the addition (the emulator and n8n read this machine's clock).
		await new Promise((r) => setTimeout(r, 1_050 - (Date.now() % 1_000)));
		await e2e.emulator.mark();
		const second = await e2e.runCli('sandbox/nightly-extraction');
		expect(second.error).toBeUndefined();
		const window2 = windowOf(second);
		// n8n saves workflow static data after every run but a manual one: `n8n execute` (runCli)
		// keeps the cursor; the queue suite runs workflows as the editor does (manual), which starts over.
		expect(window2.modifiedSince).toBe(
			e2e.state.queue ? '2000-01-01T00:00:00Z' : window1.modifiedBefore,
		);
		const file2 = writtenRecords(second);
		expect(file2.map((r) => r.id)).toContain(ids[0]);
		for (const record of file2) {
			const modified = Date.parse(String(record.modifiedDateTime ?? record.deletedDateTime));
			expect(modified).toBeGreaterThanOrEqual(Date.parse(window2.modifiedSince));
			expect(modified).toBeLessThan(Date.parse(window2.modifiedBefore));
		}
	}, 400_000); // two `n8n execute` runs, each a fresh n8n (up to 180 s each on a busy machine)

	// Also the project push a second time: the same project numbers answer the existing projects.
	it.each(manual)('%s runs without error and every node outputs items', async (key) => {
		const run = await e2e.run(key);
		expect(run.error).toBeUndefined();
		expect(run.code).toBe(0);
		// Items on any output: an IF (the payroll demo's "Every hour approved?") sends them down one branch.
		const empty = Object.entries(run.runData)
			.filter(([, runs]) => !(runs[0].data?.main ?? []).some((items) => (items?.length ?? 0) > 0))
			.map(([name]) => name);
		expect(empty).toEqual([]);
		expect((await e2e.emulator.apiRequests()).every((r) => (r.status ?? 0) < 400)).toBe(true);
	});
});

/** The window the nightly extraction demo read: from its first Code node. */
function windowOf(run: Execution): { modifiedSince: string; modifiedBefore: string } {
	const [window] = run.json('Window since the last run');
	return window as { modifiedSince: string; modifiedBefore: string };
}

/** The records of the NDJSON file(s) the nightly extraction demo wrote, read back from disk. */
function writtenRecords(run: Execution): Array<Record<string, unknown>> {
	const written = run.json('Write file to disk');
	expect(written.length).toBeGreaterThan(0);
	return written.flatMap((file) => {
		expect(String(file.fileName)).toMatch(/time-registrations_modified_.*\.ndjson$/);
		return readFileSync(String(file.fileName), 'utf8')
			.split('\n')
			.filter((line) => line.trim())
			.map((line) => JSON.parse(line) as Record<string, unknown>);
	});
}
