import { jsonOf } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { byNumber, PEOPLE } from '../../support/people';

describe('Employee > Is Deletable', () => {
	const fx = useEmulator();

	it('returns isDeletable with the validation errors that block it', async () => {
		const result = await runOperation(fx, 'employee', 'isDeletable', {
			employee: byNumber(PEOPLE.foreman),
		});
		expect(jsonOf(result)).toEqual([
			{
				employeeNumber: PEOPLE.foreman,
				isDeletable: false,
				validationErrors: expect.arrayContaining([
					"Employee '1001' has time registrations.",
					"Employee '1001' is main foreman of project 'P-1001'.",
				]),
			},
		]);
		expect(callsOf(fx)).toEqual([
			`GET /api/v5/integration/employees/${PEOPLE.foreman}/deletable 200`,
		]);
	});

	it('true with no errors for a free employee', async () => {
		const result = await runOperation(fx, 'employee', 'isDeletable', {
			employee: byNumber(PEOPLE.longGone),
		});
		expect(jsonOf(result)).toEqual([
			{ employeeNumber: PEOPLE.longGone, isDeletable: true, validationErrors: [] },
		]);
		expect(fx.apiRequests()[0].path).toBe(
			`/api/v5/integration/employees/${PEOPLE.longGone}/deletable`,
		);
	});
});
