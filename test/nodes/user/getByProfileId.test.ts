import { onlyItem } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { byId, enc, fromList, PEOPLE, person } from '../../support/people';

describe('User > Get by Profile ID', () => {
	const fx = useEmulator();

	it.each([
		['id', byId],
		['list', fromList],
	])('gets the user by company profile id (%s mode)', async (_mode, make) => {
		const { companyProfileId, identityId } = person(fx, PEOPLE.foreman);
		const result = await runOperation(fx, 'user', 'getByProfileId', {
			user: make(companyProfileId),
		});
		expect(onlyItem(result)).toEqual(
			expect.objectContaining({
				companyProfileId,
				identityId,
				employeeNumber: PEOPLE.foreman,
				mobileWork: '+4791234567',
				payroll: true,
			}),
		);
		expect(callsOf(fx)).toEqual([
			`GET /api/v4/integration/users/by-profile-id/${enc(companyProfileId)} 200`,
		]);
	});

	it('an unknown profile id is a clear 404 naming the field', async () => {
		const result = await runOperation(fx, 'user', 'getByProfileId', {
			user: byId('no such/profile?'),
		});
		expect(result.error?.message).toMatch(/HTTP 404.*profileId/);
		expect(fx.apiRequests()[0].path).toBe(
			'/api/v4/integration/users/by-profile-id/no%20such%2Fprofile%3F',
		);
	});
});
