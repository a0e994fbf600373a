import { executeNode } from '../../harness/execute';
import { calendarAt, type CalendarAt } from '../../support/calendarAt';
import { useEmulator } from '../../support/emulatorFixture';
import { useFakeDate } from '../../support/fakeDate';
import { single } from '../../support/query';
import { dayNumber } from './dates';

/**
 * How version 2 reads its period (period.ts): Period's value, and the work dates, typed text (issue 44, point 1): n8n's date picker dropped a day typed
 * alone, kept a stale date typed over and set "now" on OK, so a run could export a period the
 * clerk never saw. Text is read exactly (yyyy-MM-dd, dd.MM.yyyy; an expression's ISO date-time or
 * DateTime as its day in n8n's zone) or refused by name before any request, in Get, Get Import
 * Lines and Get File alike. What depends on today is derived from the instant (Date stopped per
 * test), so the file passes at any WF_TEST_NOW.
 * Zones near midnight: test/support/zoneCases.ts; the calendar sweep: test/calendar/dateFields.test.ts.
 */
const v2 = { settings: { typeVersion: 2 } };
const OPERATIONS = ['get', 'getSummaryLines', 'getFile'];
/** The day `n` days before `day` (yyyy-MM-dd). */
const before = (day: string, n: number) =>
	new Date((dayNumber(day) - n) * 86_400_000).toISOString().slice(0, 10);
const range = (fromWorkDate: unknown, toWorkDate: unknown) => ({
	period: 'dateRange',
	fromWorkDate,
	toWorkDate,
});

describe('Payroll Export, version 2 work dates typed as text', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 300 } });
	useFakeDate();
	/** n8n's calendar in the zone these runs use. */
	const oslo = () => calendarAt(Date.now(), 'Europe/Oslo');

	const sent = async (
		operation: string,
		parameters: Record<string, unknown>,
		timezone?: string,
	) => {
		fx.mark();
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { resource: 'payrollExport', operation, ...parameters },
			timezone,
			...v2,
		});
		expect([operation, result.error?.message]).toEqual([operation, undefined]);
		const exports = fx.apiRequests().filter((r) => r.path.startsWith('/api/payroll-export'));
		expect(exports.length).toBeGreaterThan(0);
		// The export and its completeness check (All Data) ask for the same days.
		const queries = exports.map((r) => single(r.query));
		expect(new Set(queries.map((q) => `${q.fromWorkDate} ${q.toWorkDate}`)).size).toBe(1);
		return queries[0];
	};

	const october = () => ({ from: '2026-10-01', to: '2026-10-31' });
	const read: Array<[string, Record<string, unknown>, (c: CalendarAt) => Record<string, string>]> =
		[
			['yyyy-MM-dd', range('2026-10-01', '2026-10-31'), october],
			['dd.MM.yyyy', range('01.10.2026', '31.10.2026'), october],
			[
				'one of each, with spaces around',
				range(' 01.10.2026 ', '2026-10-15 '),
				() => ({ from: '2026-10-01', to: '2026-10-15' }),
			],
			[
				"a date-time without a zone (a saved picker value): its date, n8n's wall clock",
				range('2026-10-01T00:00:00', '2026-10-31 23:59'),
				october,
			],
			[
				"an instant with its zone: its day in n8n's zone (Oslo is an hour ahead in October)",
				range('2026-09-30T22:00:00Z', '2026-10-31T23:30:00+01:00'),
				october,
			],
			[
				"an expression's DateTime ($today and 40 days before): its day in n8n's zone",
				range('={{ $today.minus({ days: 40 }) }}', '={{ $today }}'),
				(c) => ({ from: before(c.today, 40), to: c.today }),
			],
			[
				"an expression's Date (toJSDate) and ISO text: their day in n8n's zone",
				range('={{ $today.startOf("month").toJSDate() }}', '={{ $now.toISO() }}'),
				(c) => c.thisMonth,
			],
		];

	it.each(read)('reads %s as that day', async (_name, parameters, expected) => {
		const { from, to } = expected(oslo());
		for (const operation of OPERATIONS)
			expect(await sent(operation, parameters, 'Europe/Oslo')).toMatchObject({
				fromWorkDate: from,
				toWorkDate: to,
			});
	});

	it('reads Modified Since Date the same way, typed or from an expression in the Filters', async () => {
		const query = async (modifiedSinceDate: string) =>
			(await sent('getSummaryLines', { filters: { modifiedSinceDate } }, 'Europe/Oslo'))
				.modifiedSinceDate;
		// Days within the year back the service allows, whatever the instant.
		const day = before(oslo().today, 5);
		expect(await query(day.split('-').reverse().join('.'))).toBe(day);
		expect(await query(day)).toBe(day);
		// n8n hands a DateTime inside a collection on as its ISO text with the offset.
		expect(await query('={{ $today.minus({ days: 3 }) }}')).toBe(before(oslo().today, 3));
		// 23:30 UTC is already the next day in Oslo, winter or summer.
		expect(await query(`${before(day, 1)}T23:30:00Z`)).toBe(day);
	});

	const refused: Array<[string, Record<string, unknown>, string, RegExp]> = [
		[
			'a day written with slashes (1 October or January 10?)',
			range('01/10/2026', '2026-10-31'),
			'From Work Date is ambiguous: "01/10/2026"',
			/day first or month first\. Type it as 2026-10-01 \(yyyy-MM-dd\) or 01\.10\.2026 \(dd\.MM\.yyyy\)\.$/,
		],
		[
			'a day-first date with dashes',
			range('2026-10-01', '31-10-2026'),
			'To Work Date is ambiguous: "31-10-2026"',
			/Type it as 2026-10-01 \(yyyy-MM-dd\) or 01\.10\.2026/,
		],
		[
			'a day the calendar does not have',
			range('2026-09-31', '2026-10-31'),
			'From Work Date is not a date: "2026-09-31"',
			/^Type the day as 2026-10-01 \(yyyy-MM-dd\) or 01\.10\.2026 \(dd\.MM\.yyyy\); an expression may also give an ISO date-time or a DateTime such as \{\{ \$today \}\}: its day in n8n's time zone, UTC\.$/,
		],
		[
			'the same in dd.MM.yyyy',
			range('01.10.2026', '31.11.2026'),
			'To Work Date is not a date: "31.11.2026"',
			/01\.10\.2026 \(dd\.MM\.yyyy\)/,
		],
		[
			'a day without its leading zero (not one of the two forms)',
			range('1.10.2026', '2026-10-31'),
			'From Work Date is not a date: "1.10.2026"',
			/Type the day as 2026-10-01/,
		],
		[
			'a month name',
			range('October 1 2026', '2026-10-31'),
			'From Work Date is not a date: "October 1 2026"',
			/Type the day as/,
		],
		[
			'a time the clock does not have',
			range('2026-10-01T24:30:00', '2026-10-31'),
			'From Work Date is not a date: "2026-10-01T24:30:00"',
			/Type the day as/,
		],
		[
			'a number from an expression',
			range('={{ 20261001 }}', '2026-10-31'),
			'From Work Date is not a date: "20261001"',
			/Type the day as/,
		],
		[
			'a Date Range without dates',
			{ period: 'dateRange' },
			'From Work Date is empty',
			/^With Period Date Range, type the first work date as 2026-10-01 \(yyyy-MM-dd\) or 01\.10\.2026 \(dd\.MM\.yyyy\), or choose Period Last Month or This Month\.$/,
		],
		[
			'a period the node does not know (an expression)',
			{ period: '={{ "lastQuarter" }}' },
			'Period has an unknown value: "lastQuarter"',
			/Last Month \(lastMonth\), This Month \(thisMonth\), Date Range \(dateRange\)/,
		],
		[
			'an empty Date Range end',
			range('01.10.2026', ''),
			'To Work Date is empty',
			/^With Period Date Range, type the last work date as 2026-10-31 \(yyyy-MM-dd\) or 31\.10\.2026 \(dd\.MM\.yyyy\), or choose Period Last Month or This Month\.$/,
		],
		[
			'an ambiguous Modified Since Date',
			{ filters: { modifiedSinceDate: '11/01/2026' } },
			'Modified Since Date is ambiguous: "11/01/2026"',
			/Type it as 2026-10-01/,
		],
	];

	it.each(refused)(
		'refuses %s by name before any request',
		async (_name, parameters, message, description) => {
			for (const operation of OPERATIONS) {
				fx.mark();
				const result = await executeNode({
					credentials: fx.credentials,
					parameters: { resource: 'payrollExport', operation, ...parameters },
					...v2,
				});
				expect([operation, result.error?.message]).toEqual([operation, message]);
				expect(result.error?.description).toMatch(description);
				expect(fx.apiRequests()).toHaveLength(0);
			}
		},
	);
});
