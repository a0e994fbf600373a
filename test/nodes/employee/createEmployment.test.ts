import { jsonOf } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { byNumber, PEOPLE } from '../../support/people';

describe('Employee > Create Employment', () => {
	const fx = useEmulator();
	const day = (offset: number) => {
		const d = new Date(`${fx.emulator.ctx.sections.people.today()}T00:00:00Z`);
		d.setUTCDate(d.getUTCDate() + offset);
		return d.toISOString().slice(0, 10);
	};

	it('transition: the previous employment ends the day before the new start', async () => {
		const start = day(14);
		const result = await runOperation(fx, 'employee', 'createEmployment', {
			employee: byNumber(PEOPLE.worker),
			startDate: start,
			employmentFields: { department: 'Tunnels', payroll: 2, mainProjectNumber: 'P-1002' },
		});
		expect(result.error).toBeUndefined();
		const [employee] = jsonOf(result) as Array<Record<string, any>>;
		expect(employee.employmentHistory.current).toMatchObject({
			startDate: '2019-04-01T00:00:00Z',
			endDate: `${day(13)}T00:00:00Z`,
		});
		expect(employee.employmentHistory.upcoming).toEqual([
			expect.objectContaining({
				startDate: `${start}T00:00:00Z`,
				department: 'Tunnels',
				payroll: 2,
				mainProjectNumber: 'P-1002',
				endDate: null,
			}),
		]);
		const [post] = fx.apiRequests();
		expect(callsOf(fx)).toEqual([
			`POST /api/v5/integration/employees/${PEOPLE.worker}/create-employment 201`,
		]);
		expect(post.body).toEqual({
			startDate: start,
			department: 'Tunnels',
			payroll: 2,
			mainProjectNumber: 'P-1002',
		});
	});

	it('a start not after the current one is refused naming startDate', async () => {
		const result = await runOperation(fx, 'employee', 'createEmployment', {
			employee: byNumber(PEOPLE.worker),
			startDate: '2000-01-01',
		});
		expect(result.error?.message).toMatch(/HTTP 400.*startDate: /);
		expect(fx.apiRequests()[0].body).toEqual({ startDate: '2000-01-01' });
	});
});
