import { executeNode, jsonOf } from '../../harness/execute';
import { useEmulator } from '../../support/emulatorFixture';
import { byNumber, enc, PEOPLE } from '../../support/people';

describe('Employee > Delete', () => {
	const fx = useEmulator();

	it('deletes by encoded number; 204 becomes a success item', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { resource: 'employee', operation: 'delete', employee: byNumber(PEOPLE.awkward) },
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			{ success: true, deleted: true, resource: 'employee', employeeNumber: PEOPLE.awkward },
		]);
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'DELETE',
				path: `/api/v5/integration/employees/${enc(PEOPLE.awkward)}`,
				status: 204,
			}),
		]);
	});

	it('deleting again is a 404 naming employeeNumber', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { resource: 'employee', operation: 'delete', employee: byNumber(PEOPLE.awkward) },
		});
		expect(result.error?.message).toMatch(
			/HTTP 404.*employeeNumber: Employee 'AB\/12 #3\?ø' was not found/,
		);
		expect(fx.apiRequests()[0].status).toBe(404);
	});

	it('an employee with time registrations is refused with the reason', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { resource: 'employee', operation: 'delete', employee: byNumber(PEOPLE.tagged) },
		});
		expect(result.error?.message).toMatch(/HTTP 400.*has time registrations.*EmployeeNotDeletable/);
		expect(fx.apiRequests()[0].status).toBe(400);
	});
});
