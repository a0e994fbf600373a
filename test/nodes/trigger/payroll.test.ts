import { executeNode, jsonOf } from '../../harness/execute';
import { TRIGGER_TYPE } from '../../harness/poll';
import { pollTrigger } from '../../support/armedTrigger';
import { useEmulator } from '../../support/emulatorFixture';
import { useFakeDate } from '../../support/fakeDate';
import { single } from '../../support/query';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe('Workforce Trigger > Payroll lines and payroll export', () => {
	const clock = useFakeDate();
	const fx = useEmulator({ workData: { timeRegistrations: 200 } });
	const data = () => fx.emulator.ctx.sections.workData.data;
	const requestsTo = (path: string) =>
		fx
			.apiRequests()
			.filter((r) => r.path === path)
			.map((r) => ({ ...r, query: single(r.query) }));

	// Every line, whatever its approval and the employee's pay: which line `id(n)` is depends on the
	// demo data of the day the tests run (the default filters would hide some of them).
	const everyLine = { lineExportFilter: 'All', lineUserPayrollTypeFilter: 'AllUsers' };

	for (const detail of ['plain', 'extended'] as const) {
		it(`emits changed and deleted payroll lines once (${detail})`, async () => {
			const path = detail === 'extended' ? '/v1/payroll-lines-extended' : '/v1/payroll-lines';
			const trigger = pollTrigger(fx, {
				event: 'payrollLine',
				payrollLineDetail: detail,
				...everyLine,
			});
			await trigger.tick();
			clock.advance(MIN);
			const lines = data().payrollLines();
			const changed = lines.id(1);
			const deleted = lines.id(2);
			data().changePayrollLine(changed, { qty: 6 });
			data().deletePayrollLine(deleted);
			clock.advance(MIN);
			fx.mark();
			const tick = await trigger.tick();
			expect(tick.error).toBeUndefined();
			const byId = Object.fromEntries(tick.items.map((i) => [i.json.id, i.json]));
			expect(tick.items).toHaveLength(2);
			expect(byId[changed]).toMatchObject({ event: 'changed', id: changed, qty: 6 });
			expect('overtimeLines' in byId[changed]).toBe(detail === 'extended');
			expect(byId[deleted]).toEqual({
				event: 'deleted',
				id: deleted,
				deletedDateTime: expect.any(String),
				modifiedDateTime: expect.any(String),
			});
			expect(requestsTo(path)).toHaveLength(1);
			expect(requestsTo(path)[0].query).toMatchObject({
				ModifiedSince: expect.any(String),
				ModifiedBefore: expect.any(String),
				ChunkLimit: '2500',
			});

			clock.advance(MIN);
			const again = await trigger.tick();
			expect(again.emitted).toBe(false);
		});
	}

	it('drops payroll-line deletions when Include Deletions is off', async () => {
		const trigger = pollTrigger(fx, {
			event: 'payrollLine',
			includeDeletions: false,
			...everyLine,
		});
		await trigger.tick();
		clock.advance(MIN);
		const lines = data().payrollLines();
		const changed = lines.id(3);
		data().changePayrollLine(changed, { qty: 4 });
		data().deletePayrollLine(lines.id(4));
		clock.advance(MIN);
		const tick = await trigger.tick();
		expect(tick.items.map((i) => [i.json.event, i.json.id])).toEqual([['changed', changed]]);
	});

	it('payroll export: asks modifiedSinceDate inside the work-date range and emits each changed employee-day once', async () => {
		// Changed earlier today, before the activation: the whole-day modifiedSinceDate returns it, but it is not emitted.
		const before = data().addTimeRegistration({
			userId: data().employees[1].id,
			workDate: new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10),
			hours: 3,
		});
		expect(before).toBeGreaterThan(0);
		clock.advance(MIN);
		const trigger = pollTrigger(fx, {
			event: 'payrollExport',
			workDateRangeDays: 20,
			exportFilters: { dataFilter: 10, userPayrollTypeFilter: 'all-users' },
		});
		await trigger.tick();
		clock.advance(MIN);
		const workDate = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);
		const employee = data().employees[0];
		data().addTimeRegistration({ userId: employee.id, workDate, hours: 9 });
		clock.advance(MIN);
		fx.mark();
		const tick = await trigger.tick();
		expect(tick.error).toBeUndefined();
		const [request] = requestsTo('/api/payroll-export/readonly');
		const today = new Date(Date.now()).toISOString().slice(0, 10);
		expect(request.query).toEqual({
			fromWorkDate: new Date(Date.parse(today) - 20 * DAY).toISOString().slice(0, 10),
			toWorkDate: today,
			modifiedSinceDate: today,
			dataFilter: '10',
			userPayrollTypeFilter: 'all-users',
		});
		const rows = tick.items.map((i) => i.json);
		expect(rows.filter((r) => r.userId === data().employees[1].id)).toEqual([]);
		const row = rows.find(
			(r) => r.userId === employee.id && String(r.transDateTime).startsWith(workDate),
		);
		expect(row).toMatchObject({ event: 'changed', userId: employee.id });
		// Everything modified today comes back all day: the memory drops what was already emitted.
		clock.advance(MIN);
		const again = await trigger.tick();
		expect(again.emitted).toBe(false);
		// A new change to the same day is emitted again, with its new content.
		data().addTimeRegistration({ userId: employee.id, workDate, hours: 1 });
		clock.advance(MIN);
		const third = await trigger.tick();
		expect(
			third.items.map((i) => [i.json.userId, String(i.json.transDateTime).slice(0, 10)]),
		).toEqual([[employee.id, workDate]]);
		// Hours registered = qty + the overtime netted out of it (overtimeType 0).
		const hours = (r: Record<string, any> | undefined) =>
			Number(r?.qty) +
			(r?.overtimeLines ?? [])
				.filter((o: any) => o.overtimeType === 0)
				.reduce((a: number, o: any) => a + o.qty, 0);
		expect(hours(third.items[0].json)).toBeGreaterThan(hours(row));
	});

	it('payroll export: a Start Date more than one year back is refused before calling', async () => {
		const trigger = pollTrigger(fx, {
			event: 'payrollExport',
			startFrom: 'date',
			startDate: new Date(Date.now() - 400 * DAY).toISOString(),
		});
		const tick = await trigger.activate();
		expect(tick.error?.message).toMatch(/^Start Date \d{4}-\d{2}-\d{2} is more than one year back/);
		expect(fx.apiRequests()).toHaveLength(0);
	});

	it('a manual test run returns a small real sample and moves nothing', async () => {
		fx.mark();
		const result = await executeNode({
			credentials: fx.credentials,
			nodeType: TRIGGER_TYPE,
			parameters: { event: 'timeRegistration' },
		});
		expect(result.error).toBeUndefined();
		const items = jsonOf(result);
		expect(items.length).toBeGreaterThan(0);
		expect(items.length).toBeLessThanOrEqual(10);
		for (const item of items) expect(['created', 'changed', 'deleted']).toContain(item.event);
		const requests = requestsTo('/v1/time-registrations');
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toMatchObject({
			ChunkLimit: '10',
			ModifiedSince: new Date(
				Date.parse(String(requests[0].query.ModifiedBefore)) - 30 * DAY,
			).toISOString(),
		});
		expect(result.staticData).toEqual({ 'node:Workforce': {} });
	});
});
