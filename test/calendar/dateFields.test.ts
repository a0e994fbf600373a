import { executeNode } from '../harness/execute';
import { byNumber, PEOPLE } from '../support/people';
import { single } from '../support/query';
import { calendarSweep, dateIn, type CalendarCase, type CalendarContext } from './sweep';

/**
 * A calendar-day field (`yyyy-MM-dd`, README: "a calendar day; a time part is ignored") is sent as
 * the day written, whatever the process's and n8n's zones: as text, as n8n's date picker writes
 * it, with a zone, or from an expression (`$today`, `$now`: n8n's zone, so the day on n8n's wall
 * clock). Version 2's typed work dates also read dd.MM.yyyy, and an instant (a zoned date-time, a
 * Date) as its day in n8n's zone. Each row is a field (where the node sends it) and each value
 * form is tried in it.
 */

interface DayField {
	name: string;
	/** Node version 2 (its work dates are typed text, issue 44); version 1 when absent. */
	typeVersion?: 2;
	/** The node's parameters with `value` in the day field. */
	parameters(value: string): Record<string, unknown>;
	/** The day the emulator received. */
	sent(c: CalendarContext): unknown;
}

/** The work dates the payroll export was asked for: the day, or both ends when they differ. */
function payrollWorkDates(c: CalendarContext) {
	const [r] = c.fx.apiRequests().filter((q) => q.path.startsWith('/api/payroll-export'));
	const q = single(r.query);
	return q.fromWorkDate === q.toWorkDate ? q.fromWorkDate : [q.fromWorkDate, q.toWorkDate];
}

const FIELDS: DayField[] = [
	{
		name: 'Payroll Export > Get, From/To Work Date',
		parameters: (value) => ({
			resource: 'payrollExport',
			operation: 'get',
			fromWorkDate: value,
			toWorkDate: value,
		}),
		sent: payrollWorkDates,
	},
	{
		name: 'Employee > End Employment, End Date',
		parameters: (value) => ({
			resource: 'employee',
			operation: 'endEmployment',
			employee: byNumber(PEOPLE.tagged),
			endDate: value,
		}),
		sent: (c) => (c.fx.apiRequests()[0]?.body as { endDate?: string } | undefined)?.endDate,
	},
	{
		name: 'Payroll Export version 2 > Get Import Lines, Date Range',
		typeVersion: 2,
		parameters: (value) => ({
			resource: 'payrollExport',
			operation: 'getSummaryLines',
			period: 'dateRange',
			fromWorkDate: value,
			toWorkDate: value,
		}),
		sent: payrollWorkDates,
	},
];

/** A value form and the day it means at the run's instant. */
const FORMS: Array<{
	form: string;
	value: (day: string) => string;
	day: (c: CalendarContext) => string;
	/** Version 2 reads an instant as its day in n8n's zone, not as written (issue 44). */
	version2Day?: (c: CalendarContext) => string;
	/** Tried in version 2's field: what it reads differently or only it reads (the sweep stays short). */
	version2?: 'also' | 'only';
}> = [
	{ form: 'yyyy-MM-dd', value: (d) => d, day: fixedDay },
	{
		form: 'dd.MM.yyyy',
		value: (d) => d.split('-').reverse().join('.'),
		day: fixedDay,
		version2: 'only',
	},
	{ form: "the date picker's yyyy-MM-ddT00:00:00", value: (d) => `${d}T00:00:00`, day: fixedDay },
	{
		form: 'an instant at UTC+14',
		value: (d) => `${d}T23:30:00+14:00`,
		day: fixedDay,
		version2Day: (c) => dateIn(c.run.zones.n8n, Date.parse(`${fixedDay(c)}T23:30:00+14:00`)),
		version2: 'also',
	},
	{
		form: 'an instant at UTC-05:00',
		value: (d) => `${d}T00:30:00-05:00`,
		day: fixedDay,
		version2Day: (c) => dateIn(c.run.zones.n8n, Date.parse(`${fixedDay(c)}T00:30:00-05:00`)),
		version2: 'also',
	},
	{ form: '{{ $today }}', value: () => '={{ $today }}', day: n8nToday, version2: 'also' },
	{ form: '{{ $now }}', value: () => '={{ $now }}', day: n8nToday },
	{ form: '{{ $now.toISODate() }}', value: () => '={{ $now.toISODate() }}', day: n8nToday },
	// A Date has no day of its own: read as n8n writes a Date in item JSON (ISO, UTC), so n8n's
	// midnight east of UTC is the day before (version 1; issue 35 may read it in n8n's zone).
	{
		form: '{{ $today.toJSDate() }}',
		value: () => '={{ $today.toJSDate() }}',
		day: utcDayOfN8nMidnight,
		version2Day: n8nToday,
		version2: 'also',
	},
];

/** A day near every instant whose midnight is a different day in each zone: the run's UTC day. */
function fixedDay(c: CalendarContext) {
	return new Date(c.nowMs).toISOString().slice(0, 10);
}

/** The UTC day of the instant n8n's today begins (its midnight in n8n's zone). */
function utcDayOfN8nMidnight(c: CalendarContext) {
	const day = n8nToday(c);
	const offsetAt = (ms: number) => {
		const name = new Intl.DateTimeFormat('en-US', {
			timeZone: c.run.zones.n8n,
			timeZoneName: 'longOffset',
		})
			.formatToParts(ms)
			.find((p) => p.type === 'timeZoneName')!.value;
		const m = /GMT(?:([+-])(\d\d):(\d\d))?/.exec(name)!;
		return m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
	};
	const utcMidnight = Date.parse(`${day}T00:00:00Z`);
	return new Date(utcMidnight - offsetAt(utcMidnight - offsetAt(utcMidnight)))
		.toISOString()
		.slice(0, 10);
}

/** The day on n8n's wall clock at the run's instant. */
function n8nToday(c: CalendarContext) {
	return dateIn(c.run.zones.n8n, c.nowMs);
}

const cases: CalendarCase[] = FIELDS.flatMap((field) =>
	FORMS.filter((f) => (field.typeVersion === 2 ? f.version2 : f.version2 !== 'only')).map(
		({ form, value, day, version2Day }) => ({
			name: `${field.name} given ${form}: sent as that calendar day`,
			async check(c: CalendarContext) {
				const expected = (field.typeVersion === 2 ? (version2Day ?? day) : day)(c);
				const result = await executeNode({
					credentials: c.fx.credentials,
					parameters: field.parameters(value(fixedDay(c))),
					settings: { typeVersion: field.typeVersion ?? 1 },
				});
				expect(result.error).toBeUndefined();
				expect(field.sent(c)).toBe(expected);
			},
		}),
	),
);

calendarSweep(cases);
