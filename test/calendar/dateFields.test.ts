import { executeNode } from '../harness/execute';
import { byNumber, PEOPLE } from '../support/people';
import { single } from '../support/query';
import { calendarSweep, dateIn, type CalendarCase, type CalendarContext } from './sweep';

/**
 * A calendar-day field (`yyyy-MM-dd`, README: "a calendar day; a time part is ignored") is sent as
 * the day written, whatever the process's and n8n's zones: as text, as n8n's date picker writes
 * it, with a zone, or from an expression (`$today`, `$now`: n8n's zone, so the day on n8n's wall
 * clock). Each row is a field (where the node sends it) and each value form is tried in it.
 */

interface DayField {
	name: string;
	/** The node's parameters with `value` in the day field. */
	parameters(value: string): Record<string, unknown>;
	/** The day the emulator received. */
	sent(c: CalendarContext): unknown;
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
		sent: (c) => {
			const [r] = c.fx.apiRequests().filter((q) => q.path.startsWith('/api/payroll-export'));
			const q = single(r.query);
			return q.fromWorkDate === q.toWorkDate ? q.fromWorkDate : [q.fromWorkDate, q.toWorkDate];
		},
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
];

/** A value form and the day it means at the run's instant. */
const FORMS: Array<{
	form: string;
	value: (day: string) => string;
	day: (c: CalendarContext) => string;
}> = [
	{ form: 'yyyy-MM-dd', value: (d) => d, day: fixedDay },
	{ form: "the date picker's yyyy-MM-ddT00:00:00", value: (d) => `${d}T00:00:00`, day: fixedDay },
	{ form: 'an instant at UTC+14', value: (d) => `${d}T23:30:00+14:00`, day: fixedDay },
	{ form: 'an instant at UTC-05:00', value: (d) => `${d}T00:30:00-05:00`, day: fixedDay },
	{ form: '{{ $today }}', value: () => '={{ $today }}', day: n8nToday },
	{ form: '{{ $now }}', value: () => '={{ $now }}', day: n8nToday },
	{ form: '{{ $now.toISODate() }}', value: () => '={{ $now.toISODate() }}', day: n8nToday },
	// A Date has no day of its own: read as n8n writes a Date in item JSON (ISO, UTC), so n8n's
	// midnight east of UTC is the day before (version 1; issue 35 may read it in n8n's zone).
	{
		form: '{{ $today.toJSDate() }}',
		value: () => '={{ $today.toJSDate() }}',
		day: utcDayOfN8nMidnight,
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
	FORMS.map(({ form, value, day }) => ({
		name: `${field.name} given ${form}: sent as that calendar day`,
		async check(c: CalendarContext) {
			const expected = day(c);
			const result = await executeNode({
				credentials: c.fx.credentials,
				parameters: field.parameters(value(fixedDay(c))),
			});
			expect(result.error).toBeUndefined();
			expect(field.sent(c)).toBe(expected);
		},
	})),
);

calendarSweep(cases);
