import { executeNode } from '../../harness/execute';
import { useEmulator } from '../../support/emulatorFixture';
import { stopDateAt } from '../../support/fakeDate';
import { single } from '../../support/query';
import { periodCase, ZONE_CASES, type ZoneCase } from '../../support/zoneCases';

/**
 * Node version 2 reads the editor's dates on n8n's clock in n8n's time zone (the workflow's
 * setting, else the instance's), never in the process's: every row of ZONE_CASES runs through the
 * engine and must send its query. editorZoneProcessTz.test.ts runs this file again in processes
 * whose zone (TZ) is not UTC (a jest worker cannot change its own zone).
 */
describe('Editor dates in n8n time zone (node version 2)', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 200 } });
	afterEach(() => jest.useRealTimers());

	it('runs in the process zone it was started with', () => {
		const expected = process.env.WF_EXPECT_PROCESS_TZ;
		const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
		if (expected === undefined) expect(typeof zone).toBe('string');
		else {
			expect(zone).toBe(expected);
			expect(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset()).not.toBe(0);
		}
	});

	// Half an hour either side of each month's change in 2026 (UTC), in a zone ahead of UTC and one behind.
	const monthEnds = Array.from({ length: 12 }, (_, m) => Date.UTC(2026, m + 1, 1));
	const periods = monthEnds.flatMap((ms) =>
		['Europe/Oslo', 'America/Los_Angeles'].flatMap((zone) =>
			[-1_800_000, 1_800_000].map((shift) =>
				periodCase(new Date(ms + shift).toISOString(), zone, 'lastMonth'),
			),
		),
	);

	describe(`process zone ${Intl.DateTimeFormat().resolvedOptions().timeZone}`, () => {
		it.each([...ZONE_CASES, ...periods].map((c): [string, ZoneCase] => [c.name, c]))(
			'%s',
			async (_name, c) => {
				stopDateAt(Date.parse(c.now));
				const result = await executeNode({
					credentials: fx.credentials,
					parameters: c.parameters,
					settings: { typeVersion: c.typeVersion },
					timezone: c.timezone,
				});
				expect(result.error).toBeUndefined();
				const requests = fx.apiRequests().filter((r) => r.path === c.path);
				expect(requests).toHaveLength(1);
				expect(single(requests[0].query)).toMatchObject(c.query);
			},
		);
	});

	it('a workflow time zone n8n does not know is refused naming the setting, before any request', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: ZONE_CASES[6].parameters,
			settings: { typeVersion: 2 },
			timezone: 'Europe/Atlantis',
		});
		expect(result.error?.message).toBe(
			'n8n\'s time zone "Europe/Atlantis" is not a known time zone',
		);
		expect(result.error?.description).toMatch(/Workflow Settings > Timezone/);
		expect(fx.apiRequests()).toHaveLength(0);
	});

	it('a date-time the node cannot read names the field and how a time without a zone is read', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: {
				resource: 'dataExtraction',
				operation: 'getTimeRegistrations',
				fromDateTime: '01.10.2026 00:00',
			},
			settings: { typeVersion: 2 },
			timezone: 'Europe/Oslo',
		});
		expect(result.error?.message).toBe('From Date Time is not a date-time: "01.10.2026 00:00"');
		expect(result.error?.description).toMatch(/no zone means n8n's time zone, Europe\/Oslo/);
		expect(fx.apiRequests()).toHaveLength(0);
	});
});
