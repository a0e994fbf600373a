import { jsonOf } from '../../harness/execute';
import { DEMO, useEmulator, runOperation } from '../../support/emulatorFixture';
import { DEFAULT_USER_GROUP_ID, USER_GROUPS } from '../../emulator/integration/people';
import { byNumber, newPerson, PEOPLE } from '../../support/people';

describe('Employee > Enable in Project Company', () => {
	const fx = useEmulator();

	it('transition inactive -> active; userGroupId defaults to the user role', async () => {
		// Its own person: the memberships read below are those this case makes.
		const { employeeNumber } = newPerson(fx);
		const result = await runOperation(fx, 'employee', 'enableInProjectCompany', {
			employee: byNumber(employeeNumber),
			projectCompanyId: DEMO.companies.subsidiary,
			userGroupId: '',
		});
		expect(result.error).toBeUndefined();
		expect((jsonOf(result)[0] as Record<string, any>).projectCompanies).toEqual([
			expect.objectContaining({
				projectCompanyId: DEMO.companies.subsidiary,
				active: true,
				userGroupId: DEFAULT_USER_GROUP_ID,
			}),
		]);
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: `/api/v5/integration/employees/${employeeNumber}/enable-employee-in-project-company`,
				status: 200,
				body: { projectCompanyId: DEMO.companies.subsidiary },
			}),
		]);
	});

	it('sends a chosen userGroupId', async () => {
		const foreman = USER_GROUPS[1].id;
		const { employeeNumber } = newPerson(fx);
		const result = await runOperation(fx, 'employee', 'enableInProjectCompany', {
			employee: byNumber(employeeNumber),
			projectCompanyId: DEMO.companies.other,
			userGroupId: foreman,
		});
		expect((jsonOf(result)[0] as Record<string, any>).projectCompanies).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ projectCompanyId: DEMO.companies.other, userGroupId: foreman }),
			]),
		);
		expect(fx.apiRequests()[0].body).toEqual({
			projectCompanyId: DEMO.companies.other,
			userGroupId: foreman,
		});
	});

	it('an unknown company is refused naming projectCompanyId', async () => {
		const result = await runOperation(fx, 'employee', 'enableInProjectCompany', {
			employee: byNumber(PEOPLE.worker),
			projectCompanyId: 'no-such-company',
		});
		expect(result.error?.message).toMatch(
			/HTTP 400.*projectCompanyId: Company 'no-such-company' does not exist/,
		);
		expect(fx.apiRequests()[0].status).toBe(400);
	});
});
