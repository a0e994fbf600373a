import { jsonOf } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { PEOPLE } from '../../support/people';

describe('Employee > Get Many', () => {
	const fx = useEmulator();
	const numbers = (items: Array<Record<string, unknown>>) => items.map((e) => e.employeeNumber);

	it('lists own company employees only by default', async () => {
		const result = await runOperation(fx, 'employee', 'getAll', { returnAll: true });
		expect(numbers(jsonOf(result))).toEqual(
			expect.arrayContaining([PEOPLE.foreman, PEOPLE.tagged]),
		);
		expect(numbers(jsonOf(result))).not.toContain(PEOPLE.subsidiaryOnly);
		expect(jsonOf(result)[0]).not.toHaveProperty('tags');
		expect(callsOf(fx)).toEqual(['GET /api/v5/integration/employees 200']);
	});

	it('includes subsidiaries, tags and the number filter when asked', async () => {
		const all = await runOperation(fx, 'employee', 'getAll', {
			returnAll: true,
			options: { includeEmployeesFromSubsidiaries: true, include: ['tags'] },
		});
		expect(numbers(jsonOf(all))).toEqual(
			expect.arrayContaining([PEOPLE.subsidiaryOnly, PEOPLE.withHistoryInSubsidiary]),
		);
		expect(jsonOf(all).find((e) => e.employeeNumber === PEOPLE.tagged)?.tags).toHaveLength(3);
		expect(fx.apiRequests()[0].query).toEqual({
			include: ['tags'],
			includeEmployeesFromSubsidiaries: ['true'],
		});
		fx.mark();
		const one = await runOperation(fx, 'employee', 'getAll', {
			returnAll: false,
			limit: 5,
			options: { employeeNumber: PEOPLE.awkward },
		});
		expect(numbers(jsonOf(one))).toEqual([PEOPLE.awkward]);
		expect(fx.apiRequests()[0].query).toEqual({ employeeNumber: [PEOPLE.awkward] });
	});

	it('applies the limit', async () => {
		const result = await runOperation(fx, 'employee', 'getAll', { returnAll: false, limit: 2 });
		expect(jsonOf(result)).toHaveLength(2);
		expect(fx.apiRequests()).toHaveLength(1);
	});
});
