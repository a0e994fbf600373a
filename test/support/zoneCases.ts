/**
 * How node version 2 reads what the editor holds on n8n's clock and in n8n's time zone (issue 35,
 * point 3): each row is one run of the Workforce node, the instant it runs at, the workflow's
 * Timezone setting and the query the service must receive. The rows know nothing of the process
 * they run in: test/nodes/versions/editorZone.test.ts runs each under several process zones (TZ),
 * and a calendar sweep can run them as they are (each row brings its own instant).
 */
export interface ZoneCase {
	name: string;
	/** n8n's clock when the node runs. */
	now: string;
	/** The workflow's Timezone setting (`settings.timezone`); the instance is UTC. */
	timezone?: string;
	typeVersion: 1 | 2;
	parameters: Record<string, unknown>;
	/** The request the service must receive: its path and the query parameters named here. */
	path: string;
	query: Record<string, string>;
}

const timeRegistrations = { resource: 'dataExtraction', operation: 'getTimeRegistrations' };
// One request per row: the check against All Data (issue 44) reads the same dates again and is
// tested in test/nodes/payrollExport/completeness/.
const payroll = {
	resource: 'payrollExport',
	operation: 'getSummaryLines',
	hoursNotApproved: 'skip',
};
const users = { resource: 'user', operation: 'getAll', returnAll: true };
const OSLO = 'Europe/Oslo';
const dateRange = (fromWorkDate: string, toWorkDate: string) => ({
	...payroll,
	period: 'dateRange',
	fromWorkDate,
	toWorkDate,
});
const window = (fromDateTime: string, toDateTime?: string) => ({
	...timeRegistrations,
	limit: 5,
	fromDateTime,
	...(toDateTime === undefined ? {} : { toDateTime }),
});

export const ZONE_CASES: ZoneCase[] = [
	// Payroll periods: calendar months of the zone's calendar, on n8n's clock.
	{
		name: 'Last Month just after midnight on the 1st in Oslo is the month that just ended',
		now: '2026-10-31T23:30:00Z', // 2026-11-01 00:30 in Oslo, still October in UTC
		timezone: OSLO,
		typeVersion: 2,
		parameters: { ...payroll, period: 'lastMonth' },
		path: '/api/payroll-export/summary-as-lines',
		query: { fromWorkDate: '2026-10-01', toWorkDate: '2026-10-31' },
	},
	{
		name: 'This Month just after midnight on the 1st in Oslo is that one day',
		now: '2026-10-31T23:30:00Z',
		timezone: OSLO,
		typeVersion: 2,
		parameters: { ...payroll, period: 'thisMonth' },
		path: '/api/payroll-export/summary-as-lines',
		query: { fromWorkDate: '2026-11-01', toWorkDate: '2026-11-01' },
	},
	{
		name: 'Last Month on New Year night in Oslo is December of the year that ended',
		now: '2026-12-31T23:30:00Z',
		timezone: OSLO,
		typeVersion: 2,
		parameters: { ...payroll, period: 'lastMonth' },
		path: '/api/payroll-export/summary-as-lines',
		query: { fromWorkDate: '2026-12-01', toWorkDate: '2026-12-31' },
	},
	{
		name: 'Last Month in Los Angeles on the evening of the 30th, already the 1st in UTC',
		now: '2026-12-01T03:00:00Z', // 2026-11-30 19:00 in Los Angeles
		timezone: 'America/Los_Angeles',
		typeVersion: 2,
		parameters: { ...payroll, period: 'lastMonth' },
		path: '/api/payroll-export/summary-as-lines',
		query: { fromWorkDate: '2026-10-01', toWorkDate: '2026-10-31' },
	},
	{
		name: 'Last Month of a workflow without a Timezone setting is the instance zone (UTC)',
		now: '2026-10-31T23:30:00Z',
		typeVersion: 2,
		parameters: { ...payroll, period: 'lastMonth' },
		path: '/api/payroll-export/summary-as-lines',
		query: { fromWorkDate: '2026-09-01', toWorkDate: '2026-09-30' },
	},
	{
		name: 'A Date Range stays the calendar days typed, whatever the zone',
		now: '2026-11-18T09:00:00Z',
		timezone: 'Pacific/Kiritimati',
		typeVersion: 2,
		parameters: dateRange('2026-10-01T00:00:00', '2026-10-31T00:00:00'),
		path: '/api/payroll-export/summary-as-lines',
		query: { fromWorkDate: '2026-10-01', toWorkDate: '2026-10-31' },
	},
	// Instants typed without a zone: the zone's wall clock, with its summer time.
	{
		name: 'From/To Date Time without a zone in Oslo winter are an hour before UTC',
		now: '2026-11-18T09:00:00Z',
		timezone: OSLO,
		typeVersion: 2,
		parameters: window('2026-01-01T00:00:00', '2026-01-31T23:59:59'),
		path: '/v1/time-registrations',
		query: { FromDateTime: '2025-12-31T23:00:00Z', ToDateTime: '2026-01-31T22:59:59Z' },
	},
	{
		name: 'in Oslo summer two hours',
		now: '2026-11-18T09:00:00Z',
		timezone: OSLO,
		typeVersion: 2,
		parameters: window('2026-07-01T00:00:00'),
		path: '/v1/time-registrations',
		query: { FromDateTime: '2026-06-30T22:00:00Z' },
	},
	{
		name: 'a day without a time is midnight in the zone',
		now: '2026-11-18T09:00:00Z',
		timezone: OSLO,
		typeVersion: 2,
		parameters: window('2026-01-01'),
		path: '/v1/time-registrations',
		query: { FromDateTime: '2025-12-31T23:00:00Z' },
	},
	{
		name: 'a time the clocks skip (02:30 on the spring change) lands as far past the gap',
		now: '2026-11-18T09:00:00Z',
		timezone: OSLO,
		typeVersion: 2,
		parameters: window('2026-03-29T02:30:00'),
		path: '/v1/time-registrations',
		query: { FromDateTime: '2026-03-29T01:30:00Z' },
	},
	{
		name: 'a time the clocks show twice (02:30 on the autumn change) is the first',
		now: '2026-11-18T09:00:00Z',
		timezone: OSLO,
		typeVersion: 2,
		parameters: window('2026-10-25T02:30:00'),
		path: '/v1/time-registrations',
		query: { FromDateTime: '2026-10-25T00:30:00Z' },
	},
	{
		name: 'a time with its zone is kept',
		now: '2026-11-18T09:00:00Z',
		timezone: OSLO,
		typeVersion: 2,
		parameters: window('2026-01-01T00:00:00Z', '2026-01-01T12:00:00+05:30'),
		path: '/v1/time-registrations',
		query: { FromDateTime: '2026-01-01T00:00:00Z', ToDateTime: '2026-01-01T06:30:00Z' },
	},
	{
		name: 'Modified Since and Before without a zone in Oslo',
		now: '2026-11-18T09:00:00Z',
		timezone: OSLO,
		typeVersion: 2,
		parameters: {
			...timeRegistrations,
			limit: 5,
			options: { modifiedSince: '2026-11-01T00:00:00', modifiedBefore: '2026-11-02T00:00:00' },
		},
		path: '/v1/time-registrations',
		query: { ModifiedSince: '2026-10-31T23:00:00Z', ModifiedBefore: '2026-11-01T23:00:00Z' },
	},
	{
		name: "User > Get Many's Changed Since without a zone in Oslo",
		now: '2026-11-18T09:00:00Z',
		timezone: OSLO,
		typeVersion: 2,
		parameters: { ...users, filters: { changedSince: '2026-11-01T08:00:00' } },
		path: '/api/v4/integration/users',
		query: { changedSince: '2026-11-01T07:00:00Z' },
	},
	{
		name: 'version 1 sends Changed Since as written',
		now: '2026-11-18T09:00:00Z',
		timezone: OSLO,
		typeVersion: 1,
		parameters: { ...users, filters: { changedSince: '2026-11-01T08:00:00' } },
		path: '/api/v4/integration/users',
		query: { changedSince: '2026-11-01T08:00:00' },
	},
	{
		name: 'version 1 keeps reading a time without a zone as UTC, whatever the workflow zone',
		now: '2026-11-18T09:00:00Z',
		timezone: OSLO,
		typeVersion: 1,
		parameters: window('2026-01-01T00:00:00'),
		path: '/v1/time-registrations',
		query: { FromDateTime: '2026-01-01T00:00:00Z' },
	},
	// Version 2's typed work dates (issue 44): a day typed is that day in every zone; an instant
	// (a zoned date-time, $today, a Date) is its day in the workflow's zone.
	{
		name: 'A Date Range typed 01.10.2026 to 31.10.2026 is October at UTC+14',
		now: '2026-11-18T09:00:00Z',
		timezone: 'Pacific/Kiritimati',
		typeVersion: 2,
		parameters: dateRange('01.10.2026', '31.10.2026'),
		path: '/api/payroll-export/summary-as-lines',
		query: { fromWorkDate: '2026-10-01', toWorkDate: '2026-10-31' },
	},
	...(
		[
			[OSLO, { fromWorkDate: '2026-10-01', toWorkDate: '2026-10-31' }],
			['America/Los_Angeles', { fromWorkDate: '2026-09-30', toWorkDate: '2026-10-31' }],
		] as Array<[string, Record<string, string>]>
	).map(
		([timezone, query]): ZoneCase => ({
			name: `Work dates given as instants with their zone are their days in ${timezone}`,
			now: '2026-11-18T09:00:00Z',
			timezone,
			typeVersion: 2,
			// 00:30 on 1 October and 23:30 on 31 October in Oslo; 15:30 on 30 September and 31 October in LA
			parameters: dateRange('2026-09-30T22:30:00Z', '2026-10-31T22:30:00Z'),
			path: '/api/payroll-export/summary-as-lines',
			query,
		}),
	),
	{
		name: "$today and its Date just after midnight on the 1st in Oslo are that day, not UTC's",
		now: '2026-10-31T23:30:00Z',
		timezone: OSLO,
		typeVersion: 2,
		parameters: dateRange('={{ $today.minus({ days: 1 }).toJSDate() }}', '={{ $today }}'),
		path: '/api/payroll-export/summary-as-lines',
		query: { fromWorkDate: '2026-10-31', toWorkDate: '2026-11-01' },
	},
];

/** The calendar day of `zone` at `ms`, by Intl's en-CA form (yyyy-MM-dd): the oracle, apart from the node's code. */
function dayIn(zone: string, ms: number): string {
	return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(ms));
}

/**
 * A Payroll Export row for any instant and zone, its expected period worked out here: what a
 * calendar sweep adds for each instant it tries (Last Month and This Month).
 */
export function periodCase(
	now: string,
	timezone: string,
	period: 'lastMonth' | 'thisMonth',
): ZoneCase {
	const today = dayIn(timezone, Date.parse(now));
	const [year, month] = today.split('-').map(Number);
	const day = (y: number, m: number, d: number) =>
		new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
	const query =
		period === 'thisMonth'
			? { fromWorkDate: day(year, month, 1), toWorkDate: today }
			: { fromWorkDate: day(year, month - 1, 1), toWorkDate: day(year, month, 0) };
	return {
		name: `${period} at ${now} in ${timezone}`,
		now,
		timezone,
		typeVersion: 2,
		parameters: { ...payroll, period },
		path: '/api/payroll-export/summary-as-lines',
		query,
	};
}
