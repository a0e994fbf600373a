import { onlyItem } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { byNumber, PEOPLE, person } from '../../support/people';

describe('Employee > Enable', () => {
	const fx = useEmulator();

	it('transition disabled -> enabled returns the updated employee', async () => {
		expect(person(fx, PEOPLE.recentlyLeft).isDisabled).toBe(true);
		const result = await runOperation(fx, 'employee', 'enable', {
			employee: byNumber(PEOPLE.recentlyLeft),
		});
		expect(onlyItem(result)).toEqual(
			expect.objectContaining({ employeeNumber: PEOPLE.recentlyLeft, isDisabled: false }),
		);
		expect(callsOf(fx)).toEqual([
			`PATCH /api/v5/integration/employees/${PEOPLE.recentlyLeft}/enable 200`,
		]);
		expect(person(fx, PEOPLE.recentlyLeft).isDisabled).toBe(false);
	});

	it('an unknown employee is a 404 naming employeeNumber', async () => {
		const result = await runOperation(fx, 'employee', 'enable', { employee: byNumber('nobody') });
		expect(result.error?.message).toMatch(/HTTP 404.*employeeNumber/);
		expect(fx.apiRequests()[0].path).toBe('/api/v5/integration/employees/nobody/enable');
	});
});
