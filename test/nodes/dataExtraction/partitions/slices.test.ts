import type { IExecuteFunctions } from 'n8n-workflow';

import { pageStream } from '../../../../nodes/Workforce/resources/dataExtraction/pageStream';
import { executeStandIn, standInNode } from '../../../harness/standIn';
import { jsonOf } from '../../../harness/execute';
import { useEmulator, type Fixture } from '../../../support/emulatorFixture';
import { iso, requestedWindows } from '../../../support/partitionWindows';

const DAY = 86_400_000;
const PATH = '/v1/time-registrations';

/**
 * Partitions read in slices (partitions/slices.ts), through n8n's engine against the emulator: a
 * budget of a few days of pages makes the scheduler cut each week or month into whole-day slices
 * sized from the data. Every record once, in partition order, the slices chained 1 ms apart and
 * never across a partition's end, the first slice (the probe) read alone before any other, an
 * empty stretch and one very busy day.
 */
describe('Data Extraction: partitions read in slices', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 3000, pageSize: 100 } });
	const data = () => fx.emulator.ctx.sections.workData.data;
	const dayOf = (i: number) =>
		Date.parse(`${data().timeRegistration(i).workDate as string}T00:00:00Z`);
	const span = () => {
		const days = Array.from({ length: data().count }, (_, i) => dayOf(i));
		return { first: Math.min(...days), last: Math.max(...days) };
	};

	it('Partition By Month, 3 at a time, a budget of a few days: whole-day slices, every record once, in order, the probe alone first', async () => {
		const { first, last } = span();
		const from = iso(first);
		const to = iso(last);
		const { run, windows } = await readChained(fx, from, to, 3, 2.5);
		// More windows than months: the months were cut.
		const months = new Set(windows.map((w) => w.from.slice(0, 7))).size;
		expect(windows.length).toBeGreaterThan(months + 2);
		// Every cut a midnight, none across a month's end.
		for (let i = 1; i < windows.length; i++) {
			expect(Date.parse(windows[i].from) % DAY).toBe(0);
			expect(windows[i].from.slice(0, 7)).toBe(windows[i].to.slice(0, 7));
		}
		// The probe: one day, every page of it asked before any other slice's first request.
		expect(Date.parse(windows[0].to) - Date.parse(windows[0].from)).toBe(DAY - 1);
		const sent = fx.apiRequests().filter((r) => r.path === PATH);
		const firstOther = sent.findIndex((r) => r.query.FromDateTime[0] !== from);
		expect(sent.slice(firstOther).every((r) => r.query.FromDateTime[0] !== from)).toBe(true);
		// Output order: slice after slice (work dates never go back across a window's end), each page
		// naming its month.
		const windowOf = (workDate: string) => {
			const ms = Date.parse(`${workDate}T00:00:00Z`);
			return windows.findIndex((w) => ms >= Date.parse(w.from) && ms <= Date.parse(w.to));
		};
		const order = run.pages.flatMap((p) => p.dates).map(windowOf);
		expect(order.every((w) => w >= 0)).toBe(true);
		for (let i = 1; i < order.length; i++) expect(order[i]).toBeGreaterThanOrEqual(order[i - 1]);
		for (const page of run.pages)
			for (const date of page.dates) {
				const w = windows[windowOf(date)];
				expect(page.partitionFrom.slice(0, 7)).toBe(w.from.slice(0, 7));
			}
		// Numbered as one stream: pages 1..n, hasMore on all but the last.
		expect(run.pages.map((p) => p.pageNumber)).toEqual(run.pages.map((_, i) => i + 1));
		expect(run.pages.map((p) => p.hasMore)).toEqual(
			run.pages.map((_, i) => i < run.pages.length - 1),
		);
	});

	it('an empty stretch before the data and one day far busier than the rest: each record once, that day one slice', async () => {
		const { first, last } = span();
		const busy = iso(first + Math.floor((last - first) / DAY / 2) * DAY).slice(0, 10);
		for (let i = 0; i < 700; i++) data().addTimeRegistration({ workDate: busy });
		// From the first day of a month, so the first partition is a whole month whatever day
		// the data ends on (from a month's last day the first partition would be that one day).
		const early = new Date(first - 40 * DAY);
		const from = iso(Date.UTC(early.getUTCFullYear(), early.getUTCMonth(), 1));
		const to = iso(last + 3 * DAY);
		const { windows } = await readChained(fx, from, to, 4, 2);
		// Before the data the slices widen: a one-day probe, then two days each for the streams that
		// started on it, wider as empty ones finish, up to a week: far fewer than one request a day
		// (the stretch is 40 to 71 days, by the date the data ends on).
		const widths = windows.map((w) =>
			Math.round((Date.parse(w.to) + 1 - Date.parse(w.from)) / DAY),
		);
		expect(widths.slice(0, 2)).toEqual([1, 2]);
		const beforeData = windows.filter((w) => Date.parse(w.to) < first);
		const emptyDays = (first - Date.parse(from)) / DAY;
		expect(beforeData.length).toBeLessThan(emptyDays / 2);
		const emptyWidths = widths.slice(0, beforeData.length);
		expect(Math.max(...emptyWidths)).toBeGreaterThan(2);
		// A week, or a partition's rest of less than half a week with it.
		expect(Math.max(...emptyWidths)).toBeLessThanOrEqual(10);
		const busyMs = Date.parse(`${busy}T00:00:00Z`);
		const holding = windows.filter(
			(w) => Date.parse(w.from) <= busyMs && busyMs <= Date.parse(w.to),
		);
		expect(holding).toHaveLength(1);
		const busyPages = fx
			.apiRequests()
			.filter((r) => r.path === PATH && r.query.FromDateTime[0] === holding[0].from);
		expect(busyPages.length).toBeGreaterThanOrEqual(7);
	});
});

interface ReadPage {
	pageNumber: number;
	hasMore: boolean;
	partitionFrom: string;
	ids: string[];
	dates: string[];
}

/**
 * Inside n8n's engine: one stream over the window (to learn its records and bytes per day), then
 * the same window partitioned with a read-ahead budget of `budgetDays` days of pages per stream.
 */
async function read(
	fx: Fixture,
	window: { FromDateTime: string; ToDateTime: string },
	by: 'month' | 'week',
	parallel: number,
	budgetDays: number,
): Promise<{ single: string[]; pages: ReadPage[] }> {
	const reader = standInNode('Slice reader', 'sliceReader', {
		async execute(this: IExecuteFunctions) {
			const qs = { ...window, ChunkLimit: 100 };
			const single: string[] = [];
			let bytes = 0;
			for await (const page of pageStream.call(this, { path: PATH, qs })) {
				single.push(...page.decoded.records.map((r) => r.id as string));
				bytes += page.bytes ?? 0;
			}
			fx.mark();
			const days = (Date.parse(window.ToDateTime) - Date.parse(window.FromDateTime)) / DAY;
			const budgetBytes = Math.round((bytes / days) * budgetDays * parallel);
			const pages: ReadPage[] = [];
			for await (const page of pageStream.call(this, {
				path: PATH,
				qs,
				partitioning: { by, parallel, budgetBytes },
			}))
				pages.push({
					pageNumber: page.pageNumber,
					hasMore: page.hasMore,
					partitionFrom: page.partition!.from!,
					ids: page.decoded.records.map((r) => r.id as string),
					dates: page.decoded.records.map((r) => r.workDate as string),
				});
			return [[{ json: { single, pages } as never }]];
		},
	});
	const result = await executeStandIn(fx.credentials, reader);
	expect(result.error).toBeUndefined();
	return jsonOf(result)[0] as unknown as { single: string[]; pages: ReadPage[] };
}

/**
 * Reads [from, to] by month in slices and checks what every run must hold: each record of one
 * stream once, and windows chained 1 ms apart from From to To Date Time.
 */
async function readChained(
	fx: Fixture,
	from: string,
	to: string,
	parallel: number,
	budgetDays: number,
) {
	fx.mark();
	const run = await read(fx, { FromDateTime: from, ToDateTime: to }, 'month', parallel, budgetDays);
	const ids = run.pages.flatMap((p) => p.ids);
	expect(ids).toHaveLength(run.single.length);
	expect(new Set(ids)).toEqual(new Set(run.single));
	const windows = requestedWindows(fx, PATH);
	expect(windows[0].from).toBe(from);
	expect(windows.at(-1)!.to).toBe(to);
	for (let i = 1; i < windows.length; i++)
		expect(Date.parse(windows[i].from) - Date.parse(windows[i - 1].to)).toBe(1);
	return { run, windows };
}
