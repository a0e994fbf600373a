import { jsonOf } from '../../harness/execute';
import { callsOf, DEMO, runOperation, useEmulator } from '../../support/emulatorFixture';
import { byNumber, enc, fromList, PEOPLE } from '../../support/people';

describe('Employee > Get', () => {
	const fx = useEmulator();

	it('without options: no include query, no extra parts', async () => {
		const result = await runOperation(fx, 'employee', 'get', {
			employee: fromList(PEOPLE.withHistory),
		});
		expect(result.error).toBeUndefined();
		const [employee] = jsonOf(result);
		expect(employee).toMatchObject({
			employeeNumber: PEOPLE.withHistory,
			firstName: 'Per',
			hasActiveEmployment: true,
		});
		expect(employee).not.toHaveProperty('employmentHistory');
		expect(employee).not.toHaveProperty('tags');
		expect(callsOf(fx)).toEqual([`GET /api/v5/integration/employees/${PEOPLE.withHistory} 200`]);
	});

	it('sends the includes comma-separated and groups the employment history', async () => {
		const result = await runOperation(fx, 'employee', 'get', {
			employee: byNumber(PEOPLE.withHistory),
			options: { include: ['tags', 'work-time-arrangements', 'employment-history'] },
		});
		const [employee] = jsonOf(result) as Array<Record<string, any>>;
		expect(employee.tags).toEqual([]);
		expect(employee.workTimeArrangements).toEqual([
			expect.objectContaining({ name: 'Standard 37.5h' }),
		]);
		expect(employee.employmentHistory.current).toMatchObject({
			startDate: '2018-01-01T00:00:00Z',
			department: 'Roads',
		});
		expect(employee.employmentHistory.upcoming).toEqual([
			expect.objectContaining({ department: 'Tunnels', payroll: 2 }),
		]);
		expect(employee.employmentHistory.historical).toEqual([
			expect.objectContaining({
				startDate: '2012-01-01T00:00:00Z',
				endDate: '2017-12-31T00:00:00Z',
			}),
		]);
		expect(fx.apiRequests()[0].query).toEqual({
			include: ['tags,work-time-arrangements,employment-history'],
		});
	});

	it('a subsidiary employee needs includeEmployeesFromSubsidiaries', async () => {
		const without = await runOperation(fx, 'employee', 'get', {
			employee: byNumber(PEOPLE.subsidiaryOnly),
		});
		expect(without.error?.message).toMatch(
			/HTTP 404.*employeeNumber: Employee '2001' was not found/,
		);
		fx.mark();
		const withSubs = await runOperation(fx, 'employee', 'get', {
			employee: byNumber(PEOPLE.subsidiaryOnly),
			options: { includeEmployeesFromSubsidiaries: true },
		});
		expect(jsonOf(withSubs)).toEqual([
			expect.objectContaining({
				employeeNumber: PEOPLE.subsidiaryOnly,
				companyId: DEMO.companies.subsidiary,
			}),
		]);
		expect(fx.apiRequests()[0].query).toEqual({ includeEmployeesFromSubsidiaries: ['true'] });
	});

	it('encodes an employee number with /, ?, #, space and non-ASCII', async () => {
		const result = await runOperation(fx, 'employee', 'get', {
			employee: byNumber(PEOPLE.awkward),
		});
		expect(jsonOf(result)).toEqual([expect.objectContaining({ employeeNumber: PEOPLE.awkward })]);
		expect(fx.apiRequests()[0].path).toBe(`/api/v5/integration/employees/${enc(PEOPLE.awkward)}`);
	});
});
