import type { IDataObject } from 'n8n-workflow';

import { planPartitions } from '../../../nodes/Workforce/resources/dataExtraction/partitions/plan';
import { Workforce } from '../../../nodes/Workforce/Workforce.node';
import { executeNode, jsonOf } from '../../harness/execute';
import { useEmulator } from '../../support/emulatorFixture';

const DAY = 86_400_000;
const OSLO = 'Europe/Oslo';
const LOS_ANGELES = 'America/Los_Angeles';

/**
 * Data Extraction > Plan Windows (node version 2): a long range as one item per week or month,
 * exactly the partitions Partition By cuts the same range into, each with the From/To the
 * extraction operations take. No request: the windows are arithmetic on the range.
 */
describe('Data Extraction: Plan Windows', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 3000, pageSize: 500 } });
	const base = { resource: 'dataExtraction', operation: 'planWindows' };

	const plan = (parameters: Record<string, unknown>, timezone?: string, items?: IDataObject[]) =>
		executeNode({
			credentials: fx.credentials,
			parameters: { ...base, ...parameters },
			settings: { typeVersion: 2 },
			timezone,
			...(items ? { items: items.map((json) => ({ json })) } : {}),
		});

	/** `ms` as ISO 8601 with `offsetHours` (what the window's from/to say in n8n's zone). */
	const withOffset = (ms: number, offsetHours: number) =>
		`${new Date(ms + offsetHours * 3_600_000).toISOString().slice(0, -1)}${offsetHours < 0 ? '-' : '+'}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`;

	it('a year by week in Oslo: Mondays 00:00 UTC between the range ends, written in Oslo time on both sides of each clock change', async () => {
		// 2026 in Oslo: 2025-12-31T23:00Z to 2026-12-31T22:59:59.999Z. Clocks go forward on
		// 2026-03-29 (UTC+1 -> +2) and back on 2026-10-25.
		const start = Date.parse('2025-12-31T23:00:00Z');
		const end = Date.parse('2026-12-31T23:00:00Z');
		const result = await plan(
			{
				fromDateTime: '2026-01-01T00:00:00',
				toDateTime: '2026-12-31T23:59:59.999',
				window: 'week',
			},
			OSLO,
		);
		expect(result.error).toBeUndefined();
		const windows = jsonOf(result);
		// Mondays from 2026-01-05 to 2026-12-28: 52 boundaries, so 53 windows.
		const firstMonday = Date.parse('2026-01-05T00:00:00Z');
		const mondays = Array.from({ length: 52 }, (_, i) => firstMonday + i * 7 * DAY);
		const cuts = [start, ...mondays, end];
		expect(windows).toHaveLength(53);
		windows.forEach((w, i) => {
			const [from, next] = [cuts[i], cuts[i + 1]];
			const offset = (ms: number) =>
				ms >= Date.parse('2026-03-29T01:00:00Z') && ms < Date.parse('2026-10-25T01:00:00Z') ? 2 : 1;
			expect(w).toEqual({
				index: i,
				count: 53,
				fromDateTime: new Date(from).toISOString().replace('.000Z', 'Z'),
				toDateTime: new Date(next - 1).toISOString(),
				from: withOffset(from, offset(from)),
				to: withOffset(next - 1, offset(next - 1)),
			});
		});
		// The week of the spring change: it starts in winter time and ends in summer time.
		expect(windows[12]).toMatchObject({
			fromDateTime: '2026-03-23T00:00:00Z',
			from: '2026-03-23T01:00:00.000+01:00',
			to: '2026-03-30T01:59:59.999+02:00',
		});
		expect(windows[0].from).toBe('2026-01-01T00:00:00.000+01:00');
		expect(windows[52].to).toBe('2026-12-31T23:59:59.999+01:00');
		expect(fx.apiRequests()).toHaveLength(0);
	});

	it('months in Los Angeles are the calendar months of UTC, read from a range typed in Los Angeles time', async () => {
		// 2026-02-15 00:00 in Los Angeles is 08:00 UTC (PST); 2026-05-15 00:00 is 07:00 UTC (PDT,
		// from 2026-03-08).
		const result = await plan(
			{ fromDateTime: '2026-02-15T00:00:00', toDateTime: '2026-05-15T00:00:00', window: 'month' },
			LOS_ANGELES,
		);
		expect(jsonOf(result)).toEqual([
			{
				index: 0,
				count: 4,
				fromDateTime: '2026-02-15T08:00:00Z',
				toDateTime: '2026-02-28T23:59:59.999Z',
				from: '2026-02-15T00:00:00.000-08:00',
				to: '2026-02-28T15:59:59.999-08:00',
			},
			{
				index: 1,
				count: 4,
				fromDateTime: '2026-03-01T00:00:00Z',
				toDateTime: '2026-03-31T23:59:59.999Z',
				from: '2026-02-28T16:00:00.000-08:00',
				to: '2026-03-31T16:59:59.999-07:00',
			},
			{
				index: 2,
				count: 4,
				fromDateTime: '2026-04-01T00:00:00Z',
				toDateTime: '2026-04-30T23:59:59.999Z',
				from: '2026-03-31T17:00:00.000-07:00',
				to: '2026-04-30T16:59:59.999-07:00',
			},
			{
				index: 3,
				count: 4,
				fromDateTime: '2026-05-01T00:00:00Z',
				toDateTime: '2026-05-15T07:00:00Z',
				from: '2026-04-30T17:00:00.000-07:00',
				to: '2026-05-15T00:00:00.000-07:00',
			},
		]);
	});

	it.each(['day', 'week', 'month'])(
		'by %s the windows are exactly the partitions Partition By plans for the same range',
		async (window) => {
			const range = {
				FromDateTime: '2025-11-12T13:14:15Z',
				ToDateTime: '2026-11-12T13:14:14.999Z',
			};
			const result = await plan(
				{ fromDateTime: range.FromDateTime, toDateTime: range.ToDateTime, window },
				OSLO,
			);
			const partitions = planPartitions(range, { by: window as 'day' | 'week' | 'month' }, 0);
			expect(
				jsonOf(result).map((w) => ({ from: w.fromDateTime, to: w.toDateTime, count: w.count })),
			).toEqual(
				partitions.map(({ partition }) => ({
					from: partition.from,
					to: partition.to,
					count: partition.count,
				})),
			);
		},
	);

	it('read window by window with Get Time Registrations, the windows give every record of the range once, as one read of the range does', async () => {
		const data = fx.emulator.ctx.sections.workData.data;
		const first = String(data.timeRegistration(0).workDate);
		const last = String(data.timeRegistration(data.count - 1).workDate);
		const range = { fromDateTime: `${first}T00:00:00Z`, toDateTime: `${last}T23:59:59.999Z` };
		const windows = jsonOf(await plan({ ...range, window: 'week' }, OSLO));
		expect(windows.length).toBeGreaterThan(3);
		const read = async (from: unknown, to: unknown) =>
			jsonOf(
				await executeNode({
					credentials: fx.credentials,
					parameters: {
						resource: 'dataExtraction',
						operation: 'getTimeRegistrations',
						returnAll: true,
						fromDateTime: from,
						toDateTime: to,
					},
					settings: { typeVersion: 2 },
					timezone: OSLO,
				}),
			).map((r) => String(r.id));
		const byWindow: string[] = [];
		// Each way the window is written reads the same records: UTC as sent, or with the offset.
		for (const w of windows) {
			const ids = await read(w.fromDateTime, w.toDateTime);
			expect(await read(w.from, w.to)).toEqual(ids);
			byWindow.push(...ids);
		}
		const whole = await read(range.fromDateTime, range.toDateTime);
		expect(whole).toHaveLength(data.count);
		expect(byWindow).toEqual(whole);
	});

	it('one plan per input item, each window paired with the item it came from', async () => {
		const result = await plan(
			{ fromDateTime: '={{ $json.from }}', toDateTime: '={{ $json.to }}', window: 'month' },
			undefined,
			[
				{ from: '2026-01-01T00:00:00Z', to: '2026-02-28T23:59:59.999Z' },
				{ from: '2026-06-01T00:00:00Z', to: '2026-06-30T23:59:59.999Z' },
			],
		);
		expect(result.items.map((i) => [i.json.fromDateTime, i.json.count, i.pairedItem])).toEqual([
			['2026-01-01T00:00:00Z', 2, { item: 0 }],
			['2026-02-01T00:00:00Z', 2, { item: 0 }],
			['2026-06-01T00:00:00Z', 1, { item: 1 }],
		]);
		// n8n's time zone is the instance's, UTC: the offset says so.
		expect(result.items[0].json.from).toBe('2026-01-01T00:00:00.000+00:00');
	});

	it.each([
		[
			'From Date Time empty',
			// An expression that yields nothing (n8n itself refuses a required field left empty).
			{ fromDateTime: '={{ "" }}', toDateTime: '2026-12-31T23:59:59Z' },
			'From Date Time is empty',
			/set From Date Time and To Date Time/,
		],
		[
			'To Date Time empty',
			{ fromDateTime: '2026-01-01T00:00:00Z', toDateTime: '={{ $json.missing }}' },
			'To Date Time is empty',
			/set From Date Time and To Date Time/,
		],
		[
			'a reversed range',
			{ fromDateTime: '2026-02-01T00:00:00Z', toDateTime: '2026-01-31T00:00:00Z' },
			'To Date Time must be later than From Date Time',
			/2026-02-01T00:00:00Z to 2026-01-31T00:00:00Z holds no window/,
		],
		[
			'an empty range (one instant)',
			{ fromDateTime: '2026-02-01T00:00:00Z', toDateTime: '2026-02-01T00:00:00Z' },
			'To Date Time must be later than From Date Time',
			/Set To Date Time to the end of the range/,
		],
		[
			'a date that is not one',
			{ fromDateTime: '01.02.2026', toDateTime: '2026-12-31T00:00:00Z' },
			'From Date Time is not a date-time: "01.02.2026"',
			/ISO 8601/,
		],
		[
			'more windows than a plan may have',
			{ fromDateTime: '2000-01-01T00:00:00Z', toDateTime: '2026-01-01T00:00:00Z' },
			'The range makes 1358 windows, more than 1000',
			/Choose a longer Window \(Week or Month\), or plan a shorter range/,
		],
	])(
		'%s is refused, naming the field and the fix, before any request',
		async (_, range, message, fix) => {
			const result = await plan({ ...range, window: 'week' }, OSLO);
			expect(result.error).toMatchObject({ name: 'NodeOperationError', message });
			expect((result.error as { description?: string }).description).toMatch(fix);
			expect(fx.apiRequests()).toHaveLength(0);
		},
	);

	it('is an operation of node version 2 only: saved version 1 workflows see the operations they had', () => {
		const selectors = new Workforce().description.properties.filter(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes('dataExtraction'),
		);
		const byVersion = selectors.map((p) => ({
			version: JSON.stringify(p.displayOptions?.show?.['@version']),
			operations: (p.options as Array<{ value: string }>).map((o) => o.value),
		}));
		const version1 = [
			...['getImages', 'getPayrollLines', 'getPayrollLinesExtended'],
			...['getRecords', 'getTimeRegistrations'],
		];
		expect(byVersion).toEqual([
			{ version: JSON.stringify([{ _cnd: { lt: 2 } }]), operations: version1 },
			{
				version: JSON.stringify([{ _cnd: { gte: 2 } }]),
				operations: [...version1, 'planWindows'],
			},
		]);
	});
});
