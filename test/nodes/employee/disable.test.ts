import { jsonOf, onlyItem } from '../../harness/execute';
import { callsOf, DEMO, runOperation, useEmulator } from '../../support/emulatorFixture';
import { byNumber, PEOPLE, person } from '../../support/people';

describe('Employee > Disable', () => {
	const fx = useEmulator();

	it('transition enabled -> disabled returns the employee and cascades across the company structure', async () => {
		const inSubsidiary = person(fx, PEOPLE.withHistoryInSubsidiary, DEMO.companies.subsidiary);
		expect(inSubsidiary.isDisabled).toBe(false);
		const result = await runOperation(fx, 'employee', 'disable', {
			employee: byNumber(PEOPLE.withHistory),
		});
		expect(onlyItem(result)).toEqual(
			expect.objectContaining({ employeeNumber: PEOPLE.withHistory, isDisabled: true }),
		);
		expect(callsOf(fx)).toEqual([
			`PATCH /api/v5/integration/employees/${PEOPLE.withHistory}/disable 200`,
		]);
		expect(inSubsidiary.isDisabled).toBe(true);
	});

	it('also deactivates the project-company memberships', async () => {
		const result = await runOperation(fx, 'employee', 'disable', {
			employee: byNumber(PEOPLE.tagged),
		});
		expect(jsonOf(result)[0].projectCompanies).toEqual([
			expect.objectContaining({ projectCompanyId: DEMO.companies.other, active: false }),
		]);
		expect(fx.apiRequests()[0].status).toBe(200);
	});
});
