import { jsonOf } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { byId, byNumber, enc, PEOPLE, person } from '../../support/people';

describe('User > Is Deletable', () => {
	const fx = useEmulator();

	it('turns the bare true into a named item', async () => {
		const { identityId } = person(fx, PEOPLE.worker);
		const result = await runOperation(fx, 'user', 'isDeletable', { user: byId(identityId) });
		expect(jsonOf(result)).toEqual([{ identityId, isDeletable: true }]);
		expect(callsOf(fx)).toEqual([
			`GET /api/v4/integration/users/is-identity-deletable/${enc(identityId)} 200`,
		]);
	});

	it('false for a user with time registrations (by employee number)', async () => {
		const { identityId } = person(fx, PEOPLE.tagged);
		const result = await runOperation(fx, 'user', 'isDeletable', { user: byNumber(PEOPLE.tagged) });
		expect(jsonOf(result)).toEqual([{ employeeNumber: PEOPLE.tagged, isDeletable: false }]);
		expect(fx.apiRequests().map((r) => r.path)).toEqual([
			`/api/v4/integration/users/by-employee-number/${PEOPLE.tagged}`,
			`/api/v4/integration/users/is-identity-deletable/${enc(identityId)}`,
		]);
	});
});
