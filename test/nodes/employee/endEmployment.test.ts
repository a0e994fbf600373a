import { jsonOf } from '../../harness/execute';
import { DEMO, useEmulator, runOperation } from '../../support/emulatorFixture';
import { byNumber, PEOPLE, person } from '../../support/people';

describe('Employee > End Employment', () => {
	const fx = useEmulator();
	const today = () => fx.emulator.ctx.sections.people.today();

	it('transition current active -> ended; the project-company memberships end too', async () => {
		const yesterday = new Date(Date.parse(`${today()}T00:00:00Z`) - 86_400_000)
			.toISOString()
			.slice(0, 10);
		const result = await runOperation(fx, 'employee', 'endEmployment', {
			employee: byNumber(PEOPLE.tagged),
			endDate: `${yesterday}T00:00:00`,
		});
		expect(result.error).toBeUndefined();
		const [employee] = jsonOf(result) as Array<Record<string, any>>;
		expect(employee.hasActiveEmployment).toBe(false);
		expect(employee.employmentHistory.current).toBeNull();
		expect(employee.employmentHistory.historical[0]).toMatchObject({
			endDate: `${yesterday}T00:00:00Z`,
		});
		expect(employee.projectCompanies).toEqual([
			expect.objectContaining({
				projectCompanyId: DEMO.companies.other,
				active: false,
				endDate: `${yesterday}T00:00:00Z`,
			}),
		]);
		const [patch] = fx.apiRequests();
		expect(patch).toMatchObject({
			method: 'PATCH',
			path: `/api/v5/integration/employees/${PEOPLE.tagged}/end-employment`,
			status: 200,
			body: { endDate: yesterday },
		});
	});

	it('cascades to the same person in the other companies of the structure', async () => {
		const result = await runOperation(fx, 'employee', 'endEmployment', {
			employee: byNumber(PEOPLE.withHistory),
			endDate: today(),
		});
		expect(result.error).toBeUndefined();
		expect(
			person(fx, PEOPLE.withHistoryInSubsidiary, DEMO.companies.subsidiary).employments[0].endDate,
		).toBe(today());
		expect(fx.apiRequests()[0].body).toEqual({ endDate: today() });
	});

	it('a Date from an expression (.toJSDate()) is the day n8n writes it (ISO, UTC), not refused', async () => {
		// Was refused as "not a valid date: Thu Dec 31 2026 ..." (the Date's text in the process's zone).
		const result = await runOperation(fx, 'employee', 'endEmployment', {
			employee: byNumber(PEOPLE.worker),
			endDate: `={{ DateTime.fromISO('${today()}T22:30:00Z').toJSDate() }}`,
		});
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests()[0].body).toEqual({ endDate: today() });
	});

	it('without an active employment the service refuses with NoActiveEmployment', async () => {
		const result = await runOperation(fx, 'employee', 'endEmployment', {
			employee: byNumber(PEOPLE.longGone),
			endDate: today(),
		});
		expect(result.error?.message).toMatch(
			/HTTP 400.*employeeNumber: .*no active employment.*NoActiveEmployment/,
		);
		expect(fx.apiRequests()[0].status).toBe(400);
	});
});
