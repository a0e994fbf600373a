import { jsonOf } from '../../harness/execute';
import { callsOf, DEMO, runOperation, useEmulator } from '../../support/emulatorFixture';
import { newUserFields } from '../../support/people';

describe('User > Create', () => {
	const fx = useEmulator();

	it('posts the required and additional fields, dates normalised, tags as key/value pairs', async () => {
		const result = await runOperation(fx, 'user', 'create', {
			...newUserFields({ employmentStartDate: '2026-01-15' }),
			additionalFields: {
				email: 'eva.strand@example.com',
				payroll: false,
				employmentEndDate: '2026-12-31T00:00:00',
				tags: {
					tag: [
						{ key: 'shoeSize', value: '39' },
						{ key: 'union', value: 'Fellesforbundet' },
					],
				},
			},
		});
		expect(result.error).toBeUndefined();
		const [user] = jsonOf(result);
		expect(user).toMatchObject({
			employeeNumber: '7001',
			birthDate: '1990-02-01',
			employmentStartDate: '2026-01-15',
			employmentEndDate: '2026-12-31',
			payroll: false,
			tags: [
				{ key: 'shoeSize', value: '39' },
				{ key: 'union', value: 'Fellesforbundet' },
			],
		});
		expect(typeof user.identityId).toBe('string');
		expect(typeof user.companyProfileId).toBe('string');
		const [post] = fx.apiRequests();
		expect(callsOf(fx)).toEqual(['POST /api/v4/integration/users 201']);
		expect(post.body).toEqual({
			companyId: DEMO.companies.parent,
			employeeNumber: '7001',
			firstName: 'Eva',
			lastName: 'Strand',
			mobileWork: '+4790000001',
			birthDate: '1990-02-01',
			employmentStartDate: '2026-01-15',
			email: 'eva.strand@example.com',
			payroll: false,
			employmentEndDate: '2026-12-31',
			tags: [
				{ key: 'shoeSize', value: '39' },
				{ key: 'union', value: 'Fellesforbundet' },
			],
		});
	});

	it('surfaces the service refusing a duplicate employee number, naming the field', async () => {
		const result = await runOperation(
			fx,
			'user',
			'create',
			newUserFields({ employeeNumber: '1002', mobileWork: '+4790000009' }),
		);
		expect(result.error?.message).toMatch(
			/employeeNumber: A user with employeeNumber '1002' already exists/,
		);
		expect(result.items).toEqual([]);
		expect(fx.apiRequests()).toEqual([expect.objectContaining({ method: 'POST', status: 400 })]);
	});
});
