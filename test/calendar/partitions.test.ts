import { executeNode, jsonOf } from '../harness/execute';
import { iso, requestedWindows } from '../support/partitionWindows';
import { calendarSweep, DAY_MS, type CalendarContext } from './sweep';

/**
 * Partition By Day, Week and Month over the 40 days up to "now" (across month ends, year end,
 * ISO week 53 and DST changes, by the table's instants), the emulator as the oracle: every
 * record of the window read once, none twice, and each partition's window what
 * docs/bulk-extraction.md says: boundaries at UTC midnight, Monday 00:00 UTC, the first of the
 * month 00:00 UTC, chained end to start (each ends 1 ms before the next begins), the first at
 * From Date Time, the last at To Date Time. The node partitions in UTC whatever the process's or
 * n8n's zone (version 1). The same in incremental mode (Modified Since, the windows' ends
 * exclusive), with a change at every UTC midnight of the window.
 */

const PATH = '/v1/time-registrations';

/** The next boundary after `ms` as the docs state it, written from the calendar (not the node's arithmetic). */
const NEXT: Record<string, (ms: number) => number> = {
	day: (ms) => {
		const d = new Date(ms);
		return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
	},
	week: (ms) => {
		const d = new Date(ms);
		const sinceMonday = (d.getUTCDay() + 6) % 7;
		return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - sinceMonday + 7);
	},
	month: (ms) => {
		const d = new Date(ms);
		return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
	},
};

/** The partition windows [from, to] the docs give for the window [start, end] (both inclusive). */
function expectedPartitions(by: string, start: number, end: number) {
	const cuts = [start];
	for (let cut = NEXT[by](start); cut <= end; cut = NEXT[by](cut)) cuts.push(cut);
	return cuts.map((from, i) => ({
		from: iso(from),
		to: i + 1 < cuts.length ? iso(cuts[i + 1] - 1) : iso(end),
	}));
}

/** One registration on every UTC day of [start, end] (weekends too): every Day, Week and Month boundary holds a record. */
function fillEveryDay(c: CalendarContext, start: number, end: number) {
	for (let day = Math.ceil(start / DAY_MS) * DAY_MS; day <= end; day += DAY_MS)
		c.data().addTimeRegistration({ workDate: new Date(day).toISOString().slice(0, 10), hours: 1 });
}

/** Ids of the registrations the emulator holds dated inside [start, end]: what one correct read returns. */
function idsInWindow(c: CalendarContext, start: number, end: number): string[] {
	const data = c.data();
	const ids: string[] = [];
	for (let i = 0; i < data.count; i++) {
		const at = data.day[i] * DAY_MS;
		if (!data.isDeleted(i) && at >= start && at <= end) ids.push(data.timeRegistrationId(i));
	}
	return ids.sort();
}

const partitionCase = (by: 'day' | 'week' | 'month') => ({
	name: `Partition By ${by}: every record of the 40 days up to now once, partitions as the docs say`,
	emulator: { workData: { timeRegistrations: 1500, pageSize: 100 } },
	async check(c: CalendarContext) {
		const end = c.nowMs;
		const start = end - 40 * DAY_MS;
		fillEveryDay(c, start, end);
		const result = await executeNode({
			credentials: c.fx.credentials,
			parameters: {
				resource: 'dataExtraction',
				operation: 'getTimeRegistrations',
				returnAll: true,
				fromDateTime: new Date(start).toISOString(),
				toDateTime: new Date(end).toISOString(),
				options: { partitionBy: by, parallelRequests: 3 },
			},
		});
		expect(result.error).toBeUndefined();
		const records = jsonOf(result);
		const ids = records.map((r) => r.id as string);
		expect(new Set(ids).size).toBe(ids.length);
		expect([...ids].sort()).toEqual(idsInWindow(c, start, end));

		// The windows asked for: partitions, read in slices of whole UTC days (docs: Memory and
		// slices), chained end to start over the whole window. Every partition boundary starts a
		// window and none lies inside one; a Day partition is one window.
		const windows = requestedWindows(c.fx, PATH);
		expect(windows[0].from).toBe(iso(start));
		expect(windows.at(-1)!.to).toBe(iso(end));
		for (let i = 1; i < windows.length; i++)
			expect(Date.parse(windows[i].from) - Date.parse(windows[i - 1].to)).toBe(1);
		const partitions = expectedPartitions(by, start, end);
		const starts = new Set(windows.map((w) => w.from));
		for (const p of partitions) expect(starts).toContain(p.from);
		for (const w of windows)
			for (const p of partitions.slice(1))
				expect(
					Date.parse(p.from) > Date.parse(w.from) && Date.parse(p.from) <= Date.parse(w.to),
				).toBe(false);
		if (by === 'day') expect(windows).toEqual(partitions);
	},
});

/** One registration changed exactly at every UTC midnight of [start, end]: boundaries of modification windows hold a change. */
function changeAtEveryMidnight(c: CalendarContext, start: number, end: number) {
	const data = c.data();
	let index = 0;
	for (let day = Math.ceil(start / DAY_MS) * DAY_MS; day <= end; day += DAY_MS)
		data.changeTimeRegistration(data.timeRegistrationId(index++), { hours: 2 }, day);
}

/** Ids of the registrations modified inside [start, end]: what one correct incremental read returns. */
function idsModifiedIn(c: CalendarContext, start: number, end: number): string[] {
	const data = c.data();
	const ids: string[] = [];
	for (let i = 0; i < data.count; i++)
		if (data.modified[i] >= start && data.modified[i] <= end) ids.push(data.timeRegistrationId(i));
	return ids.sort();
}

/** The incremental windows asked for (first page of each), in the order of their start. */
function modificationWindows(c: CalendarContext) {
	const seen = new Map<string, string | undefined>();
	for (const r of c.fx.apiRequests())
		if (r.path === PATH && r.query.ModifiedSince && !r.query.ContinuationToken)
			seen.set(r.query.ModifiedSince[0], r.query.ModifiedBefore?.[0]);
	return [...seen]
		.map(([since, before]) => ({ since, before }))
		.sort((a, b) => Date.parse(a.since) - Date.parse(b.since));
}

const incrementalCase = (by: 'day' | 'week' | 'month') => ({
	name: `incremental, Partition By ${by}: every change of the 40 days up to now once, windows chained at the docs' boundaries`,
	emulator: { workData: { timeRegistrations: 1500, pageSize: 100 } },
	async check(c: CalendarContext) {
		const since = c.nowMs - 40 * DAY_MS;
		changeAtEveryMidnight(c, since, c.nowMs);
		const result = await executeNode({
			credentials: c.fx.credentials,
			parameters: {
				resource: 'dataExtraction',
				operation: 'getTimeRegistrations',
				returnAll: true,
				options: {
					modifiedSince: new Date(since).toISOString(),
					partitionBy: by,
					parallelRequests: 3,
				},
			},
		});
		expect(result.error).toBeUndefined();
		const ids = jsonOf(result).map((r) => r.id as string);
		expect(new Set(ids).size).toBe(ids.length);
		expect([...ids].sort()).toEqual(idsModifiedIn(c, since, c.nowMs));
		// ModifiedBefore is exclusive: each window ends where the next begins; the last is open
		// (no ModifiedBefore), as one stream would read it.
		const windows = modificationWindows(c);
		expect(windows[0].since).toBe(iso(since));
		expect(windows.at(-1)!.before).toBeUndefined();
		for (let i = 1; i < windows.length; i++) expect(windows[i].since).toBe(windows[i - 1].before);
		// The window's end is now, exclusive and open: a boundary at now itself starts nothing.
		const boundaries = expectedPartitions(by, since, c.nowMs)
			.slice(1)
			.map((p) => Date.parse(p.from))
			.filter((b) => b < c.nowMs);
		const starts = new Set(windows.map((w) => w.since));
		for (const b of boundaries) expect(starts).toContain(iso(b));
		for (const w of windows) {
			const end = w.before === undefined ? Infinity : Date.parse(w.before);
			expect(boundaries.filter((b) => b > Date.parse(w.since) && b < end)).toEqual([]);
		}
	},
});

calendarSweep([
	partitionCase('day'),
	partitionCase('week'),
	partitionCase('month'),
	incrementalCase('day'),
	incrementalCase('week'),
	incrementalCase('month'),
]);
