import { executeNode, jsonOf } from '../../../harness/execute';
import { useEmulator } from '../../../support/emulatorFixture';
import { ndjsonRecords } from '../../../support/fileOutput';
import { iso, requestedWindows } from '../../../support/partitionWindows';

const DAY = 86_400_000;
const PATH = '/v1/time-registrations';

/**
 * Partition By: the window read as partitions side by side, output as one stream would give it.
 * Every record exactly once across partitions and boundaries (time registrations are dated at
 * 00:00 UTC, so with Day partitions every record sits on a boundary), order kept, each partition
 * a clipped window, and the checks made before any request.
 */
describe('Data Extraction: partitions (full load)', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 3000, pageSize: 200 } });
	const data = () => fx.emulator.ctx.sections.workData.data;
	const base = { resource: 'dataExtraction', operation: 'getTimeRegistrations', returnAll: true };
	const window = () => {
		const days = Array.from({ length: data().count }, (_, i) =>
			Date.parse(`${data().timeRegistration(i).workDate as string}T00:00:00Z`),
		);
		const first = Math.min(...days);
		const last = Math.max(...days);
		return { from: iso(first), to: iso(last), first, last };
	};

	const run = async (options: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
		const { from, to } = window();
		fx.mark();
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, fromDateTime: from, toDateTime: to, options, ...extra },
		});
		expect(result.error).toBeUndefined();
		return jsonOf(result);
	};

	it.each([
		['day', {}],
		['week', {}],
		['month', {}],
		['parts', { partitionCount: 7 }],
	])(
		'Partition By %s: the same records as one stream, each exactly once, partition after partition',
		async (by, more) => {
			const single = await run({});
			const singleIds = single.map((r) => r.id as string);
			expect(new Set(singleIds).size).toBe(singleIds.length);
			const parted = await run({ partitionBy: by, parallelRequests: 3, ...more, chunkLimit: 200 });
			const ids = parted.map((r) => r.id as string);
			expect(ids).toHaveLength(singleIds.length);
			expect(new Set(ids)).toEqual(new Set(singleIds));
			// One request window per partition, chained: each ends 1 ms before the next begins, the last at To Date Time.
			const windows = requestedWindows(fx, PATH);
			expect(windows.length).toBeGreaterThan(1);
			expect(windows[0].from).toBe(window().from);
			expect(windows.at(-1)!.to).toBe(window().to);
			for (let i = 1; i < windows.length; i++)
				expect(Date.parse(windows[i].from) - Date.parse(windows[i - 1].to)).toBe(1);
			// Output order: partition by partition, so work dates never go back across a partition's end.
			const partitionOf = (r: Record<string, unknown>) => {
				const ms = Date.parse(`${r.workDate as string}T00:00:00Z`);
				return windows.findIndex((w) => ms >= Date.parse(w.from) && ms <= Date.parse(w.to));
			};
			const order = parted.map(partitionOf);
			expect(order.every((p) => p >= 0)).toBe(true);
			for (let i = 1; i < order.length; i++) expect(order[i]).toBeGreaterThanOrEqual(order[i - 1]);
			// Within a partition, the order of that partition's own stream.
			const firstWindow = windows[0];
			const alone = single
				.filter((r) => partitionOf(r) === 0)
				.map((r) => r.id as string)
				.sort();
			expect(
				parted
					.filter((r) => partitionOf(r) === 0)
					.map((r) => r.id as string)
					.sort(),
			).toEqual(alone);
			expect(firstWindow).toBeDefined();
		},
	);

	it('empty partitions (days without registrations) and one partition far larger than the others: still each record once', async () => {
		const { first, last } = window();
		// Many registrations on one day in the middle make that day's partition many pages long.
		const busy = iso(first + Math.floor((last - first) / DAY / 2) * DAY).slice(0, 10);
		for (let i = 0; i < 900; i++) data().addTimeRegistration({ workDate: busy });
		// A window reaching days before and after the data: those partitions are empty.
		fx.mark();
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: {
				...base,
				fromDateTime: iso(first - 5 * DAY),
				toDateTime: iso(last + 5 * DAY),
				options: { partitionBy: 'day', parallelRequests: 4, chunkLimit: 100 },
			},
		});
		expect(result.error).toBeUndefined();
		const ids = jsonOf(result).map((r) => r.id as string);
		expect(ids).toHaveLength(data().count);
		expect(new Set(ids).size).toBe(ids.length);
		const onBusy = jsonOf(result).filter((r) => r.workDate === busy).length;
		expect(onBusy).toBeGreaterThanOrEqual(900);
	});

	it('a Limit still stops early: no partition past the one that filled it is read to its end', async () => {
		const items = await run(
			{ partitionBy: 'day', parallelRequests: 2 },
			{ returnAll: false, limit: 30 },
		);
		expect(items).toHaveLength(30);
		// The Limit asked pages of 30; the first partitions only, not every day of the window.
		expect(requestedWindows(fx, PATH).length).toBeLessThan(10);
	});

	it('File output (NDJSON): the same records in the same order as items', async () => {
		const items = await run({ partitionBy: 'week', parallelRequests: 3, chunkLimit: 250 });
		const { from, to } = window();
		fx.mark();
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: {
				...base,
				fromDateTime: from,
				toDateTime: to,
				output: 'file',
				options: { partitionBy: 'week', parallelRequests: 3, chunkLimit: 250 },
			},
		});
		expect(result.error).toBeUndefined();
		const gzip = result.items![0].binary!.data.mimeType === 'application/gzip';
		const lines = (await ndjsonRecords(result.items![0], gzip)).map((r) => r.id);
		expect(lines).toEqual(items.map((r) => r.id));
	});

	it('refused before any request, saying how to fix it: Partition By without a window, more than 1000 partitions', async () => {
		const description = (error: unknown) => (error as { description?: string }).description;
		const none = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, options: { partitionBy: 'day' } },
		});
		expect(none.error?.message).toBe('Partition By needs a date window');
		expect(description(none.error)).toBe(
			'Set From Date Time and To Date Time (a full load of a period), or Options > Modified Since (incremental), or set Partition By to None.',
		);
		const many = await executeNode({
			credentials: fx.credentials,
			parameters: {
				...base,
				fromDateTime: '2020-01-01T00:00:00Z',
				toDateTime: '2026-01-01T00:00:00Z',
				options: { partitionBy: 'day' },
			},
		});
		expect(many.error?.message).toMatch(/Partition By makes 2193 partitions, more than 1000/);
		expect(description(many.error)).toBe(
			'Choose a longer partition (Week or Month) or fewer Equal Parts, or shorten the window.',
		);
		expect(fx.apiRequests()).toHaveLength(0);
	});
});

describe('Data Extraction: partitions (incremental)', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 1200, pageSize: 200 } });
	const data = () => fx.emulator.ctx.sections.workData.data;

	it('changes and tombstones stamped exactly on partition boundaries are read once, in the partition that starts there', async () => {
		const latest = Math.max(...Array.from({ length: data().count }, (_, i) => data().modified[i]));
		const t0 = (Math.floor(latest / DAY) + 2) * DAY;
		const id = (i: number) => data().timeRegistrationId(i);
		// Three changes sharing the instant of the day-1 boundary, two deletions on the day-2 boundary,
		// 600 changes one ms apart inside day 3 (a partition far larger), nothing on days 0 and 4.
		for (const i of [1, 2, 3]) data().changeTimeRegistration(id(i), { hours: 4 }, t0 + DAY);
		for (const i of [10, 11]) data().deleteTimeRegistration(id(i), t0 + 2 * DAY);
		for (let i = 100; i < 700; i++)
			data().changeTimeRegistration(id(i), { hours: 5 }, t0 + 3 * DAY + i);
		const expected = [1, 2, 3, 10, 11, ...Array.from({ length: 600 }, (_, k) => 100 + k)].map(id);
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: {
				resource: 'dataExtraction',
				operation: 'getTimeRegistrations',
				returnAll: true,
				options: {
					modifiedSince: iso(t0),
					modifiedBefore: iso(t0 + 5 * DAY),
					partitionBy: 'day',
					parallelRequests: 4,
					chunkLimit: 50,
				},
			},
		});
		expect(result.error).toBeUndefined();
		const items = jsonOf(result);
		// Oldest change first across partitions, as one stream gives them.
		expect(items.map((r) => r.id)).toEqual(expected);
		expect(items.filter((r) => r.isDeleted === true).map((r) => r.id)).toEqual([id(10), id(11)]);
		const sent = fx.apiRequests().filter((r) => r.path === PATH && !r.query.ContinuationToken);
		expect(sent.map((r) => [r.query.ModifiedSince[0], r.query.ModifiedBefore[0]])).toEqual(
			[0, 1, 2, 3, 4].map((d) => [iso(t0 + d * DAY), iso(t0 + (d + 1) * DAY)]),
		);
	});
});
