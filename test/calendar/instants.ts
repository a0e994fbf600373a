/**
 * The calendar sweep's table: the instants where date code usually breaks (issue 32) and the
 * zones each runs under. A run is one instant with the process's time zone (`TZ`) and n8n's
 * (the workflow's Settings > Timezone). Adding an instant or a zone pair is adding a row here;
 * docs/development.md ("Calendar sweep") lists them.
 */

export const OSLO = 'Europe/Oslo';
export const NEW_YORK = 'America/New_York';
/** UTC+14 all year: its calendar day is a day ahead of UTC's for ten hours of every day. */
export const KIRITIMATI = 'Pacific/Kiritimati';

export interface Zones {
	/** The process's TZ: what `new Date().getHours()`, `toString()` and Luxon's local zone read. */
	process: string;
	/** n8n's time zone: `$now`, `$today` and expressions' Luxon in the workflow. */
	n8n: string;
}

export interface CalendarRun {
	/** Why this instant is in the table. */
	label: string;
	/** "Now" of the run: the node's Date and the emulator's clock, from which its demo data is laid out. */
	now: string;
	zones: Zones;
}

/** Each zone as process and as n8n zone, the two always differing. */
export const ZONE_PAIRS: Zones[] = [
	{ process: OSLO, n8n: KIRITIMATI },
	{ process: NEW_YORK, n8n: OSLO },
	{ process: KIRITIMATI, n8n: NEW_YORK },
];

/** The year whose month edges are tried (with its DST changes). */
export const SWEEP_YEAR = 2027;

const HOUR = 3_600_000;
const isoOf = (ms: number) => new Date(ms).toISOString();

/** The first and the last instant (…23:59:59.999) of every month of SWEEP_YEAR, a zone pair each in turn. */
function monthEdges(): CalendarRun[] {
	const runs: CalendarRun[] = [];
	for (let month = 0; month < 12; month++) {
		const first = Date.UTC(SWEEP_YEAR, month, 1);
		const last = Date.UTC(SWEEP_YEAR, month + 1, 1) - 1;
		const name = new Date(first).toISOString().slice(0, 7);
		runs.push({
			label: `first instant of ${name}`,
			now: isoOf(first),
			zones: ZONE_PAIRS[(2 * month) % 3],
		});
		runs.push({
			label: `last instant of ${name}`,
			now: isoOf(last),
			zones: ZONE_PAIRS[(2 * month + 1) % 3],
		});
	}
	return runs;
}

/** Year end (still ISO week 53), the step from week 53 to week 1, a leap day: under every zone pair. */
const EDGES: Array<{ label: string; now: string }> = [
	{ label: 'year end, last second of 2026 (ISO week 53)', now: '2026-12-31T23:59:59Z' },
	{ label: 'year start, first instant of 2027 (still ISO week 53)', now: '2027-01-01T00:00:00Z' },
	{ label: 'last second of ISO week 53 (Sunday)', now: '2027-01-03T23:59:59Z' },
	{
		label: 'ISO week 1 begins (Monday 00:00, a Week partition starts)',
		now: '2027-01-04T00:00:00Z',
	},
	{ label: 'leap day', now: '2028-02-29T12:00:00Z' },
];

/**
 * The DST changes of SWEEP_YEAR (UTC instant of the change): the hour before, the change itself
 * (inside the skipped or repeated local hour) and the hour after, each under its own zone as
 * both process and n8n zone.
 */
const DST_CHANGES: Array<{ zone: string; label: string; at: string }> = [
	{
		zone: OSLO,
		label: 'Oslo spring forward (02:00 CET -> 03:00 CEST)',
		at: '2027-03-28T01:00:00Z',
	},
	{ zone: OSLO, label: 'Oslo fall back (03:00 CEST -> 02:00 CET)', at: '2027-10-31T01:00:00Z' },
	{
		zone: NEW_YORK,
		label: 'New York spring forward (02:00 EST -> 03:00 EDT)',
		at: '2027-03-14T07:00:00Z',
	},
	{
		zone: NEW_YORK,
		label: 'New York fall back (02:00 EDT -> 01:00 EST)',
		at: '2027-11-07T06:00:00Z',
	},
];

function dstRuns(): CalendarRun[] {
	return DST_CHANGES.flatMap(({ zone, label, at }) =>
		(
			[
				['an hour before', -HOUR],
				['at the change', 0],
				['an hour after', HOUR],
			] as const
		).map(([when, shift]) => ({
			label: `${label}, ${when}`,
			now: isoOf(Date.parse(at) + shift),
			zones: { process: zone, n8n: zone },
		})),
	);
}

/**
 * The machine's clock when the sweep starts (the config sets WF_TEST_NOW=real, so Date is not
 * shifted): the one run whose instant differs from run to run. Its label prints it, to reproduce
 * a failure with WF_CALENDAR_ONLY.
 */
function realNow(): CalendarRun {
	return { label: 'the real now', now: isoOf(Date.now()), zones: ZONE_PAIRS[0] };
}

export function calendarRuns(): CalendarRun[] {
	const runs = [
		...monthEdges(),
		...EDGES.flatMap((edge) => ZONE_PAIRS.map((zones) => ({ ...edge, zones }))),
		...dstRuns(),
		realNow(),
	];
	// WF_CALENDAR_ONLY=<text> keeps the runs whose label or instant contains it (a reproduction).
	const only = process.env.WF_CALENDAR_ONLY?.trim();
	return only ? runs.filter((r) => r.label.includes(only) || r.now.includes(only)) : runs;
}

/** How a run is named in jest's output. */
export function runName(run: CalendarRun): string {
	return `${run.now} ${run.label} (TZ=${run.zones.process}, n8n ${run.zones.n8n})`;
}
