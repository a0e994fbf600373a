import { useE2e } from './support/e2e';

/** Last month's first and last day on the calendar of Europe/Oslo at `ms`. */
function lastMonthInOslo(ms: number): { from: string; to: string } {
	const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' })
		.format(new Date(ms))
		.split('-')
		.map(Number);
	const first = new Date(Date.UTC(year, month - 2, 1));
	const last = new Date(Date.UTC(year, month - 1, 0));
	return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/**
 * Node version 2 in a real n8n whose instance zone is UTC (GENERIC_TIMEZONE) and a workflow whose
 * Timezone setting is Europe/Oslo (issue 35, point 3): instants typed without a zone are Oslo
 * time, Last Month is Oslo's last month, a node saved with version 1 keeps reading UTC.
 */
describe('Node version 2 in a workflow in Europe/Oslo', () => {
	const e2e = useE2e();
	beforeEach(() => e2e.emulator.mark());

	it("reads typed instants and Last Month in the workflow's time zone; version 1 keeps UTC", async () => {
		const before = lastMonthInOslo(Date.now());
		const run = await e2e.run('versionTwoOsloTimeZone');
		const after = lastMonthInOslo(Date.now());
		expect(run.error).toBeUndefined();
		const api = await e2e.emulator.apiRequests();
		const windows = api
			.filter((r) => r.path === '/v1/time-registrations')
			.map((r) => [r.query.FromDateTime, r.query.ToDateTime])
			.sort();
		expect(windows).toEqual([
			[['2025-12-31T23:00:00Z'], ['2026-01-31T22:59:59Z']],
			[['2026-01-01T00:00:00Z'], ['2026-01-31T23:59:59Z']],
		]);
		const payroll = api.filter((r) => r.path === '/api/payroll-export/summary-as-lines');
		// The export (Only Approved) and its check against All Data for the same period (issue 44).
		expect(payroll.map((r) => r.query.dataFilter?.[0]).sort()).toEqual(['0', '10']);
		expect(payroll[1].query.fromWorkDate).toEqual(payroll[0].query.fromWorkDate);
		expect(payroll[1].query.toWorkDate).toEqual(payroll[0].query.toWorkDate);
		const period = {
			from: payroll[0].query.fromWorkDate?.[0],
			to: payroll[0].query.toWorkDate?.[0],
		};
		// n8n's clock cannot be stopped: a run across Oslo's midnight of a month's first may see either.
		expect([before, after]).toContainEqual(period);
		expect(payroll[0].query.userPayrollTypeFilter).toEqual(['all-users']);
		expect(payroll[0].status).toBe(200);
	});
});
