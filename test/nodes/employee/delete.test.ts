import { jsonOf } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { byNumber, enc, newPerson, PEOPLE } from '../../support/people';

describe('Employee > Delete', () => {
	const fx = useEmulator();
	const deleteEmployee = (employeeNumber: string) =>
		runOperation(fx, 'employee', 'delete', { employee: byNumber(employeeNumber) });

	it('deletes by encoded number; 204 becomes a success item', async () => {
		// Its own person, with the characters of the seeded awkward number that need encoding.
		const { employeeNumber } = newPerson(fx, { employeeNumber: 'CD/34 #5?æ' });
		const result = await deleteEmployee(employeeNumber);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			{ success: true, deleted: true, resource: 'employee', employeeNumber },
		]);
		expect(callsOf(fx)).toEqual([
			`DELETE /api/v5/integration/employees/${enc(employeeNumber)} 204`,
		]);
	});

	it('deleting again is a 404 naming employeeNumber', async () => {
		const { employeeNumber } = newPerson(fx, { employeeNumber: 'EF/56 #7?ø' });
		expect((await deleteEmployee(employeeNumber)).error).toBeUndefined();
		fx.mark();
		const result = await deleteEmployee(employeeNumber);
		expect(result.error?.message).toMatch(
			/HTTP 404.*employeeNumber: Employee 'EF\/56 #7\?ø' was not found/,
		);
		expect(fx.apiRequests()[0].status).toBe(404);
	});

	it('an employee with time registrations is refused with the reason', async () => {
		const result = await deleteEmployee(PEOPLE.tagged);
		expect(result.error?.message).toMatch(/HTTP 400.*has time registrations.*EmployeeNotDeletable/);
		expect(fx.apiRequests()[0].status).toBe(400);
	});
});
