import { jsonOf, onlyItem } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { byId, byNumber, enc, PEOPLE, person } from '../../support/people';

describe('User > Update', () => {
	const fx = useEmulator();

	it('PATCHes only the set fields to the company profile id path', async () => {
		const { companyProfileId } = person(fx, PEOPLE.worker);
		const result = await runOperation(fx, 'user', 'update', {
			user: byId(companyProfileId),
			updateFields: { workTitle: 'Site lead', cardExpirationDate: '31.12.2027' },
		});
		expect(onlyItem(result)).toEqual(
			expect.objectContaining({
				workTitle: 'Site lead',
				cardExpirationDate: '2027-12-31',
				firstName: 'Ola',
			}),
		);
		const [patch] = fx.apiRequests();
		expect(callsOf(fx)).toEqual([`PATCH /api/v4/integration/users/${enc(companyProfileId)} 200`]);
		expect(patch.body).toEqual({ workTitle: 'Site lead', cardExpirationDate: '2027-12-31' });
	});

	it('by employee number: looks the profile id up first', async () => {
		const { companyProfileId } = person(fx, PEOPLE.tagged);
		const result = await runOperation(fx, 'user', 'update', {
			user: byNumber(PEOPLE.tagged),
			updateFields: { tags: { tag: [{ key: 'crew', value: 'B' }] } },
		});
		expect(jsonOf(result)[0].tags).toEqual([{ key: 'crew', value: 'B' }]);
		const [lookup, patch] = fx.apiRequests();
		expect(lookup.path).toBe(`/api/v4/integration/users/by-employee-number/${PEOPLE.tagged}`);
		expect(patch).toMatchObject({
			path: `/api/v4/integration/users/${enc(companyProfileId)}`,
			body: { tags: [{ key: 'crew', value: 'B' }] },
		});
	});

	it('without fields it stops before sending', async () => {
		const result = await runOperation(fx, 'user', 'update', { user: byId('x'), updateFields: {} });
		expect(result.error?.message).toBe('No fields to update');
		expect(fx.apiRequests()).toEqual([]);
	});
});
