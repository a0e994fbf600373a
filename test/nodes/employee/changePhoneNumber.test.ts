import { jsonOf } from '../../harness/execute';
import { DEMO, useEmulator, runOperation } from '../../support/emulatorFixture';
import { byNumber, PEOPLE, person } from '../../support/people';

describe('Employee > Change Phone Number', () => {
	const fx = useEmulator();

	it('changes the login for every company profile of the person', async () => {
		const result = await runOperation(fx, 'employee', 'changePhoneNumber', {
			employee: byNumber(PEOPLE.withHistory),
			newPhoneNumber: '+4798765432',
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([expect.objectContaining({ phone: '+4798765432' })]);
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'PATCH',
				path: `/api/v5/integration/employees/${PEOPLE.withHistory}/change-phone-number`,
				status: 200,
				body: { newPhoneNumber: '+4798765432' },
			}),
		]);
		expect(person(fx, PEOPLE.withHistoryInSubsidiary, DEMO.companies.subsidiary).phone).toBe(
			'+4798765432',
		);
	});

	it("another person's login is refused with DuplicatePhoneNumber", async () => {
		const result = await runOperation(fx, 'employee', 'changePhoneNumber', {
			employee: byNumber(PEOPLE.worker),
			newPhoneNumber: '+4791234567',
		});
		expect(result.error?.message).toMatch(/HTTP 400.*newPhoneNumber: .*DuplicatePhoneNumber/);
		expect(fx.apiRequests()[0].status).toBe(400);
	});
});
