import { jsonOf } from '../../harness/execute';
import { DEMO, useEmulator, runOperation } from '../../support/emulatorFixture';
import { byNumber, PEOPLE } from '../../support/people';

describe('Employee > Disable in Project Company', () => {
	const fx = useEmulator();

	it('transition active -> inactive in that company', async () => {
		const result = await runOperation(fx, 'employee', 'disableInProjectCompany', {
			employee: byNumber(PEOPLE.tagged),
			projectCompanyId: DEMO.companies.other,
		});
		expect(result.error).toBeUndefined();
		expect((jsonOf(result)[0] as Record<string, any>).projectCompanies).toEqual([
			expect.objectContaining({ projectCompanyId: DEMO.companies.other, active: false }),
		]);
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: `/api/v5/integration/employees/${PEOPLE.tagged}/disable-employee-in-project-company`,
				status: 200,
				body: { projectCompanyId: DEMO.companies.other },
			}),
		]);
	});

	it('a company the employee is not enabled in is refused', async () => {
		const result = await runOperation(fx, 'employee', 'disableInProjectCompany', {
			employee: byNumber(PEOPLE.worker),
			projectCompanyId: DEMO.companies.other,
		});
		expect(result.error?.message).toMatch(
			/HTTP 400.*projectCompanyId: .*not enabled in project company.*NotInProjectCompany/,
		);
		expect(fx.apiRequests()[0].status).toBe(400);
	});
});
