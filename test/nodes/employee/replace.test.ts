import { onlyItem } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { byNumber, PEOPLE, person } from '../../support/people';

describe('Employee > Replace', () => {
	const fx = useEmulator();

	it('PUTs all profile fields; fields left out are cleared, employments kept', async () => {
		const before = person(fx, PEOPLE.tagged).employments.length;
		const result = await runOperation(fx, 'employee', 'replace', {
			employee: byNumber(PEOPLE.tagged),
			firstName: 'Lars',
			lastName: 'Æsøy',
			birthDate: '09.09.1990',
			fields: { address: 'Kaigata 1, 5016 Bergen' },
		});
		expect(onlyItem(result)).toEqual(
			expect.objectContaining({
				address: 'Kaigata 1, 5016 Bergen',
				workTitle: null,
				email: null,
				phone: '+4791234571',
				birthDate: '1990-09-09T00:00:00Z',
			}),
		);
		const [put] = fx.apiRequests();
		expect(callsOf(fx)).toEqual([`PUT /api/v5/integration/employees/${PEOPLE.tagged} 200`]);
		expect(put.body).toEqual({
			firstName: 'Lars',
			lastName: 'Æsøy',
			birthDate: '1990-09-09',
			address: 'Kaigata 1, 5016 Bergen',
		});
		expect(person(fx, PEOPLE.tagged).employments).toHaveLength(before);
	});
});
