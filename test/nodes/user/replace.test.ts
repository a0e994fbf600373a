import { jsonOf, onlyItem } from '../../harness/execute';
import { DEMO, useEmulator, runOperation } from '../../support/emulatorFixture';
import { byId, byNumber, enc, PEOPLE, person } from '../../support/people';

describe('User > Replace', () => {
	const fx = useEmulator();
	const required = {
		companyId: DEMO.companies.parent,
		firstName: 'Ola',
		lastName: 'Hansen-Berg',
		mobileWork: '+4791234568',
		birthDate: '02.11.1992',
		employmentStartDate: '2019-04-01',
	};

	it('by identity ID: looks the profile up, PUTs the complete user to the encoded identity path', async () => {
		const { identityId, companyProfileId } = person(fx, PEOPLE.worker);
		const result = await runOperation(fx, 'user', 'replace', {
			user: byId(identityId),
			employeeNumber: PEOPLE.worker,
			...required,
			fields: { department: 'Roads' },
		});
		expect(onlyItem(result)).toEqual(
			expect.objectContaining({
				identityId,
				companyProfileId,
				lastName: 'Hansen-Berg',
				department: 'Roads',
				workTitle: null,
				birthDate: '1992-11-02',
			}),
		);
		const [lookup, put] = fx.apiRequests();
		expect(lookup).toMatchObject({
			method: 'GET',
			path: '/api/v4/integration/users',
			query: { companyId: [DEMO.companies.parent] },
		});
		expect(put).toMatchObject({
			method: 'PUT',
			path: `/api/v4/integration/users/${enc(identityId)}`,
			status: 200,
		});
		expect(put.body).toEqual({
			...required,
			birthDate: '1992-11-02',
			employeeNumber: PEOPLE.worker,
			department: 'Roads',
			identityId,
			companyProfileId,
		});
	});

	it('by employee number: uses the by-employee-number lookup', async () => {
		const { identityId, companyProfileId } = person(fx, PEOPLE.worker);
		const result = await runOperation(fx, 'user', 'replace', {
			user: byNumber(PEOPLE.worker),
			employeeNumber: PEOPLE.worker,
			...required,
			fields: {},
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({ identityId, department: null });
		const [lookup, put] = fx.apiRequests();
		expect(lookup.path).toBe(`/api/v4/integration/users/by-employee-number/${PEOPLE.worker}`);
		expect(put.body).toMatchObject({ identityId, companyProfileId });
	});

	it('an identity not in that company is a clear error before any PUT', async () => {
		const result = await runOperation(fx, 'user', 'replace', {
			user: byId('auth0|nobody'),
			employeeNumber: '1',
			...required,
			fields: {},
		});
		expect(result.error?.message).toBe(
			`No user with identity ID "auth0|nobody" in company "${DEMO.companies.parent}"`,
		);
		expect(fx.apiRequests().map((r) => r.method)).toEqual(['GET']);
	});
});
