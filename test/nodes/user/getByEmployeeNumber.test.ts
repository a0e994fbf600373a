import { onlyItem } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { byNumber, enc, PEOPLE } from '../../support/people';

describe('User > Get by Employee Number', () => {
	const fx = useEmulator();

	it('gets the user, the number URL-encoded (/, ?, #, space, non-ASCII)', async () => {
		const result = await runOperation(fx, 'user', 'getByEmployeeNumber', {
			user: byNumber(PEOPLE.awkward),
		});
		expect(onlyItem(result)).toEqual(
			expect.objectContaining({
				employeeNumber: PEOPLE.awkward,
				firstName: 'Åse',
				lastName: 'Lund-Ødegård',
			}),
		);
		expect(callsOf(fx)).toEqual([
			`GET /api/v4/integration/users/by-employee-number/${enc(PEOPLE.awkward)} 200`,
		]);
		expect(fx.apiRequests()[0].path).toBe(
			'/api/v4/integration/users/by-employee-number/AB%2F12%20%233%3F%C3%B8',
		);
	});

	it('an unknown number is a 404 naming employeeNumber', async () => {
		const result = await runOperation(fx, 'user', 'getByEmployeeNumber', {
			user: byNumber('9999'),
		});
		expect(result.error?.message).toMatch(/HTTP 404.*employeeNumber/);
		expect(fx.apiRequests()[0].status).toBe(404);
	});
});
