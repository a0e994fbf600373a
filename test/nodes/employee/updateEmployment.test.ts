import { jsonOf } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { byNumber, PEOPLE } from '../../support/people';

describe('Employee > Update Employment', () => {
	const fx = useEmulator();

	it('PATCHes the current employment: set fields and cleared ones, the rest stay', async () => {
		const result = await runOperation(fx, 'employee', 'updateEmployment', {
			employee: byNumber(PEOPLE.tagged),
			employmentUpdateFields: { department: 'Bridges', payroll: 0 },
			employmentFieldsToClear: ['mainProjectNumber'],
		});
		expect(result.error).toBeUndefined();
		expect((jsonOf(result)[0] as Record<string, any>).employment).toMatchObject({
			department: 'Bridges',
			payroll: 0,
			mainProjectNumber: null,
			startDate: '2019-05-01T00:00:00Z',
		});
		const [patch] = fx.apiRequests();
		expect(callsOf(fx)).toEqual([
			`PATCH /api/v5/integration/employees/${PEOPLE.tagged}/update-employment 200`,
		]);
		expect(patch.body).toEqual({ department: 'Bridges', payroll: 0, mainProjectNumber: null });
	});

	it('without an active employment the service refuses', async () => {
		const result = await runOperation(fx, 'employee', 'updateEmployment', {
			employee: byNumber(PEOPLE.longGone),
			employmentUpdateFields: { department: 'x' },
			employmentFieldsToClear: [],
		});
		expect(result.error?.message).toMatch(/HTTP 400.*no active employment/);
		expect(fx.apiRequests()[0].status).toBe(400);
	});
});
