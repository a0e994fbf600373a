import { EMULATED_ENDPOINTS } from '../emulator/extraction/otherEndpoints/endpoints';
import { DEMO } from '../emulator';
import { executeNode, jsonOf } from '../harness/execute';
import { fetchToken } from '../support/fetchToken';
import { call } from '../support/http';
import { calendarSweep, DAY_MS, utcDate, type CalendarCase } from './sweep';

/**
 * The emulator's demo data is laid out from its clock: at every instant of the table (weekends,
 * Jan 1, Feb 29, a DST change) it must hold recent data, never a change after "now", never a
 * time registration on a weekend or after today, and its default payroll export must not be
 * empty (the demo workflows and the sandbox read it whatever day they start).
 */

const cases: CalendarCase[] = [
	{
		name: 'nothing is stamped after now, on any extraction endpoint',
		emulator: { workData: { timeRegistrations: 3000 } },
		async check(c) {
			const token = await fetchToken(c.fx.emulator, DEMO.clients.admin);
			const at = (ms: number) => encodeURIComponent(new Date(c.nowMs + ms).toISOString());
			const window = `ModifiedSince=${at(1)}&ModifiedBefore=${at(30 * DAY_MS)}`;
			const paths = [
				'/v1/time-registrations',
				'/v1/payroll-lines',
				'/v1/images',
				...EMULATED_ENDPOINTS.map((e) => e.path),
			];
			for (const path of paths) {
				const page = await call('GET', `${c.fx.emulator.urls.extraction}${path}?${window}`, {
					token,
				});
				expect({
					path,
					status: page.status,
					data: (page.body as { data?: unknown[] }).data,
				}).toEqual({ path, status: 200, data: [] });
			}
		},
	},
	{
		name: 'time registrations: on weekdays up to today, the newest at most 4 days old, every state stamped by now',
		emulator: { workData: { timeRegistrations: 3000 } },
		async check(c) {
			const data = c.data();
			const today = Math.floor(c.nowMs / DAY_MS);
			let newestDay = -Infinity;
			const wrong: string[] = [];
			for (let i = 0; i < data.count; i++) {
				const weekday = new Date(data.day[i] * DAY_MS).getUTCDay();
				if (weekday === 0 || weekday === 6) wrong.push(`${i}: on a weekend`);
				if (data.day[i] > today) wrong.push(`${i}: dated after today`);
				const stamps = [data.created[i], data.modified[i], data.approvedAt[i], data.lockedAt[i]];
				if (stamps.some((ms) => ms > c.nowMs)) wrong.push(`${i}: stamped after now`);
				newestDay = Math.max(newestDay, data.day[i]);
			}
			expect(wrong).toEqual([]);
			expect(today - newestDay).toBeLessThanOrEqual(4);
		},
	},
	{
		name: 'Payroll Export > Get without dates (the 14 days up to today) is not empty',
		async check(c) {
			const result = await executeNode({
				credentials: c.fx.credentials,
				parameters: {
					resource: 'payrollExport',
					operation: 'get',
					dataFilter: 10,
					userPayrollTypeFilter: 'all-users',
				},
			});
			expect(result.error).toBeUndefined();
			const days = jsonOf(result).map((r) => String(r.transDateTime).slice(0, 10));
			expect(days.length).toBeGreaterThan(0);
			const today = utcDate(c.nowMs);
			const first = utcDate(c.nowMs - 14 * DAY_MS);
			for (const day of days) expect(day >= first && day <= today).toBe(true);
		},
	},
];

calendarSweep(cases);
