import { jsonOf } from '../../harness/execute';
import { callsOf, DEMO, runOperation, useEmulator } from '../../support/emulatorFixture';

describe('Employee > Create', () => {
	const fx = useEmulator();

	it('posts the profile with its first employment (payroll as integer) and returns the full employee', async () => {
		const result = await runOperation(fx, 'employee', 'create', {
			employeeNumber: '8001',
			firstName: 'Jon',
			lastName: 'Berg',
			phone: '+4790000002',
			birthDate: '1991-03-04T00:00:00',
			employmentStartDate: '2026-01-01T00:00:00',
			employment: { department: 'Tunnels', payroll: 2 },
			additionalFields: { email: 'jon.berg@example.com', workCardExpirationDate: '31.12.2027' },
		});
		expect(result.error).toBeUndefined();
		const [employee] = jsonOf(result);
		expect(employee).toMatchObject({
			employeeNumber: '8001',
			companyId: DEMO.companies.parent,
			birthDate: '1991-03-04T00:00:00Z',
			workCardExpirationDate: '2027-12-31T00:00:00Z',
			employment: {
				startDate: '2026-01-01T00:00:00Z',
				endDate: null,
				department: 'Tunnels',
				payroll: 2,
				companyName: 'Nordlys Bygg AS',
			},
		});
		expect(employee.tags).toBeUndefined();
		const [post] = fx.apiRequests();
		expect(callsOf(fx)).toEqual(['POST /api/v5/integration/employees 201']);
		expect(post.body).toEqual({
			employeeNumber: '8001',
			firstName: 'Jon',
			lastName: 'Berg',
			phone: '+4790000002',
			birthDate: '1991-03-04',
			employment: { startDate: '2026-01-01', department: 'Tunnels', payroll: 2 },
			email: 'jon.berg@example.com',
			workCardExpirationDate: '2027-12-31',
		});
	});

	it('an employee number used anywhere in the company structure is refused, naming the field', async () => {
		const result = await runOperation(fx, 'employee', 'create', {
			employeeNumber: '2001',
			firstName: 'Dup',
			lastName: 'Licate',
			phone: '+4790000003',
			birthDate: '1991-03-04',
			employmentStartDate: '2026-01-01',
		});
		expect(result.error?.message).toMatch(
			/HTTP 400.*employeeNumber: .*already exists in the company structure.*DuplicateEmployeeNumber/,
		);
		expect(fx.apiRequests()[0].status).toBe(400);
	});
});
