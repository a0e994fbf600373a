import { jsonOf } from '../../harness/execute';
import { useEmulator, runOperation } from '../../support/emulatorFixture';
import { PEOPLE } from '../../support/people';

describe('Employee > Search', () => {
	const fx = useEmulator();

	it('sends the query and returns the hits with hasActiveEmployment', async () => {
		const result = await runOperation(fx, 'employee', 'search', { query: 'Dahl', returnAll: true });
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ employeeNumber: PEOPLE.longGone, hasActiveEmployment: false }),
		]);
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: '/api/v5/integration/employees/search',
				query: { query: ['Dahl'] },
				status: 200,
			}),
		]);
	});

	it('finds by phone and non-ASCII names', async () => {
		const result = await runOperation(fx, 'employee', 'search', {
			query: 'ødegård',
			returnAll: true,
		});
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ employeeNumber: PEOPLE.awkward, hasActiveEmployment: true }),
		]);
		expect(fx.apiRequests()[0].search).toBe('query=%C3%B8deg%C3%A5rd');
	});

	it('an empty query stops before sending', async () => {
		const result = await runOperation(fx, 'employee', 'search', { query: '  ', returnAll: true });
		expect(result.error?.message).toBe('Query is empty');
		expect(fx.apiRequests()).toEqual([]);
	});
});
