import { jsonOf } from '../../harness/execute';
import { callsOf, DEMO, runOperation, useEmulator } from '../../support/emulatorFixture';
import { PEOPLE } from '../../support/people';

describe('User > Get Many', () => {
	const fx = useEmulator();
	const numbers = (items: Array<{ employeeNumber?: unknown }>) =>
		items.map((u) => u.employeeNumber);

	it('lists the company users without filters', async () => {
		const result = await runOperation(fx, 'user', 'getAll', { returnAll: true });
		expect(result.error).toBeUndefined();
		expect(numbers(jsonOf(result))).toEqual(
			expect.arrayContaining([PEOPLE.foreman, PEOPLE.worker, PEOPLE.longGone, PEOPLE.awkward]),
		);
		expect(numbers(jsonOf(result))).not.toContain(PEOPLE.subsidiaryOnly);
		expect(callsOf(fx)).toEqual(['GET /api/v4/integration/users 200']);
	});

	it('sends companyId and employmentLookbackDays, and applies the limit', async () => {
		const result = await runOperation(fx, 'user', 'getAll', {
			returnAll: false,
			limit: 1,
			filters: { companyId: DEMO.companies.subsidiary, employmentLookbackDays: 0 },
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toHaveLength(1);
		expect(jsonOf(result)[0].companyId).toBe(DEMO.companies.subsidiary);
		const [get] = fx.apiRequests();
		expect(get.query).toEqual({
			companyId: [DEMO.companies.subsidiary],
			employmentLookbackDays: ['0'],
		});
	});

	it('employmentLookbackDays keeps recent leavers and drops long-gone ones', async () => {
		const result = await runOperation(fx, 'user', 'getAll', {
			returnAll: true,
			filters: { employmentLookbackDays: 30 },
		});
		expect(numbers(jsonOf(result))).toContain(PEOPLE.recentlyLeft);
		expect(numbers(jsonOf(result))).not.toContain(PEOPLE.longGone);
		expect(fx.apiRequests()[0].query).toEqual({ employmentLookbackDays: ['30'] });
	});

	it('changedSince returns only users modified after it', async () => {
		const since = new Date(fx.emulator.ctx.clock.now().getTime() + 1000).toISOString();
		fx.emulator.ctx.clock.advance(60_000);
		const worker = fx.emulator.ctx.sections.people.byNumber(
			[DEMO.companies.parent],
			PEOPLE.worker,
		)!;
		fx.emulator.ctx.sections.people.touch(worker);
		fx.mark();
		const result = await runOperation(fx, 'user', 'getAll', {
			returnAll: true,
			filters: { changedSince: since },
		});
		expect(numbers(jsonOf(result))).toEqual([PEOPLE.worker]);
		expect(fx.apiRequests()[0].query).toEqual({ changedSince: [since] });
	});

	it('a subsidiary outside the company structure is a clear 403', async () => {
		const result = await runOperation(fx, 'user', 'getAll', {
			returnAll: true,
			filters: { companyId: DEMO.companies.other },
		});
		expect(result.error?.message).toMatch(/HTTP 403.*companyId/);
		expect(fx.apiRequests()[0].status).toBe(403);
	});
});
