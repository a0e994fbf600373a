import { PollHarness } from '../../harness/poll';
import { pollTrigger } from '../../support/armedTrigger';
import { useEmulator } from '../../support/emulatorFixture';
import { useFakeDate } from '../../support/fakeDate';
import { single } from '../../support/query';

/**
 * Workforce Trigger version 2 (issue 35, points 2 and 3): the payroll events watch every employee
 * unless a filter says otherwise, and a Start Date without a zone is a time in n8n's time zone.
 * Versions 1 and 1.1 keep what they did.
 */
describe('Workforce Trigger version 2', () => {
	const clock = useFakeDate();
	const fx = useEmulator({ workData: { timeRegistrations: 200 } });
	/** The first poll notes where to start; the second asks the service. */
	const secondPoll = async (trigger: PollHarness) => {
		expect((await trigger.tick()).error).toBeUndefined();
		clock.advance(60_000);
		fx.mark();
		return await trigger.tick();
	};
	const queryTo = (path: string) => single(fx.apiRequests().find((r) => r.path === path)!.query);

	it.each([
		[2, 'all-users'],
		[1.1, undefined],
		[1, undefined],
	] as const)(
		'Payroll Export Data Changed, version %s: userPayrollTypeFilter %s without a filter',
		async (typeVersion, expected) => {
			const trigger = pollTrigger(fx, { event: 'payrollExport' }, { typeVersion });
			const tick = await secondPoll(trigger);
			expect(tick.error).toBeUndefined();
			expect(queryTo('/api/payroll-export/readonly').userPayrollTypeFilter).toBe(expected);
		},
	);

	it.each([
		[2, '2026-11-20', '2026-11-06'],
		[1.1, '2026-11-19', '2026-11-05'],
	] as const)(
		"Payroll Export Data Changed, version %s: today's work date at noon UTC in Kiritimati (UTC+14, n8n's zone) is %s",
		async (typeVersion, toWorkDate, fromWorkDate) => {
			// Later than every test before it (useFakeDate starts each an hour after the last).
			clock.advance(Date.parse('2026-11-19T12:00:00Z') - Date.now());
			const trigger = pollTrigger(
				fx,
				{ event: 'payrollExport' },
				{ typeVersion, timezone: 'Pacific/Kiritimati' },
			);
			expect((await secondPoll(trigger)).error).toBeUndefined();
			expect(queryTo('/api/payroll-export/readonly')).toMatchObject({ fromWorkDate, toWorkDate });
		},
	);

	it('Payroll Export Data Changed, version 2: a filter chosen is sent as chosen', async () => {
		const trigger = pollTrigger(
			fx,
			{ event: 'payrollExport', exportFilters: { userPayrollTypeFilter: 'fixed-pay' } },
			{ typeVersion: 2 },
		);
		expect((await secondPoll(trigger)).error).toBeUndefined();
		expect(queryTo('/api/payroll-export/readonly').userPayrollTypeFilter).toBe('fixed-pay');
	});

	it.each([
		[2, 'AllUsers'],
		[1.1, undefined],
	] as const)(
		'Payroll Line Changed, version %s: UserPayrollTypeFilter %s by default',
		async (typeVersion, expected) => {
			const trigger = pollTrigger(fx, { event: 'payrollLine' }, { typeVersion });
			expect((await secondPoll(trigger)).error).toBeUndefined();
			expect(queryTo('/v1/payroll-lines').UserPayrollTypeFilter).toBe(expected);
		},
	);

	it("version 2 reads a Start Date without a zone in n8n's time zone", async () => {
		const trigger = pollTrigger(
			fx,
			{
				event: 'timeRegistration',
				startFrom: 'date',
				startDate: '2026-07-01T08:00:00',
			},
			{ typeVersion: 2, timezone: 'Europe/Oslo' },
		);
		expect((await trigger.activate()).error).toBeUndefined();
		expect(queryTo('/v1/time-registrations').ModifiedSince).toBe('2026-07-01T06:00:00.000Z');
	});

	it('version 1.1 reads it as before (as JavaScript reads it: the server process zone)', async () => {
		const trigger = pollTrigger(
			fx,
			{
				event: 'timeRegistration',
				startFrom: 'date',
				startDate: '2026-07-01T08:00:00',
			},
			{ typeVersion: 1.1, timezone: 'Europe/Oslo' },
		);
		expect((await trigger.activate()).error).toBeUndefined();
		expect(queryTo('/v1/time-registrations').ModifiedSince).toBe(
			new Date('2026-07-01T08:00:00').toISOString(),
		);
	});

	it('version 2 refuses a Start Date it cannot read, naming the format and the zone', async () => {
		const trigger = pollTrigger(
			fx,
			{ event: 'timeRegistration', startFrom: 'date', startDate: '01.07.2026 08:00' },
			{ typeVersion: 2, timezone: 'Europe/Oslo' },
		);
		const tick = await trigger.activate();
		expect(tick.error?.message).toBe('Start Date is not a date: "01.07.2026 08:00"');
		expect((tick.error as { description?: string }).description).toMatch(
			/yyyy-MM-ddTHH:mm:ss, without a zone in n8n's time zone, Europe\/Oslo/,
		);
		expect(fx.apiRequests()).toHaveLength(0);
	});
});
