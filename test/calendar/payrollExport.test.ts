import { DEMO } from '../emulator';
import { executeNode, jsonOf } from '../harness/execute';
import { PollHarness } from '../harness/poll';
import { fetchToken } from '../support/fetchToken';
import { fileBytes } from '../support/fileOutput';
import { call } from '../support/http';
import { single } from '../support/query';
import { calendarSweep, DAY_MS, utcDate, type CalendarCase, type CalendarContext } from './sweep';

/**
 * Payroll export work-date windows at every instant, the emulator as the oracle: a range longer
 * than 45 days across year end and leap day is fetched in contiguous windows the service accepts,
 * every day once; the node's default range (no dates) is the service's own; the trigger's range
 * ends today and spans what it says. Work dates are calendar days: no zone moves them.
 */

const EXPORT = '/api/payroll-export';
const everything = { dataFilter: 10, userPayrollTypeFilter: 'all-users' };

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** Every work date from `from` to `to`, both included. */
function datesOf(from: string, to: string): string[] {
	const out: string[] = [];
	for (let d = dayNumber(from); d <= dayNumber(to); d++) out.push(utcDate(d * DAY_MS));
	return out;
}

/** One hour on every work date of the range for the first employee: the export holds every day of it once. */
function workEveryDay(c: CalendarContext, from: string, to: string) {
	const employee = c.data().employees[0];
	for (const workDate of datesOf(from, to))
		c.data().addTimeRegistration({ userId: employee.id, workDate, hours: 1 });
	return employee;
}

type Window = { from: string; to: string };

/** The work-date windows the node asked the service for (any export path), in date order. */
function exportWindows(c: CalendarContext) {
	return c.fx
		.apiRequests()
		.filter((r) => r.path.startsWith(EXPORT))
		.map((r) => ({ from: r.query.fromWorkDate?.[0], to: r.query.toWorkDate?.[0] }) as Window)
		.sort((a, b) => a.from.localeCompare(b.from));
}

/** A range of work dates relative to the run's UTC today, or fixed. */
type Range = (c: CalendarContext) => { from: string; to: string };

const longRange = (name: string, range: Range): CalendarCase => ({
	name: `Get, ${name}: contiguous windows of at most 45 days, every work date once`,
	async check(c) {
		const { from, to } = range(c);
		const employee = workEveryDay(c, from, to);
		const result = await executeNode({
			credentials: c.fx.credentials,
			parameters: {
				resource: 'payrollExport',
				operation: 'get',
				// As n8n's date picker writes a day: a wall-clock time without a zone.
				fromWorkDate: `${from}T00:00:00`,
				toWorkDate: `${to}T00:00:00`,
				...everything,
				filters: { userIds: employee.id },
			},
		});
		expect(result.error).toBeUndefined();
		const windows = exportWindows(c);
		expect(windows.length).toBeGreaterThan(1);
		expect(windows[0].from).toBe(from);
		expect(windows.at(-1)!.to).toBe(to);
		for (const w of windows) expect(dayNumber(w.to) - dayNumber(w.from)).toBeLessThanOrEqual(45);
		for (let i = 1; i < windows.length; i++)
			expect(dayNumber(windows[i].from)).toBe(dayNumber(windows[i - 1].to) + 1);
		const days = jsonOf(result).map((r) => String(r.transDateTime).slice(0, 10));
		expect(days).toEqual(datesOf(from, to));
	},
});

const today = (c: CalendarContext) => utcDate(c.nowMs);
const daysBefore = (date: string, n: number) => utcDate((dayNumber(date) - n) * DAY_MS);

/**
 * Modified Since Date reaches one year back (spec). Node and service must draw that line on the
 * same day at every instant (Feb 29 has no day a year back): the service is asked for each day
 * from 360 to 370 days back, and the node sends exactly the days the service accepts, refusing
 * the others before any request.
 */
const oneYearBack: CalendarCase = {
	name: 'Get, Modified Since Date around one year back: the node refuses exactly the days the service refuses',
	async check(c) {
		const token = await fetchToken(c.fx.emulator, DEMO.clients.admin);
		const base = `${c.fx.emulator.urls.integration}${EXPORT}/readonly`;
		const statuses = new Set<number>();
		for (let back = 360; back <= 370; back++) {
			const day = daysBefore(today(c), back);
			const service = await call('GET', `${base}?modifiedSinceDate=${day}`, { token });
			c.fx.mark();
			const result = await executeNode({
				credentials: c.fx.credentials,
				parameters: {
					resource: 'payrollExport',
					operation: 'get',
					filters: { modifiedSinceDate: day },
				},
			});
			const node = result.error
				? /^Modified Since Date .* more than one year back/.test(result.error.message)
					? 400
					: result.error.message
				: 200;
			expect({ day, node }).toEqual({ day, node: service.status });
			statuses.add(service.status);
			if (node === 400) expect(c.fx.apiRequests()).toEqual([]);
		}
		// The line lies inside the days tried.
		expect([...statuses].sort()).toEqual([200, 400]);
	},
};

const cases: CalendarCase[] = [
	oneYearBack,
	longRange('the 100 days up to today', (c) => ({
		from: daysBefore(today(c), 99),
		to: today(c),
	})),
	longRange('2027-11-15 to 2028-03-15 (year end and leap day)', () => ({
		from: '2027-11-15',
		to: '2028-03-15',
	})),
	{
		name: 'Get File without dates: the range the node names is the service’s default (14 days before today to today)',
		async check(c) {
			const result = await executeNode({
				credentials: c.fx.credentials,
				parameters: {
					resource: 'payrollExport',
					operation: 'getFile',
					dataExportType: 10,
					...everything,
				},
			});
			expect(result.error).toBeUndefined();
			const [item] = jsonOf(result);
			const served = c.fx.apiRequests().filter((r) => r.path === `${EXPORT}/file`);
			expect(served).toHaveLength(1);
			expect(single(served[0].query).fromWorkDate).toBeUndefined();
			// The payroll file (type 10) ends each line with the range the service exported: the oracle.
			const lines = (await fileBytes(result.items[0])).toString('utf8').trim().split('\r\n');
			expect(lines.length).toBeGreaterThan(0);
			const ranges = new Set(lines.map((l) => l.split(';').slice(-2).join(' to ')));
			expect([...ranges]).toEqual([`${String(item.fromWorkDate)} to ${String(item.toWorkDate)}`]);
			expect(item).toMatchObject({
				fromWorkDate: daysBefore(today(c), 14),
				toWorkDate: today(c),
			});
		},
	},
	{
		name: 'Trigger, payroll export of 45 days: the range ends today (UTC) and the service accepts it',
		async check(c) {
			const trigger = new PollHarness({
				credentials: c.fx.credentials,
				parameters: {
					event: 'payrollExport',
					workDateRangeDays: 45,
					exportFilters: everything,
				},
			});
			await trigger.tick();
			// The poll comes two minutes after "now": at a day's last instant, on the next day.
			const pollDay = utcDate(c.nowMs + 2 * 60_000);
			const from = daysBefore(pollDay, 45);
			c.clock.advance(60_000);
			const employee = workEveryDay(c, from, pollDay);
			c.clock.advance(60_000);
			c.fx.mark();
			const tick = await trigger.tick();
			expect(tick.error).toBeUndefined();
			expect(exportWindows(c)).toEqual([{ from, to: pollDay }]);
			const days = tick.items
				.filter((i) => i.json.userId === employee.id)
				.map((i) => String(i.json.transDateTime).slice(0, 10))
				.sort();
			expect(days).toEqual(datesOf(from, pollDay));
		},
	},
];

calendarSweep(cases);
