import { callsOf, useEmulator } from '../../support/emulatorFixture';
import { runListSearch } from '../../harness/nodeMethods';
import { PEOPLE } from '../../support/people';

describe('Employee picker (list search)', () => {
	const fx = useEmulator();

	it('without a filter lists the employees, value = employee number', async () => {
		const { results } = await runListSearch('searchEmployees', fx.credentials, {});
		expect(results).toEqual(
			expect.arrayContaining([
				{ name: `${PEOPLE.awkward} · Åse Lund-Ødegård`, value: PEOPLE.awkward },
			]),
		);
		expect(callsOf(fx)).toEqual(['GET /api/v5/integration/employees 200']);
	});

	it("with a filter uses the service's free-text search", async () => {
		const { results } = await runListSearch('searchEmployees', fx.credentials, {}, 'Æsøy');
		expect(results).toEqual([{ name: '1005 · Lars Æsøy', value: PEOPLE.tagged }]);
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({
				path: '/api/v5/integration/employees/search',
				query: { query: ['Æsøy'] },
				status: 200,
			}),
		]);
	});
});
