import { callsOf, useEmulator } from '../../support/emulatorFixture';
import { runListSearch } from '../../harness/nodeMethods';
import { PEOPLE, person } from '../../support/people';

describe('User pickers (list search)', () => {
	const fx = useEmulator();

	it.each([
		['searchUsersByIdentity', 'identityId'],
		['searchUsersByProfile', 'companyProfileId'],
		['searchUsersByNumber', 'employeeNumber'],
	] as const)(
		'%s offers users with the %s as value, filtered by number or name',
		async (method, key) => {
			const { results } = await runListSearch(method, fx.credentials, {}, 'olsen');
			expect(results).toEqual([
				{ name: '1003 · Per Olsen', value: person(fx, PEOPLE.withHistory)[key] },
			]);
			expect(callsOf(fx)).toEqual(['GET /api/v4/integration/users 200']);
		},
	);

	it('lists enabled users before disabled ones', async () => {
		const { results } = await runListSearch('searchUsersByNumber', fx.credentials, {});
		const names = results.map((r) => r.name);
		expect(names[names.length - 1]).toBe('1004 · Ingrid Berg (disabled)');
		expect(fx.apiRequests()).toHaveLength(1);
	});
});
