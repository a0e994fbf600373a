import { jsonOf } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { byId, enc, newPerson, PEOPLE, person } from '../../support/people';

describe('User > Delete', () => {
	const fx = useEmulator();

	it('a 409 (changed during the delete) says to reload, not to retry blindly', async () => {
		const { identityId } = person(fx, PEOPLE.awkward);
		fx.emulator.ctx.sections.people.simulateConcurrentChange(identityId);
		const result = await runOperation(fx, 'user', 'delete', { user: byId(identityId) });
		expect(result.error?.message).toMatch(
			/HTTP 409.*identityId: User .* was changed while it was being deleted/,
		);
		expect(result.error?.description).toMatch(
			/Reload the record and try again; do not retry blindly/,
		);
		expect(callsOf(fx)).toEqual([`DELETE /api/v4/integration/users/${enc(identityId)} 409`]);
	});

	it('deletes by the URL-encoded identity id; 204 becomes a success item', async () => {
		// Its own person, so the seeded one stays for the 409 case whatever the order.
		const { identityId } = newPerson(fx);
		expect(identityId).not.toBe(enc(identityId));
		const result = await runOperation(fx, 'user', 'delete', { user: byId(identityId) });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			{ success: true, deleted: true, resource: 'user', identityId },
		]);
		expect(callsOf(fx)).toEqual([`DELETE /api/v4/integration/users/${enc(identityId)} 204`]);
		expect(fx.emulator.ctx.sections.people.byIdentity(identityId)).toEqual([]);
	});

	it('a user still referenced (foreman with time registrations) is refused with the reason', async () => {
		const { identityId } = person(fx, PEOPLE.foreman);
		const result = await runOperation(fx, 'user', 'delete', { user: byId(identityId) });
		expect(result.error?.message).toMatch(/HTTP 400.*identityId: .*time registrations/);
		expect(fx.apiRequests()[0].status).toBe(400);
	});
});
