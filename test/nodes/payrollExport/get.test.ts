import { jsonOf } from '../../harness/execute';
import { DEMO, runner, useEmulator } from '../../support/emulatorFixture';
import { daysAgo, dayNumber } from './dates';
import { EVERY_LINE } from './filters';
import { getProperties } from '../../../nodes/Workforce/resources/payrollExport/get';

const base = { resource: 'payrollExport', operation: 'get' };

describe('Payroll Export > Get', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 3000 } });
	const run = runner(fx, base);
	const data = () => fx.emulator.ctx.sections.workData.data;

	it('sends every parameter as specified: dates, named filters, repeated list values, flags', async () => {
		const [a, b] = data().employees;
		const project = data().projects[0];
		const result = await run({
			fromWorkDate: `${daysAgo(30)}T00:00:00`,
			toWorkDate: daysAgo(1),
			dataFilter: 10,
			userPayrollTypeFilter: 'all-users',
			filters: {
				modifiedSinceDate: daysAgo(200),
				userIds: `${a.id}, ${b.id}`,
				companyIds: DEMO.companies.parent,
				projectIds: project.id,
				payrollTypeIds: `${data().payrollTypes[0].id},${data().payrollTypes[1].id}`,
				absenceTypeIds: data().absenceTypes[0].id,
				overridePayrollExportSettingsForFixedPayEmployees: true,
				exportAllPayrollTypes: true,
				includeAllAbsence: true,
				onlyDataFromExternalProjects: false,
			},
		});
		expect(result.error).toBeUndefined();
		const [request] = fx.apiRequests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/api/payroll-export/readonly',
			status: 200,
		});
		expect(request.query).toEqual({
			fromWorkDate: [daysAgo(30)],
			toWorkDate: [daysAgo(1)],
			dataFilter: ['10'],
			userPayrollTypeFilter: ['all-users'],
			modifiedSinceDate: [daysAgo(200)],
			userIds: [a.id, b.id],
			companyIds: [DEMO.companies.parent],
			projectIds: [project.id],
			payrollTypeIds: [data().payrollTypes[0].id, data().payrollTypes[1].id],
			absenceTypeIds: [data().absenceTypes[0].id],
			overridePayrollExportSettingsForFixedPayEmployees: ['true'],
			exportAllPayrollTypes: ['true'],
			includeAllAbsence: ['true'],
		});
		expect(request.search).toContain(`userIds=${a.id}&userIds=${b.id}`);
		const items = jsonOf(result);
		expect(items.length).toBeGreaterThan(0);
		expect(new Set(items.map((r) => r.userId))).toEqual(
			new Set([a.id, b.id].filter((id) => items.some((r) => r.userId === id))),
		);
	});

	it('with the defaults sends no dates (the service uses its 14-day default) and exports only hourly employees', async () => {
		const result = await run();
		const [request] = fx.apiRequests();
		expect(request.query).toEqual({ dataFilter: ['0'], userPayrollTypeFilter: ['paid-by-hour'] });
		const items = jsonOf(result);
		expect(items.length).toBeGreaterThan(0);
		expect(items.every((r) => r.userPayrollType === 'paid-by-hour')).toBe(true);
		expect(items[0]).toMatchObject({
			userName: expect.any(String),
			transDateTime: expect.any(String),
			qty: expect.any(Number),
			standardQty: expect.any(Number),
			overtimeLines: expect.any(Array),
		});
	});

	it('reads /readonly by default (option not added, or added and on): the export locks nothing', async () => {
		const d = data();
		const before = JSON.stringify([Array.from(d.state), Array.from(d.modified)]);
		for (const options of [{}, { readOnly: true }]) {
			const result = await run({ dataFilter: 10, userPayrollTypeFilter: 'all-users', options });
			expect(result.error).toBeUndefined();
			expect(jsonOf(result).length).toBeGreaterThan(0);
		}
		expect(fx.apiRequests().map((r) => r.path)).toEqual([
			'/api/payroll-export/readonly',
			'/api/payroll-export/readonly',
		]);
		expect(JSON.stringify([Array.from(d.state), Array.from(d.modified)])).toBe(before);
	});

	it('Read Only (Never Lock Data) off calls /api/payroll-export/, which locks the approved hours it exported', async () => {
		const option = getProperties
			.find((p) => p.name === 'options')!
			.options!.find((o) => (o as { name: string }).name === 'readOnly') as {
			displayName: string;
			default: unknown;
			description: string;
		};
		expect(option).toMatchObject({ displayName: 'Read Only (Never Lock Data)', default: true });
		expect(option.description).toMatch(/never locks data.*Turn off.*lock the approved hours/);
		const window = { fromWorkDate: daysAgo(12), toWorkDate: daysAgo(2) };
		const first = await run({ ...window, options: { readOnly: false } });
		expect(first.error).toBeUndefined();
		expect(jsonOf(first).some((r) => r.locked === false)).toBe(true);
		expect(fx.apiRequests().map((r) => r.path)).toEqual(['/api/payroll-export/']);
		const again = await run({ ...window });
		expect(jsonOf(again).map((r) => [r.userId, r.transDateTime])).toEqual(
			jsonOf(first).map((r) => [r.userId, r.transDateTime]),
		);
		expect(jsonOf(again).every((r) => r.locked === true)).toBe(true);
	});

	it('splits a year into consecutive windows of at most 45 days (inclusive ends, no gap, no overlap) and merges the rows', async () => {
		const from = daysAgo(364);
		const to = daysAgo(0);
		const result = await run({
			fromWorkDate: from,
			toWorkDate: to,
			...EVERY_LINE,
		});
		expect(result.error).toBeUndefined();
		const windows = fx
			.apiRequests()
			.map((r) => ({ from: r.query.fromWorkDate[0], to: r.query.toWorkDate[0], status: r.status }))
			// Fetched side by side, they may arrive in any order.
			.sort((a, b) => dayNumber(a.from) - dayNumber(b.from));
		expect(windows).toHaveLength(Math.ceil(365 / 45));
		expect(windows[0].from).toBe(from);
		expect(windows.at(-1)!.to).toBe(to);
		for (let i = 0; i < windows.length; i++) {
			expect(windows[i].status).toBe(200);
			expect(dayNumber(windows[i].to) - dayNumber(windows[i].from)).toBeLessThanOrEqual(44);
			if (i > 0) expect(dayNumber(windows[i].from)).toBe(dayNumber(windows[i - 1].to) + 1);
		}
		const items = jsonOf(result);
		const keys = items.map((r) => `${String(r.userId)}|${String(r.transDateTime)}`);
		expect(new Set(keys).size).toBe(keys.length);
		// Every employee-day with hours in the year is there: compare with the payroll lines of the data.
		const lines = data().payrollLines();
		let expected = 0;
		for (let i = 0; i < lines.count; i++)
			if (lines.dayOf(i) >= dayNumber(from) && lines.dayOf(i) <= dayNumber(to) && !lines.deleted[i])
				expected++;
		expect(expected).toBeGreaterThan(500);
		expect(items.length).toBe(expected);
		const dates = items.map((r) => String(r.transDateTime).slice(0, 10)).sort();
		expect(dates[0] >= from && dates.at(-1)! <= to).toBe(true);
	});

	it('with splitting off refuses a range over 45 days before calling, naming the limit', async () => {
		const result = await run({
			fromWorkDate: '2026-01-01',
			toWorkDate: '2026-02-16',
			options: { splitLongRanges: false },
		});
		expect(result.error?.message).toBe(
			'The payroll export range 2026-01-01 to 2026-02-16 spans 47 days; the service allows at most 45 days between From Work Date and To Work Date',
		);
		expect(fx.apiRequests()).toHaveLength(0);
	});

	it('a range of exactly 45 days between the dates goes out in one request', async () => {
		const result = await run({
			fromWorkDate: daysAgo(45),
			toWorkDate: daysAgo(0),
			options: { splitLongRanges: false },
		});
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests().map((r) => r.query.fromWorkDate)).toEqual([[daysAgo(45)]]);
	});

	it('refuses a modifiedSinceDate older than one year before calling, with the advice to re-export the range', async () => {
		const result = await run({ filters: { modifiedSinceDate: daysAgo(400) } });
		expect(result.error?.message).toMatch(
			/^Modified Since Date \d{4}-\d{2}-\d{2} is more than one year back/,
		);
		expect(result.error?.description).toContain('Re-export the work-date range instead');
		expect(fx.apiRequests()).toHaveLength(0);
	});

	it.each([
		[{ fromWorkDate: 'first of May' }, 'From Work Date is not a date: "first of May"'],
		[
			{ fromWorkDate: '2026-03-02', toWorkDate: '2026-03-01' },
			'From Work Date (2026-03-02) is after To Work Date (2026-03-01)',
		],
	])('refuses %j before calling', async (extra, message) => {
		const result = await run({ ...extra });
		expect(result.error?.message).toBe(message);
		expect(fx.apiRequests()).toHaveLength(0);
	});

	it('an empty export adds an execution hint with the likely causes', async () => {
		const fixed = data().employees.find((e) => !e.hourly)!;
		const result = await run({ filters: { userIds: fixed.id } });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(0);
		expect(fx.apiRequests()).toHaveLength(1);
		expect(result.hints.map((h) => h.message)).toEqual([
			expect.stringMatching(
				/^The payroll export for \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} is empty\. Likely causes: only approved data is exported by default .*fixed-salary employees are left out unless User Payroll Type Filter is All Users; payroll types marked do-not-export are left out unless Export All Payroll Types is on/,
			),
		]);
		// The same employee with all-users is exported: the hint named the right cause.
		const again = await run({
			userPayrollTypeFilter: 'all-users',
			filters: { userIds: fixed.id, overridePayrollExportSettingsForFixedPayEmployees: true },
		});
		expect(again.items.length).toBeGreaterThan(0);
		expect(again.hints).toHaveLength(0);
	});

	it('a 403 for a company outside the structure is a clear error', async () => {
		const result = await run({ filters: { companyIds: DEMO.companies.other } });
		expect(result.error?.message).toContain('(HTTP 403)');
		expect(result.error?.message).toContain('companyIds');
	});
});
