import { planPartitions } from '../../../../nodes/Workforce/resources/dataExtraction/partitions/plan';
import { RequestGate } from '../../../../nodes/Workforce/resources/dataExtraction/partitions/requestGate';
import {
	SlicePlanner,
	type Slice,
} from '../../../../nodes/Workforce/resources/dataExtraction/partitions/slices';

const DAY = 86_400_000;
const MB = 1024 * 1024;

/**
 * How the scheduler cuts the user's partitions into the windows it requests: whole UTC days, the
 * first one a probe the others wait for, then as many days as the bytes per day seen so far fit
 * into the target; chained 1 ms apart, each partition's last slice keeping the partition's end.
 */
describe('SlicePlanner', () => {
	const month = (from: string, to: string, by: 'month' | 'week' | 'day' = 'month') =>
		planPartitions({ FromDateTime: from, ToDateTime: to, ChunkLimit: 100 }, { by }, 0)!;
	/** Hands out slices, finishing each at `bytesPerDay` as soon as it is cut. */
	const drain = (planner: SlicePlanner, bytesPerDay: (slice: Slice) => number) => {
		const slices: Slice[] = [];
		for (let slice = planner.next(); slice; slice = planner.next()) {
			slices.push(slice);
			const days = (slice.endMs - slice.startMs) / DAY;
			const bytes = bytesPerDay(slice) * days;
			planner.finished(slice, bytes, bytes > 0 ? 1 : 0);
		}
		expect(planner.exhausted).toBe(true);
		return slices;
	};
	const expectChained = (slices: Slice[], from: string, to: string) => {
		expect(slices[0].qs.FromDateTime).toBe(from);
		expect(slices.at(-1)!.qs.ToDateTime).toBe(to);
		for (let i = 1; i < slices.length; i++)
			expect(
				Date.parse(slices[i].qs.FromDateTime as string) -
					Date.parse(slices[i - 1].qs.ToDateTime as string),
			).toBe(1);
		slices.forEach((slice, index) => expect(slice.index).toBe(index));
		expect(slices.map((s) => s.final)).toEqual(slices.map((_, i) => i === slices.length - 1));
	};

	it('a month: one probe day, the others wait for it, then slices of whole days sized to the target', () => {
		const partitions = month('2026-01-01T00:00:00Z', '2026-02-28T23:59:59.999Z');
		const planner = new SlicePlanner(partitions, 16 * MB);
		const probe = planner.next()!;
		expect(probe.qs).toEqual({
			FromDateTime: '2026-01-01T00:00:00Z',
			ToDateTime: '2026-01-01T23:59:59.999Z',
			ChunkLimit: 100,
		});
		// Nothing known yet: no second slice until the probe is read.
		expect(planner.next()).toBeUndefined();
		expect(planner.exhausted).toBe(false);
		// 4 MB a day: four days a slice.
		planner.finished(probe, 4 * MB, 2500);
		const slices = [probe, ...drain(planner, () => 4 * MB)];
		expectChained(slices, '2026-01-01T00:00:00Z', '2026-02-28T23:59:59.999Z');
		expect(slices.slice(1, 4).map((s) => (s.endMs - s.startMs) / DAY)).toEqual([4, 4, 4]);
		// Every cut a midnight, none across the month's end; the pages name their month.
		for (const slice of slices) {
			expect(slice.startMs % DAY).toBe(0);
			expect(slice.endMs % DAY).toBe(0);
			expect(slice.endMs - slice.startMs).toBeLessThanOrEqual(6 * DAY);
		}
		expect(slices.filter((s) => s.partition.index === 0).at(-1)!.qs.ToDateTime).toBe(
			'2026-01-31T23:59:59.999Z',
		);
		expect(new Set(slices.map((s) => s.partition.index))).toEqual(new Set([0, 1]));
		// January after the probe: 30 days in 4-day slices and the 2 left over (half a slice or more
		// is a slice of its own); February: 28 days, the last 4 + 0.
		const widths = (index: number) =>
			slices.filter((s) => s.partition.index === index).map((s) => (s.endMs - s.startMs) / DAY);
		expect(widths(0)).toEqual([1, 4, 4, 4, 4, 4, 4, 4, 2]);
		expect(widths(1)).toEqual([4, 4, 4, 4, 4, 4, 4]);
	});

	it('cuts for the streams that can run, asked at each cut: fewer streams, wider slices; those cut before stay', () => {
		const partitions = month('2026-01-01T00:00:00Z', '2026-01-31T23:59:59.999Z');
		let streams = 8;
		const planner = new SlicePlanner(partitions, 32 * MB, () => streams);
		const probe = planner.next()!;
		// 1 MB a day: 4 days a slice for 8 streams.
		planner.finished(probe, 1 * MB, 2500);
		const early = [planner.next()!, planner.next()!];
		// The request gate learned 4 (a 429 or 503): 8 days a slice from now on.
		streams = 4;
		const later = [planner.next()!, planner.next()!];
		const days = (s: Slice) => (s.endMs - s.startMs) / DAY;
		expect([probe, ...early, ...later].map(days)).toEqual([1, 4, 4, 8, 8]);
	});

	it('Day partitions are never cut and nobody waits: one slice each, the partition itself', () => {
		const partitions = month('2026-03-01T00:00:00Z', '2026-03-05T12:00:00Z', 'day');
		const planner = new SlicePlanner(partitions, 1);
		const slices: Slice[] = [];
		for (let slice = planner.next(); slice; slice = planner.next()) slices.push(slice);
		expect(slices.map((s) => s.qs)).toEqual(partitions.map((p) => p.qs));
		expect(slices.at(-1)!.qs.ToDateTime).toBe('2026-03-05T12:00:00Z');
	});

	it('empty slices: the width doubles while nothing was found, then follows the data', () => {
		const partitions = month('2026-01-01T00:00:00Z', '2026-03-31T23:59:59.999Z');
		const dataFrom = Date.parse('2026-02-10T00:00:00Z');
		const slices = drain(new SlicePlanner(partitions, 8 * MB), (s) =>
			s.endMs > dataFrom ? 4 * MB : 0,
		);
		expectChained(slices, '2026-01-01T00:00:00Z', '2026-03-31T23:59:59.999Z');
		const widths = slices.map((s) => (s.endMs - s.startMs) / DAY);
		// January empty: 1, 2, 4 days, then a week at most while nothing was found (the 3 days
		// after the last whole week join it); February's second week finds the data.
		expect(widths.slice(0, 7)).toEqual([1, 2, 4, 7, 7, 10, 7]);
		// In March the data's density is known: two-day slices.
		const march = slices.filter((s) => s.partition.index === 2);
		expect(march.slice(0, -1).every((s) => s.endMs - s.startMs === 2 * DAY)).toBe(true);
	});

	it('months without data before it: no slice cut before the density is known is much wider than a week', () => {
		// As the benchmarks' year: two empty months, then 4 MB a day; four streams, each slice
		// finished in the order it was cut, the next cut as soon as one finishes.
		const partitions = month('2025-10-01T00:00:00Z', '2026-03-31T23:59:59.999Z');
		const planner = new SlicePlanner(partitions, 16 * MB);
		const dataFrom = Date.parse('2025-12-01T00:00:00Z');
		const reading: Array<Slice & { blind: boolean }> = [];
		const cut: Array<Slice & { blind: boolean }> = [];
		let known = false;
		const fill = () => {
			for (
				let slice = planner.next();
				slice;
				slice = reading.length < 3 ? planner.next() : undefined
			) {
				reading.push({ ...slice, blind: !known });
				cut.push(reading.at(-1)!);
			}
		};
		fill();
		while (reading.length > 0) {
			const slice = reading.shift()!;
			const bytes = (4 * MB * Math.max(0, slice.endMs - Math.max(slice.startMs, dataFrom))) / DAY;
			planner.finished(slice, bytes, bytes > 0 ? 1 : 0);
			known ||= bytes > 0;
			fill();
		}
		expectChained(cut, '2025-10-01T00:00:00Z', '2026-03-31T23:59:59.999Z');
		const blindWithData = cut.filter((s) => s.blind && s.endMs > dataFrom);
		expect(blindWithData.length).toBeGreaterThan(0);
		// Before, the widths doubled on: December went out as 16 and 15 days and January whole,
		// 60 to 120 MB each, one stream's pages while the others' read-ahead waited on the budget.
		// A week, or a partition's rest of less than half a week with it.
		for (const slice of blindWithData)
			expect(slice.endMs - slice.startMs).toBeLessThanOrEqual(10 * DAY);
		// Once known: four-day slices.
		expect(
			cut
				.filter((s) => !s.blind && s.partition.index === 4)
				.map((s) => (s.endMs - s.startMs) / DAY),
		).toContain(4);
	});

	it('2 of 8 (the gate cut to 2): slices for 3 lanes, sized by the data past its edge, none over a share and a half of the budget', async () => {
		// As the benchmarks' year: a month without data, then 4 MB a working day from a Wednesday;
		// 8 Parallel Requests, the service refusing above 2 (the gate learns it before the data).
		const partitions = month('2025-11-01T00:00:00Z', '2026-02-28T23:59:59.999Z');
		const gate = new RequestGate(8);
		const slots = await Promise.all(Array.from({ length: 3 }, () => gate.acquire()));
		slots[2].pushedBack();
		slots.forEach((slot) => slot.release());
		const planner = new SlicePlanner(partitions, 48 * MB, () => gate.allowed);
		const dataFrom = Date.parse('2025-12-03T00:00:00Z');
		const working = (ms: number) => ms >= dataFrom && ![0, 6].includes(new Date(ms).getUTCDay());
		const bytesOf = (s: Slice) => {
			let bytes = 0;
			for (let day = s.startMs; day < s.endMs; day += DAY) bytes += working(day) ? 4 * MB : 0;
			return bytes;
		};
		const slices = drain(planner, (s) => (bytesOf(s) * DAY) / (s.endMs - s.startMs));
		expectChained(slices, '2025-11-01T00:00:00Z', '2026-02-28T23:59:59.999Z');
		// Cut for 3 lanes: 2 reading, and one waiting that reads ahead while the head waits on the sink.
		const share = (48 * MB) / 3;
		// The first slice with data (December 1 to 7) holds its last days only: counted, it thinned
		// the density and the next slice held 40 MB; cut for 2 lanes, February's last held 36 MB.
		// (Bench limit2of8, Month: slices of 15 days, 56 MB against a budget of 64.)
		const known = slices.filter((s) => s.startMs >= Date.parse('2025-12-15T00:00:00Z'));
		expect(known.length).toBeGreaterThanOrEqual(15);
		for (const slice of known) expect(bytesOf(slice)).toBeLessThanOrEqual(1.5 * share);
	});

	it('one day far larger than the target is one slice: never less than a day', () => {
		const partitions = month('2026-01-01T00:00:00Z', '2026-01-10T23:59:59.999Z');
		const slices = drain(new SlicePlanner(partitions, 1 * MB), () => 500 * MB);
		expect(slices).toHaveLength(10);
		expect(slices.every((s) => s.endMs - s.startMs === DAY)).toBe(true);
		expectChained(slices, '2026-01-01T00:00:00Z', '2026-01-10T23:59:59.999Z');
	});

	it('a window that starts and ends inside a day: the first cut is the next midnight, the last keeps To Date Time', () => {
		const partitions = month('2026-01-01T06:30:00Z', '2026-01-04T18:00:00Z');
		const slices = drain(new SlicePlanner(partitions, 1), () => 1000);
		expect(slices.map((s) => [s.qs.FromDateTime, s.qs.ToDateTime])).toEqual([
			['2026-01-01T06:30:00Z', '2026-01-01T23:59:59.999Z'],
			['2026-01-02T00:00:00Z', '2026-01-02T23:59:59.999Z'],
			['2026-01-03T00:00:00Z', '2026-01-03T23:59:59.999Z'],
			['2026-01-04T00:00:00Z', '2026-01-04T18:00:00Z'],
		]);
		// Less than half a day left over joins the slice before it.
		const merged = drain(
			new SlicePlanner(month('2026-01-01T00:00:00Z', '2026-01-03T06:00:00Z'), 1),
			() => 1000,
		);
		expect(merged.map((s) => [s.qs.FromDateTime, s.qs.ToDateTime])).toEqual([
			['2026-01-01T00:00:00Z', '2026-01-01T23:59:59.999Z'],
			['2026-01-02T00:00:00Z', '2026-01-03T06:00:00Z'],
		]);
	});

	it('incremental: ModifiedSince/ModifiedBefore chained, the open last partition stays open', () => {
		const now = Date.parse('2026-01-20T00:00:00Z');
		const partitions = planPartitions(
			{ ModifiedSince: '2026-01-01T00:00:00Z' },
			{ by: 'month' },
			now,
		)!;
		const slices = drain(new SlicePlanner(partitions, 10), () => 10);
		expect(slices.length).toBeGreaterThan(2);
		for (let i = 1; i < slices.length; i++)
			expect(slices[i].qs.ModifiedSince).toBe(slices[i - 1].qs.ModifiedBefore);
		expect(slices[0].qs.ModifiedSince).toBe('2026-01-01T00:00:00Z');
		expect(slices.at(-1)!.qs).not.toHaveProperty('ModifiedBefore');
		expect(slices.every((s) => s.qs.FromDateTime === undefined)).toBe(true);
	});
});
