import { executeNode, jsonOf } from '../../harness/execute';
import { useEmulator } from '../../support/emulator-fixture';
import { byNumber, enc, PEOPLE, person } from '../../support/people';

describe('User > Disable', () => {
	const fx = useEmulator();

	it('transition enabled -> disabled: PATCH .../disable/{companyProfileId}, 204 becomes a success item', async () => {
		const user = person(fx, PEOPLE.worker);
		const result = await executeNode({ credentials: fx.credentials, parameters: { resource: 'user', operation: 'disable', user: byNumber(PEOPLE.worker) } });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([{ success: true, action: 'disabled', employeeNumber: PEOPLE.worker }]);
		const [lookup, patch] = fx.apiRequests();
		expect(lookup.path).toBe(`/api/v4/integration/users/by-employee-number/${PEOPLE.worker}`);
		expect(patch).toMatchObject({ method: 'PATCH', path: `/api/v4/integration/users/disable/${enc(user.companyProfileId)}`, status: 204 });
		expect(user.isDisabled).toBe(true);
	});
});
