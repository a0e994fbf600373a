import { executeNode } from '../harness/execute';
import { single } from '../support/query';
import { periodCase } from '../support/zoneCases';
import { calendarSweep, type CalendarCase } from './sweep';

/**
 * Node version 2's payroll periods (issue 35) at every instant: Last Month and This Month are the
 * calendar months of n8n's time zone on n8n's clock, whatever the process's zone. Each row is
 * zoneCases.ts's periodCase for the run's instant and n8n zone (its period worked out by Intl,
 * apart from the node's code); the emulator must receive that query.
 */
const cases: CalendarCase[] = (['lastMonth', 'thisMonth'] as const).map((period) => ({
	name: `version 2, Payroll Export period ${period}: the month of n8n's zone on n8n's clock`,
	async check(c) {
		const row = periodCase(c.run.now, c.run.zones.n8n, period);
		const result = await executeNode({
			credentials: c.fx.credentials,
			parameters: row.parameters,
			settings: { typeVersion: row.typeVersion },
			timezone: row.timezone,
		});
		expect(result.error).toBeUndefined();
		const requests = c.fx.apiRequests().filter((r) => r.path === row.path);
		expect(requests).toHaveLength(1);
		expect(single(requests[0].query)).toMatchObject(row.query);
	},
}));

calendarSweep(cases);
