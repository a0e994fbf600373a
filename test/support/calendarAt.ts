/**
 * The calendar a test expects, derived from the instant it runs at: tests run at any instant
 * (`WF_TEST_NOW`, docs/development.md), so an expected date is computed from "now", never
 * written down. Read "now" once, with Date stopped (`useFakeDate`) or before the run, so the
 * day cannot turn between the node's reading and the test's.
 */
export interface CalendarAt {
	/** yyyy-MM-dd of the instant in the zone. */
	today: string;
	/** The whole month before today's, first and last day. */
	lastMonth: { from: string; to: string };
	/** The first of today's month up to today. */
	thisMonth: { from: string; to: string };
}

const iso = (year: number, month: number, day: number) =>
	new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

export function calendarAt(nowMs: number = Date.now(), zone = 'UTC'): CalendarAt {
	const parts = new Intl.DateTimeFormat('en-CA', {
		timeZone: zone,
		year: 'numeric',
		month: 'numeric',
		day: 'numeric',
	}).formatToParts(nowMs);
	const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
	const [year, month, day] = [part('year'), part('month'), part('day')];
	// Date.UTC rolls month 0 back to December and day 0 back to the last day of the month before.
	return {
		today: iso(year, month, day),
		lastMonth: { from: iso(year, month - 1, 1), to: iso(year, month, 0) },
		thisMonth: { from: iso(year, month, 1), to: iso(year, month, day) },
	};
}
