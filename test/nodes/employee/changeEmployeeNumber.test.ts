import { onlyItem } from '../../harness/execute';
import { useEmulator, runOperation } from '../../support/emulatorFixture';
import { byNumber, enc, PEOPLE } from '../../support/people';

describe('Employee > Change Employee Number', () => {
	const fx = useEmulator();

	it('sends newEmployeeNumber to the old number path', async () => {
		const result = await runOperation(fx, 'employee', 'changeEmployeeNumber', {
			employee: byNumber(PEOPLE.awkward),
			newEmployeeNumber: 'AB-12',
		});
		expect(onlyItem(result)).toEqual(
			expect.objectContaining({ employeeNumber: 'AB-12', firstName: 'Åse' }),
		);
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'PATCH',
				path: `/api/v5/integration/employees/${enc(PEOPLE.awkward)}/change-employee-number`,
				status: 200,
				body: { newEmployeeNumber: 'AB-12' },
			}),
		]);
	});

	it('a number used in a subsidiary is refused naming newEmployeeNumber', async () => {
		const result = await runOperation(fx, 'employee', 'changeEmployeeNumber', {
			employee: byNumber(PEOPLE.worker),
			newEmployeeNumber: PEOPLE.subsidiaryOnly,
		});
		expect(result.error?.message).toMatch(/HTTP 400.*newEmployeeNumber: .*DuplicateEmployeeNumber/);
		expect(fx.apiRequests()[0].status).toBe(400);
	});
});
