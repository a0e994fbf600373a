import { request } from 'undici';

import { fetchToken } from '../support/fetchToken';
import { DEMO, startEmulator, type Emulator } from './index';

// Days before the file's start, read once: a run may cross midnight (WF_TEST_NOW a minute before).
const startMs = Date.now();
const day = (n: number) => new Date(startMs - n * 86_400_000).toISOString().slice(0, 10);

/** Contract of /api/payroll-export/...: filters, defaults, limits and the diagnostic rules, driven with undici. */
describe('Emulator: payroll export', () => {
	let emulator: Emulator;
	let token: string;

	beforeAll(async () => {
		emulator = await startEmulator({ workData: { timeRegistrations: 4000 } });
		token = await fetchToken(emulator, DEMO.clients.admin);
	});
	afterAll(async () => emulator.close());

	async function get(path: string, query: Array<[string, string]> = []) {
		const res = await request(
			`${emulator.urls.integration}/api/payroll-export${path}?${new URLSearchParams(query).toString()}`,
			{ headers: { authorization: `Bearer ${token}` } },
		);
		const text = await res.body.text();
		const json =
			res.headers['content-type']?.toString().startsWith('application/json') && text
				? JSON.parse(text)
				: undefined;
		return { status: res.statusCode, body: json, text, headers: res.headers };
	}

	const all: Array<[string, string]> = [
		['dataFilter', '10'],
		['userPayrollTypeFilter', 'all-users'],
		['overridePayrollExportSettingsForFixedPayEmployees', 'true'],
		['exportAllPayrollTypes', 'true'],
		['includeAllAbsence', 'true'],
	];

	// The filter rules below are read through /readonly, which changes nothing between reads.
	it('defaults to the last 14 days, approved data, hourly employees', async () => {
		const since = day(14);
		const res = await get('/readonly');
		expect(res.status).toBe(200);
		expect(res.body.length).toBeGreaterThan(0);
		for (const row of res.body) {
			expect(row.transDateTime.slice(0, 10) >= since).toBe(true);
			expect(row.userPayrollType).toBe('paid-by-hour');
		}
	});

	it('/readonly is the same export and never changes state; the plain export locks the approved hours it exported (behaviour notes: Payroll export: more)', async () => {
		// A separate emulator: this test changes state on purpose.
		const own = await startEmulator({ workData: { timeRegistrations: 2000 } });
		try {
			const bearer = await fetchToken(own, DEMO.clients.admin);
			// The default range (the last 14 days) read once from the service's clock: the clock moves
			// on below, and a minute before midnight UTC that would move the default range with it.
			const today = own.ctx.clock.now().getTime();
			const range: Array<[string, string]> = [
				['fromWorkDate', new Date(today - 14 * 86_400_000).toISOString().slice(0, 10)],
				['toWorkDate', new Date(today).toISOString().slice(0, 10)],
			];
			const read = async (path: string, query: Array<[string, string]> = []) => {
				const res = await request(
					`${own.urls.integration}/api/payroll-export${path}?${new URLSearchParams([...range, ...query]).toString()}`,
					{ headers: { authorization: `Bearer ${bearer}` } },
				);
				return (await res.body.json()) as Array<Record<string, any>>;
			};
			const data = own.ctx.sections.workData.data;
			const snapshot = () => JSON.stringify([Array.from(data.state), Array.from(data.modified)]);
			const before = snapshot();
			const readonly = await read('/readonly');
			expect(readonly.some((r) => !r.locked)).toBe(true);
			expect(await read('/readonly', [['dataFilter', '10']])).not.toHaveLength(0);
			expect(snapshot()).toBe(before);
			own.ctx.clock.advance(60_000);
			// The plain export answers what it read (the same rows), then the approved hours in it are locked.
			const plain = await read('/');
			expect(plain).toEqual(readonly);
			expect(snapshot()).not.toBe(before);
			const after = await read('/readonly');
			expect(after.map((r) => [r.userId, r.transDateTime])).toEqual(
				readonly.map((r) => [r.userId, r.transDateTime]),
			);
			expect(after.every((r) => r.locked)).toBe(true);
			// Unapproved hours are never locked by an export: All Data still shows days not locked.
			expect((await read('/readonly', [['dataFilter', '10']])).some((r) => !r.locked)).toBe(true);
		} finally {
			await own.close();
		}
	});

	it('the range is limited to 45 days between the dates (both inclusive): 45 is accepted, 46 is 400', async () => {
		expect(
			(
				await get('/readonly', [
					['fromWorkDate', '2026-01-01'],
					['toWorkDate', '2026-02-15'],
				])
			).status,
		).toBe(200);
		const res = await get('/readonly', [
			['fromWorkDate', '2026-01-01'],
			['toWorkDate', '2026-02-16'],
		]);
		expect(res.status).toBe(400);
		expect(res.body.errors[0]).toMatchObject({ field: 'toWorkDate', code: 'DateRangeTooLong' });
		expect(
			(
				await get('/summary-as-lines', [
					['fromWorkDate', '2026-01-01'],
					['toWorkDate', '2026-03-01'],
				])
			).status,
		).toBe(400);
		expect(
			(
				await get('/file', [
					['fromWorkDate', '2026-01-01'],
					['toWorkDate', '2026-03-01'],
				])
			).status,
		).toBe(400);
		expect(
			(
				await get('/readonly', [
					['fromWorkDate', '2026-01-02'],
					['toWorkDate', '2026-01-01'],
				])
			).body.errors[0].field,
		).toBe('fromWorkDate');
	});

	it('modifiedSinceDate older than one year is 400 with the advice; inside the year it keeps only modified days', async () => {
		const res = await get('/readonly', [['modifiedSinceDate', day(370)]]);
		expect(res.status).toBe(400);
		expect(res.body.errors[0].message).toContain('Re-export the work-date range');
		const data = emulator.ctx.sections.workData.data;
		emulator.ctx.clock.advance(60_000);
		const since = emulator.ctx.clock.nowIso().slice(0, 10);
		const target = data.employees.find((e) => e.hourly)!;
		data.addTimeRegistration({ userId: target.id, workDate: day(3), hours: 6, state: 'approved' });
		const modified = await get('/readonly', [
			['fromWorkDate', day(10)],
			['toWorkDate', day(0)],
			['modifiedSinceDate', since],
		]);
		expect(modified.body.map((r: any) => [r.userId, r.transDateTime.slice(0, 10)])).toEqual([
			[target.id, day(3)],
		]);
	});

	it('dataFilter: unapproved hours only with 10, locked only with 5; invalid values are 400', async () => {
		const range: Array<[string, string]> = [
			['fromWorkDate', day(45)],
			['toWorkDate', day(0)],
			['userPayrollTypeFilter', 'all-users'],
		];
		const sum = (rows: any[]) => rows.reduce((a, r) => a + r.qty + r.absenceQty, 0);
		const approved = (await get('/readonly', range)).body;
		const everything = (await get('/readonly', [...range, ['dataFilter', '10']])).body;
		const locked = (await get('/readonly', [...range, ['dataFilter', '5']])).body;
		expect(sum(everything)).toBeGreaterThan(sum(approved));
		expect(sum(approved)).toBeGreaterThan(sum(locked));
		expect(locked.every((r: any) => r.locked)).toBe(true);
		expect((await get('/readonly', [['dataFilter', '3']])).body.errors[0].field).toBe('dataFilter');
		expect(
			(await get('/readonly', [['userPayrollTypeFilter', 'everyone']])).body.errors[0].field,
		).toBe('userPayrollTypeFilter');
		expect((await get('/readonly', [['exportAllPayrollTypes', 'yes']])).body.errors[0].field).toBe(
			'exportAllPayrollTypes',
		);
	});

	it('fixed-salary employees only with fixed-pay/all-users, regular hours only with the override', async () => {
		const data = emulator.ctx.sections.workData.data;
		const fixed = new Set(data.employees.filter((e) => !e.hourly).map((e) => e.id));
		const range: Array<[string, string]> = [
			['fromWorkDate', day(40)],
			['toWorkDate', day(0)],
		];
		expect((await get('/readonly', range)).body.some((r: any) => fixed.has(r.userId))).toBe(false);
		const fixedOnly = (await get('/readonly', [...range, ['userPayrollTypeFilter', 'fixed-pay']]))
			.body;
		expect(fixedOnly.length).toBeGreaterThan(0);
		expect(
			fixedOnly.every((r: any) => fixed.has(r.userId) && r.standardQty === 0 && r.absenceQty === 0),
		).toBe(true);
		const overridden = (
			await get('/readonly', [
				...range,
				['userPayrollTypeFilter', 'fixed-pay'],
				['overridePayrollExportSettingsForFixedPayEmployees', 'true'],
			])
		).body;
		expect(overridden.some((r: any) => r.standardQty > 0)).toBe(true);
	});

	it('do-not-export payroll types only with exportAllPayrollTypes; lists are read from repeated values', async () => {
		const data = emulator.ctx.sections.workData.data;
		const hidden = data.payrollTypes.find((t) => t.doNotExport)!;
		const range: Array<[string, string]> = [
			['fromWorkDate', day(40)],
			['toWorkDate', day(0)],
			['payrollTypeIds', hidden.id],
		];
		// Absences are not payroll types: they still come; the hidden type's hours do not.
		const worked = (rows: any[]) => rows.reduce((a, r) => a + r.qty, 0);
		expect(worked((await get('/readonly', range)).body)).toBe(0);
		expect(
			worked((await get('/readonly', [...range, ['exportAllPayrollTypes', 'true']])).body),
		).toBeGreaterThan(0);
		const [a, b, c] = data.employees.filter((e) => e.hourly);
		const rows = (
			await get('/readonly', [
				['userIds', a.id],
				['userIds', b.id],
				['fromWorkDate', day(40)],
				['toWorkDate', day(0)],
			])
		).body;
		expect(new Set(rows.map((r: any) => r.userId))).toEqual(new Set([a.id, b.id]));
		expect(rows.some((r: any) => r.userId === c.id)).toBe(false);
	});

	it('summary-as-lines derives one line per employee, day and type; payroll lines derive overtime from 7.5 h days', async () => {
		const rows = (
			await get('/readonly', [['fromWorkDate', day(40)], ['toWorkDate', day(0)], ...all])
		).body;
		const lines = (
			await get('/summary-as-lines', [['fromWorkDate', day(40)], ['toWorkDate', day(0)], ...all])
		).body;
		// qty is netted of the overtime deducted from ordinary hours (overtimeType 0): add it back for the hours registered.
		const rowTotal = rows.reduce(
			(a: number, r: any) =>
				a +
				r.qty +
				r.absenceQty +
				r.overtimeLines
					.filter((o: any) => o.overtimeType === 0)
					.reduce((s: number, o: any) => s + o.qty, 0),
			0,
		);
		const lineTotal = lines.reduce((a: number, l: any) => a + l.qty, 0);
		expect(lineTotal).toBeCloseTo(rowTotal);
		for (const r of rows) {
			expect(r.standardQty).toBeLessThanOrEqual(7.5);
			if (r.overtime50Qty > 0) expect(r.standardQty).toBe(7.5);
			if (r.overtime100Qty > 0) expect(r.overtime50Qty).toBe(2);
		}
		expect((await get('/summary-as-lines')).body.every((l: any) => l.date >= day(14))).toBe(true);
	});

	it('the file is semicolon-separated lines in the chosen export type, named after the period; bad types are 400', async () => {
		const journal = await get('/file', [['fromWorkDate', day(20)], ['toWorkDate', day(1)], ...all]);
		expect(journal.status).toBe(200);
		expect(journal.headers['content-type']).toContain('text/csv');
		expect(journal.headers['content-disposition']).toBe(
			`attachment; filename="payroll-journal_${day(20)}_${day(1)}.csv"`,
		);
		expect(journal.text.split('\r\n')[0]).toMatch(/^\d+;\d{4}-\d{2}-\d{2};\w+;\d+\.\d{2}$/);
		const absence = await get('/file', [
			['fromWorkDate', day(40)],
			['toWorkDate', day(1)],
			['dataExportType', '20'],
			...all,
		]);
		expect(
			absence.text
				.split('\r\n')
				.filter(Boolean)
				.every((l) => ['FE', 'SY', 'VP'].includes(l.split(';')[2])),
		).toBe(true);
		const payroll = await get('/file', [
			['fromWorkDate', day(20)],
			['toWorkDate', day(1)],
			['dataExportType', '10'],
		]);
		expect(payroll.text.split('\r\n')[0]).toMatch(new RegExp(`;${day(20)};${day(1)}$`));
		expect((await get('/file', [['dataExportType', '7']])).body.errors[0].field).toBe(
			'dataExportType',
		);
		const empty = await get('/file', [['userIds', 'nobody']]);
		expect(empty.status).toBe(200);
		expect(empty.text).toBe('');
	});
});
