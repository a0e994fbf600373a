import { jsonOf } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { byId, enc, PEOPLE, person } from '../../support/people';

describe('User > Enable', () => {
	const fx = useEmulator();

	it('transition disabled -> enabled: PATCH .../enable/{companyProfileId}, 204 becomes a success item', async () => {
		const user = person(fx, PEOPLE.recentlyLeft);
		expect(user.isDisabled).toBe(true);
		const result = await runOperation(fx, 'user', 'enable', { user: byId(user.companyProfileId) });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			{ success: true, action: 'enabled', companyProfileId: user.companyProfileId },
		]);
		expect(callsOf(fx)).toEqual([
			`PATCH /api/v4/integration/users/enable/${enc(user.companyProfileId)} 204`,
		]);
		expect(user.isDisabled).toBe(false);
	});

	it('an unknown profile is a 404 naming companyProfileId', async () => {
		const result = await runOperation(fx, 'user', 'enable', { user: byId('missing') });
		expect(result.error?.message).toMatch(/HTTP 404.*companyProfileId/);
		expect(fx.apiRequests()[0].status).toBe(404);
	});
});
